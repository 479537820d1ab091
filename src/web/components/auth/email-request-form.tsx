import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { emailSchema } from '../../../shared/accounts';
import { FormAlert, FormStatus } from '../forms/form-messages';
import { SubmitButton } from '../forms/submit-button';
import { EmailField } from '../forms/text-field';
import { LocalOutboxNote } from './local-outbox-note';

interface EmailRequestFormProps {
  idPrefix: string;
  submitLabel: string;
  /** Sends the request for a valid address; rejects with a message to show. */
  request: (email: string) => Promise<unknown>;
  /** What to tell the user once it went out. */
  sentMessage: (email: string) => string;
}

/** One e-mail field that asks the server to mail something (a sign-in or reset link). */
export function EmailRequestForm({ idPrefix, submitLabel, request, sentMessage }: EmailRequestFormProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const send = useMutation({ mutationFn: request });
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
      <EmailField id={emailId} value={email} onValueChange={setEmail} error={error} />
      <FormAlert>{send.error?.message}</FormAlert>
      <FormStatus>{send.isSuccess && sentMessage(send.variables)}</FormStatus>
      {send.isSuccess && <LocalOutboxNote to={send.variables} />}
      <SubmitButton pending={send.isPending} className="w-full">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
