import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { FormAlert, FormStatus } from '../../components/forms/form-messages';
import { Spinner, SubmitButton } from '../../components/forms/submit-button';
import { TextField } from '../../components/forms/text-field';
import { buttonStyles } from '../../components/styles';
import { AuthError, authCall, authClient } from '../../lib/auth-client';
import { forgetSession } from '../../lib/session';
import { hasPasswordQuery } from './account-queries';
import { AccountSection } from './account-section';

const CONFIRMATION_WORD = 'DELETE';

/** Deleting an account without a password needs a sign-in this recent (the server's rule). */
const RECENT_SIGN_IN_MINUTES = 5;

const needsFreshSignIn = (error: Error | null) =>
  error instanceof AuthError && (error.code === 'RECENT_SIGN_IN_REQUIRED' || error.code === 'SESSION_EXPIRED');

function deleteErrorMessage(error: Error): string {
  if (needsFreshSignIn(error)) {
    return `For your safety, sign in again first, then delete the account within ${RECENT_SIGN_IN_MINUTES} minutes.`;
  }
  return error.message;
}

/** Signs out; the guard of this screen then asks to sign in and comes back here. */
function useSignInAgain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await authCall(authClient.signOut());
      await forgetSession(client);
    },
  });
}

export function DeleteAccountSection() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { data: hasPassword } = useQuery(hasPasswordQuery());
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const remove = useMutation({
    mutationFn: async () => {
      const result = await authCall(authClient.deleteUser({ callbackURL: pathOf('home'), ...(hasPassword ? { password } : {}) }));
      return result.message === 'Verification email sent' ? 'mailed' : 'deleted';
    },
    onSuccess: async (outcome) => {
      if (outcome !== 'deleted') return;
      // Leave the guarded screen first (committed at once, not in a transition), or the guard
      // would send the now signed-out visitor to sign in and back to this screen.
      await navigate(pathOf('home'), { replace: true, flushSync: true });
      await forgetSession(client);
    },
  });
  const signInAgain = useSignInAgain();
  const confirmed = confirmation.trim() === CONFIRMATION_WORD;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (hasPassword && !password) {
      setPasswordError('Enter your password');
      return document.getElementById('delete-password')?.focus();
    }
    setPasswordError(undefined);
    if (confirmed) remove.mutate();
  };

  return (
    <AccountSection
      id="delete"
      title="Delete account"
      tone="danger"
      intro={
        <>
          <p>
            Deleting your account signs you out everywhere and deletes your private data for good: your profile, favourites, sessions and
            sign-in methods.
          </p>
          <p className="mt-2">
            Your public reviews stay on GameSource, shown anonymously, so the ratings other players rely on do not change. This cannot be
            undone.
          </p>
          {hasPassword === false && (
            <p className="mt-2">
              Your account has no password, so for your safety it can be deleted only within {RECENT_SIGN_IN_MINUTES} minutes of signing in.
            </p>
          )}
        </>
      }
    >
      <form noValidate onSubmit={submit} className="max-w-md space-y-4">
        {hasPassword && (
          <TextField
            id="delete-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            error={passwordError}
            required
          />
        )}
        <TextField
          id="delete-confirmation"
          label={`Type ${CONFIRMATION_WORD} to confirm`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={confirmation}
          onValueChange={setConfirmation}
          required
        />
        <FormAlert>
          {remove.error && deleteErrorMessage(remove.error)}
          {signInAgain.error && ` ${signInAgain.error.message}`}
        </FormAlert>
        {needsFreshSignIn(remove.error) && (
          <button type="button" onClick={() => signInAgain.mutate()} disabled={signInAgain.isPending} className={buttonStyles.secondary}>
            {signInAgain.isPending && <Spinner />}
            Sign in again
          </button>
        )}
        <FormStatus>{remove.data === 'mailed' && 'Check your inbox: confirm the deletion with the link we sent.'}</FormStatus>
        <SubmitButton variant="danger" pending={remove.isPending} disabled={!confirmed}>
          Delete account
        </SubmitButton>
      </form>
    </AccountSection>
  );
}
