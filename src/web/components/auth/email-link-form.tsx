import { authCall, authClient } from '../../lib/auth-client';
import { EmailRequestForm } from './email-request-form';

interface EmailLinkFormProps {
  /** Where the link signs the user in to; already checked with `safeNext`. */
  next: string;
  idPrefix?: string;
}

/** Asks for a one-time sign-in link by e-mail. */
export function EmailLinkForm({ next, idPrefix = 'email-link' }: EmailLinkFormProps) {
  return (
    <EmailRequestForm
      idPrefix={idPrefix}
      submitLabel="Send sign-in link"
      request={(email) => authCall(authClient.signIn.magicLink({ email, callbackURL: next }))}
      sentMessage={(email) => `Check your inbox: we sent a sign-in link to ${email}. It works once and expires in 5 minutes.`}
    />
  );
}
