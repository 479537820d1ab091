import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { emailSchema } from '../../../shared/accounts';
import { authCall, authClient } from '../../lib/auth-client';
import { FormAlert, FormStatus } from '../forms/form-messages';
import { SubmitButton } from '../forms/submit-button';
import { TextField } from '../forms/text-field';

interface EmailLinkFormProps {
  /** Where the link signs the user in to; already checked with `safeNext`. */
  next: string;
  idPrefix?: string;
}

/** Asks for a one-time sign-in link by e-mail. */
export function EmailLinkForm({ next, idPrefix = 'email-link' }: EmailLinkFormProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: (address: string) => authCall(authClient.signIn.magicLink({ email: address, callbackURL: next })),
  });
  const emailId = `${idPrefix}-email`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      document.getElementById(emailId)?.focus();
      return;
    }
    setError(undefined);
    send.mutate(parsed.data);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        id={emailId}
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={email}
        onValueChange={setEmail}
        error={error}
        required
      />
      <FormAlert>{send.error?.message}</FormAlert>
      <FormStatus>
        {send.isSuccess &&
          `Check your inbox: we sent a sign-in link to ${send.variables}. It works once and expires in 5 minutes.`}
      </FormStatus>
      <SubmitButton pending={send.isPending} className="w-full">
        Send sign-in link
      </SubmitButton>
    </form>
  );
}
