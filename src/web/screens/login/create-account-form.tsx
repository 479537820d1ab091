import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { displayNameSchema, emailSchema } from '../../../shared/accounts';
import { pathOf } from '../../../shared/routes';
import { FormAlert } from '../../components/forms/form-messages';
import { NewPasswordField } from '../../components/forms/password-field';
import { SubmitButton } from '../../components/forms/submit-button';
import { EmailField, TextField } from '../../components/forms/text-field';
import { authCall, authClient } from '../../lib/auth-client';
import { useFormFields } from '../../lib/use-form-fields';
import { usePasswordCheck } from '../../lib/use-password-check';

const detailsSchema = z.object({ name: displayNameSchema, email: emailSchema });

type Field = 'name' | 'email' | 'password';
const fieldOrder: Field[] = ['name', 'email', 'password'];
const idOf = (field: Field) => `create-account-${field}`;

/** Creates a password account; it signs in through the confirmation link mailed to it. */
export function CreateAccountForm({ onCreated }: { onCreated: (email: string) => void }) {
  const { values, errors, change, validate } = useFormFields<Field>({
    schema: detailsSchema,
    initial: { name: '', email: '', password: '' },
    order: fieldOrder,
    idOf,
  });
  const password = usePasswordCheck(values.password, [values.name, values.email]);
  const createAccount = useMutation({
    mutationFn: (account: { name: string; email: string; password: string }) =>
      authCall(authClient.signUp.email({ ...account, callbackURL: pathOf('verify-email') })),
    onSuccess: (_answer, account) => onCreated(account.email),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!validate()) return;
    if (!password.ok) return document.getElementById(idOf('password'))?.focus();
    createAccount.mutate({ ...detailsSchema.parse(values), password: values.password });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        id={idOf('name')}
        label="Name"
        autoComplete="name"
        value={values.name}
        onValueChange={change('name')}
        error={errors.name}
        hint="Shown with your reviews. You pick a unique username next."
        required
      />
      <EmailField id={idOf('email')} value={values.email} onValueChange={change('email')} error={errors.email} />
      <NewPasswordField
        id={idOf('password')}
        label="Password"
        value={values.password}
        onValueChange={change('password')}
        feedback={password}
        required
      />
      <FormAlert>{createAccount.error?.message}</FormAlert>
      <SubmitButton pending={createAccount.isPending} disabled={!password.ok} className="w-full">
        Create account
      </SubmitButton>
    </form>
  );
}
