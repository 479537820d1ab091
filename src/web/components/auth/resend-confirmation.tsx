import { useMutation } from '@tanstack/react-query';
import type { SessionUser } from '../../../shared/accounts';
import { pathOf } from '../../../shared/routes';
import { authCall, authClient } from '../../lib/auth-client';
import { FormAlert, FormStatus } from '../forms/form-messages';
import { Spinner } from '../forms/submit-button';
import { buttonStyles } from '../styles';

/** Sends the e-mail confirmation link again; it lands on /verify-email. */
export function ResendConfirmation({ user, variant = 'primary' }: { user: SessionUser; variant?: 'primary' | 'secondary' }) {
  const resend = useMutation({
    mutationFn: () =>
      authCall(authClient.sendVerificationEmail({ email: user.email, callbackURL: pathOf('verify-email') })),
  });
  return (
    <div className="space-y-4">
      <FormStatus>{resend.isSuccess && `We sent a new confirmation link to ${user.email}.`}</FormStatus>
      <FormAlert>{resend.error?.message}</FormAlert>
      <button
        type="button"
        onClick={() => resend.mutate()}
        disabled={resend.isPending || resend.isSuccess}
        className={`${buttonStyles[variant]} ${variant === 'primary' ? 'w-full' : ''}`}
      >
        {resend.isPending && <Spinner />}
        Send a new confirmation link
      </button>
    </div>
  );
}
