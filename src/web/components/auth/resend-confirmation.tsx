import { useMutation } from '@tanstack/react-query';
import { pathOf } from '../../../shared/routes';
import { authCall, authClient } from '../../lib/auth-client';
import { FormAlert, FormStatus } from '../forms/form-messages';
import { Spinner } from '../forms/submit-button';
import { buttonStyles } from '../styles';

interface ResendConfirmationProps {
  email: string;
  variant?: 'primary' | 'secondary';
}

/** Sends the e-mail confirmation link again; it lands on /verify-email. */
export function ResendConfirmation({ email, variant = 'primary' }: ResendConfirmationProps) {
  const resend = useMutation({
    mutationFn: () => authCall(authClient.sendVerificationEmail({ email, callbackURL: pathOf('verify-email') })),
  });
  return (
    <div className="space-y-4">
      <FormStatus>{resend.isSuccess && `We sent a new confirmation link to ${email}.`}</FormStatus>
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
