import { LocalOutboxNote } from '../../components/auth/local-outbox-note';
import { ResendConfirmation } from '../../components/auth/resend-confirmation';

/** After sign-up: the account signs in through the link mailed to it. */
export function CheckEmail({ email }: { email: string }) {
  return (
    <div className="space-y-4">
      <p className="text-ink">
        We sent a message to <strong className="font-semibold wrap-anywhere">{email}</strong>. Open the link in it to confirm your address
        and sign in; it works for one hour.
      </p>
      <p className="text-sm text-muted">
        If that address already has an account, the message tells you how to sign in instead. Nothing there? Check your spam folder, or send
        the link again.
      </p>
      <LocalOutboxNote to={email} />
      <ResendConfirmation email={email} variant="secondary" outboxNote={false} />
    </div>
  );
}
