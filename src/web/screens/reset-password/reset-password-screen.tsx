import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { AuthCard } from '../../components/auth/auth-card';
import { RequestPasswordResetForm } from '../../components/auth/request-password-reset-form';
import { FormAlert, FormStatus } from '../../components/forms/form-messages';
import { NewPasswordField } from '../../components/forms/password-field';
import { SubmitButton } from '../../components/forms/submit-button';
import { buttonStyles } from '../../components/styles';
import { AuthError, authCall, authClient } from '../../lib/auth-client';
import { refreshAuth } from '../../lib/session';
import { usePasswordCheck } from '../../lib/use-password-check';

const INVALID_LINK = 'This reset link has already been used or has expired.';

const isInvalidToken = (error: Error | null) =>
  error instanceof AuthError && (error.code === 'INVALID_TOKEN' || /token/i.test(error.message));

export default function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const [password, setPassword] = useState('');
  const feedback = usePasswordCheck(password);
  const client = useQueryClient();
  const reset = useMutation({
    mutationFn: (newPassword: string) => authCall(authClient.resetPassword({ newPassword, token: token ?? '' })),
    // A reset signs every device out, this one included.
    onSuccess: () => refreshAuth(client).catch(() => undefined),
  });

  if (!token || linkError || isInvalidToken(reset.error)) {
    return (
      <AuthCard title="This link did not work" intro="Ask for a new link below; it works once and expires in an hour.">
        <div className="space-y-6">
          <FormAlert>{INVALID_LINK}</FormAlert>
          <RequestPasswordResetForm />
        </div>
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed" focusOnTitleChange>
        <FormStatus>Your password has been changed. Sign in with your new password.</FormStatus>
        <Link to={pathOf('login')} className={`${buttonStyles.primary} mt-6 w-full`}>
          Go to sign in
        </Link>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!feedback.ok) return document.getElementById('new-password')?.focus();
    reset.mutate(password);
  };

  return (
    <AuthCard title="Choose a new password" intro="For safety, every device signed in to your account is signed out.">
      <form noValidate onSubmit={submit} className="space-y-4">
        <NewPasswordField
          id="new-password"
          label="New password"
          value={password}
          onValueChange={setPassword}
          feedback={feedback}
          required
        />
        <FormAlert>{reset.error?.message}</FormAlert>
        <SubmitButton pending={reset.isPending} disabled={!feedback.ok} className="w-full">
          Set new password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
