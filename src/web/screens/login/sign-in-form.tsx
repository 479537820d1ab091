import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { emailSchema } from '../../../shared/accounts';
import { LocalOutboxNote } from '../../components/auth/local-outbox-note';
import { FormAlert } from '../../components/forms/form-messages';
import { SubmitButton } from '../../components/forms/submit-button';
import { EmailField, TextField } from '../../components/forms/text-field';
import { linkButtonStyle } from '../../components/styles';
import { AuthError, authCall, authClient } from '../../lib/auth-client';
import { useFormFields } from '../../lib/use-form-fields';

const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'Enter your password' }),
});

type Field = keyof z.infer<typeof signInSchema>;
const fieldOrder: Field[] = ['email', 'password'];
const idOf = (field: Field) => `sign-in-${field}`;

interface SignInFormProps {
  onSignedIn: () => Promise<void>;
  onForgotPassword: () => void;
}

const needsConfirmation = (error: Error | null) => error instanceof AuthError && error.code === 'EMAIL_NOT_VERIFIED';

function signInErrorMessage(error: Error, email: string): string {
  if (needsConfirmation(error)) {
    return `Please confirm your e-mail address first. We sent a new confirmation link to ${email}: open it to sign in.`;
  }
  return error.message;
}

export function SignInForm({ onSignedIn, onForgotPassword }: SignInFormProps) {
  const { values, errors, change, validate } = useFormFields<Field>({
    schema: signInSchema,
    initial: { email: '', password: '' },
    order: fieldOrder,
    idOf,
  });
  const signIn = useMutation({
    mutationFn: async (credentials: z.infer<typeof signInSchema>) => {
      await authCall(authClient.signIn.email(credentials));
      await onSignedIn();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!validate()) return;
    signIn.mutate(signInSchema.parse(values));
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <EmailField id={idOf('email')} value={values.email} onValueChange={change('email')} error={errors.email} />
      <TextField
        id={idOf('password')}
        label="Password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onValueChange={change('password')}
        error={errors.password}
        required
      />
      {/* After the password, not beside its label: Tab goes from e-mail to password. */}
      <div className="-mt-2 text-right">
        <button type="button" onClick={onForgotPassword} className={`${linkButtonStyle} text-sm`}>
          Forgot password?
        </button>
      </div>
      <FormAlert>{signIn.error && signInErrorMessage(signIn.error, signIn.variables.email)}</FormAlert>
      {signIn.variables && needsConfirmation(signIn.error) && <LocalOutboxNote to={signIn.variables.email} />}
      <SubmitButton pending={signIn.isPending} className="w-full">
        Sign in
      </SubmitButton>
    </form>
  );
}
