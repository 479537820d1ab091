import { useMutation } from '@tanstack/react-query';
import { pathOf } from '../../../shared/routes';
import { authCall, authClient } from '../../lib/auth-client';
import { FormAlert, FormStatus } from '../forms/form-messages';
import { Spinner } from '../forms/submit-button';
import { buttonStyles } from '../styles';
import { LocalOutboxNote } from './local-outbox-note';

interface ResendConfirmationProps {
  email: string;
  variant?: 'primary' | 'secondary';
  /** Whether to say where the message went without a mail server (false where the screen says it already). */
  outboxNote?: boolean;
}

/** Sends the e-mail confirmation link again; it lands on /verify-email. */
export function ResendConfirmation({ email, variant = 'primary', outboxNote = true }: ResendConfirmationProps) {
  const resend = useMutation({
    mutationFn: () => authCall(authClient.sendVerificationEmail({ email, callbackURL: pathOf('verify-email') })),
  });
  return (
    <div className="space-y-4">
      <FormStatus>{resend.isSuccess && `We sent a new confirmation link to ${email}.`}</FormStatus>
      {resend.isSuccess && outboxNote && <LocalOutboxNote to={email} />}
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
