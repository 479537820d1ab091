import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { SessionUser } from '../../../shared/accounts';
import { pathOf } from '../../../shared/routes';
import { FormAlert, FormStatus } from '../../components/forms/form-messages';
import { NewPasswordField } from '../../components/forms/password-field';
import { Spinner, SubmitButton } from '../../components/forms/submit-button';
import { TextField } from '../../components/forms/text-field';
import { buttonStyles } from '../../components/styles';
import { authCall, authClient } from '../../lib/auth-client';
import { usePasswordCheck } from '../../lib/use-password-check';
import { accountKeys, hasPasswordQuery } from './account-queries';
import { AccountSection } from './account-section';

export function ChangePasswordSection({ user }: { user: SessionUser }) {
  const { data: hasPassword, isPending } = useQuery(hasPasswordQuery());
  return (
    <AccountSection id="password" title="Change password">
      {isPending && <p className="text-sm text-muted">Checking how you sign in…</p>}
      {hasPassword === true && <ChangePasswordForm user={user} />}
      {hasPassword === false && <SetPassword user={user} />}
    </AccountSection>
  );
}

function ChangePasswordForm({ user }: { user: SessionUser }) {
  const client = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [currentError, setCurrentError] = useState<string>();
  const feedback = usePasswordCheck(newPassword, [user.name, user.email, user.username ?? '']);
  const change = useMutation({
    mutationFn: () => authCall(authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true })),
    onSuccess: () => {
      setCurrentPassword('');
      setNewPassword('');
      void client.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!currentPassword) {
      setCurrentError('Enter your current password');
      return document.getElementById('current-password')?.focus();
    }
    setCurrentError(undefined);
    if (!feedback.ok) return document.getElementById('account-new-password')?.focus();
    change.mutate();
  };

  return (
    <form noValidate onSubmit={submit} className="max-w-md space-y-4">
      <TextField
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onValueChange={(value) => {
          setCurrentPassword(value);
          change.reset();
        }}
        error={currentError}
        required
      />
      <NewPasswordField
        id="account-new-password"
        label="New password"
        value={newPassword}
        onValueChange={(value) => {
          setNewPassword(value);
          change.reset();
        }}
        feedback={feedback}
        required
      />
      <FormAlert>{change.error?.message}</FormAlert>
      <FormStatus>{change.isSuccess && 'Your password has been changed, and your other devices have been signed out.'}</FormStatus>
      <SubmitButton pending={change.isPending} disabled={!feedback.ok}>
        Change password
      </SubmitButton>
    </form>
  );
}

/** Users who came in by link, code or provider have no password; a reset link sets one. */
function SetPassword({ user }: { user: SessionUser }) {
  const noEmail = user.email.endsWith('.invalid');
  const send = useMutation({
    mutationFn: () => authCall(authClient.requestPasswordReset({ email: user.email, redirectTo: pathOf('reset-password') })),
  });
  if (noEmail) {
    return <p className="text-sm text-muted">You sign in with a phone code. Add an e-mail address to set a password.</p>;
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">You sign in without a password. To set one, we e-mail you a link to choose it.</p>
      <FormStatus>{send.isSuccess && `We sent a link to ${user.email}. It works once and expires in an hour.`}</FormStatus>
      <FormAlert>{send.error?.message}</FormAlert>
      <button type="button" onClick={() => send.mutate()} disabled={send.isPending || send.isSuccess} className={buttonStyles.secondary}>
        {send.isPending && <Spinner />}
        E-mail me a link to set a password
      </button>
    </div>
  );
}
