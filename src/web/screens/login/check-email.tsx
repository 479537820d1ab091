import { ResendConfirmation } from '../../components/auth/resend-confirmation';
import { textLinkStyle } from '../../components/styles';

/** After sign-up: the account signs in through the link mailed to it. */
export function CheckEmail({ email, localOutbox }: { email: string; localOutbox: boolean }) {
  return (
    <div className="space-y-4">
      <p className="text-ink">
        We sent a message to <strong className="font-semibold wrap-anywhere">{email}</strong>. Open the link in it to
        confirm your address and sign in; it works for one hour.
      </p>
      <p className="text-sm text-muted">
        If that address already has an account, the message tells you how to sign in instead. Nothing there? Check your
        spam folder, or send the link again.
      </p>
      {localOutbox && (
        <p className="text-sm text-muted">
          No mail server is set up here, so messages wait in the local outbox on the computer GameSource runs on:{' '}
          <a className={textLinkStyle} href={`/dev/outbox?to=${encodeURIComponent(email)}`}>
            open the local outbox
          </a>
          .
        </p>
      )}
      <ResendConfirmation email={email} variant="secondary" />
    </div>
  );
}
