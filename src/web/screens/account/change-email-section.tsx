import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { emailSchema, type SessionUser } from '../../../shared/accounts';
import { pathOf } from '../../../shared/routes';
import { FormAlert, FormStatus } from '../../components/forms/form-messages';
import { SubmitButton } from '../../components/forms/submit-button';
import { EmailField } from '../../components/forms/text-field';
import { authCall, authClient } from '../../lib/auth-client';
import { useRefreshAuth } from '../../lib/session';
import { AccountSection } from './account-section';

function doneMessage(user: SessionUser, newEmail: string, changedAlready: boolean): string {
  if (changedAlready) return `Your e-mail address is now ${newEmail}.`;
  if (user.emailVerified) {
    return `Check your inbox at ${user.email}: confirm the change with the link we sent. Then confirm ${newEmail} with the link we send to it.`;
  }
  return `Check your inbox at ${newEmail}: confirm the new address with the link we sent.`;
}

export function ChangeEmailSection({ user }: { user: SessionUser }) {
  const refresh = useRefreshAuth();
  const [newEmail, setNewEmail] = useState('');
  const [error, setError] = useState<string>();
  const change = useMutation({
    mutationFn: async (address: string) => {
      await authCall(authClient.changeEmail({ newEmail: address, callbackURL: pathOf('account') }));
      // An unconfirmed address changes at once; a confirmed one only after the mailed link.
      return (await refresh())?.email === address;
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(newEmail);
    let problem = parsed.success ? undefined : parsed.error.issues[0]?.message;
    if (parsed.success && parsed.data.toLowerCase() === user.email.toLowerCase()) {
      problem = 'That is already your e-mail address';
    }
    setError(problem);
    if (problem || !parsed.success) return document.getElementById('new-email')?.focus();
    change.mutate(parsed.data);
  };

  const done = change.isSuccess ? doneMessage(user, change.variables, change.data) : undefined;

  return (
    <AccountSection
      id="email"
      title="E-mail address"
      intro={`We write to ${user.email.endsWith('.invalid') ? 'you' : user.email} about your account.`}
    >
      <form noValidate onSubmit={submit} className="max-w-md space-y-4">
        <EmailField id="new-email" label="New e-mail" value={newEmail} onValueChange={setNewEmail} error={error} />
        <FormAlert>{change.error?.message}</FormAlert>
        <FormStatus>{done}</FormStatus>
        <SubmitButton pending={change.isPending}>Change e-mail</SubmitButton>
      </form>
    </AccountSection>
  );
}
