import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { emailSchema } from '../../../shared/accounts';
import { pathOf } from '../../../shared/routes';
import { authCall, authClient } from '../../lib/auth-client';
import { FormAlert, FormStatus } from '../forms/form-messages';
import { SubmitButton } from '../forms/submit-button';
import { TextField } from '../forms/text-field';

/** Asks for a password-reset link. The answer never tells whether the address has an account. */
export function RequestPasswordResetForm({ idPrefix = 'reset' }: { idPrefix?: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: (address: string) =>
      authCall(authClient.requestPasswordReset({ email: address, redirectTo: pathOf('reset-password') })),
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
        {send.isSuccess && 'If an account exists for that e-mail, we sent a link to reset the password.'}
      </FormStatus>
      <SubmitButton pending={send.isPending} className="w-full">
        Send reset link
      </SubmitButton>
    </form>
  );
}
