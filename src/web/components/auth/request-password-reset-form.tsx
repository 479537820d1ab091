import { pathOf } from '../../../shared/routes';
import { authCall, authClient } from '../../lib/auth-client';
import { EmailRequestForm } from './email-request-form';

/** Asks for a password-reset link. The answer never tells whether the address has an account. */
export function RequestPasswordResetForm({ idPrefix = 'reset' }: { idPrefix?: string }) {
  return (
    <EmailRequestForm
      idPrefix={idPrefix}
      submitLabel="Send reset link"
      request={(email) => authCall(authClient.requestPasswordReset({ email, redirectTo: pathOf('reset-password') }))}
      sentMessage={() => 'If an account exists for that e-mail, we sent a link to reset the password.'}
    />
  );
}
