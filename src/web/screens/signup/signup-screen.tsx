import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { signupStepSchema, type Me, type SessionUser } from '../../../shared/accounts';
import { pathOf } from '../../../shared/routes';
import { AuthCard } from '../../components/auth/auth-card';
import { FormAlert } from '../../components/forms/form-messages';
import { SubmitButton } from '../../components/forms/submit-button';
import { FieldError, TextField } from '../../components/forms/text-field';
import { textLinkStyle } from '../../components/styles';
import { apiPost, isApiError } from '../../lib/api';
import { fieldErrors, focusFirstError, type FieldErrors } from '../../lib/field-errors';
import { schema } from '../../lib/lazy-schema';
import { authKeys, useAuth } from '../../lib/session';
import { useUsernameState, type UsernameState } from './username-availability';

type Field = 'username' | 'acceptTerms';
const idOf = (field: Field) => `signup-${field === 'acceptTerms' ? 'terms' : field}`;

export default function SignupScreen() {
  const { user } = useAuth();
  // The guard lets only signed-in users in.
  if (!user) return null;
  if (user.signupComplete) return <Navigate to={pathOf('onboarding')} replace />;
  return (
    <AuthCard
      title="Finish creating your account"
      intro="Pick the username people will know you by, and accept the terms of use."
      footer={
        <p>
          Not you?{' '}
          <Link to={pathOf('logout')} className={textLinkStyle}>
            Sign out
          </Link>
        </p>
      }
    >
      <UnverifiedNote user={user} />
      <SignupForm />
    </AuthCard>
  );
}

function UnverifiedNote({ user }: { user: SessionUser }) {
  if (user.emailVerified || user.email.endsWith('.invalid')) return null;
  return (
    <p className="mb-6 rounded-xl border border-line bg-raised px-4 py-3 text-sm text-ink">
      We sent a link to <strong className="font-semibold">{user.email}</strong> to confirm your e-mail address. You can carry on meanwhile.
    </p>
  );
}

function SignupForm() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const availability = useUsernameState(username);
  const finish = useMutation({
    mutationFn: (step: { username: string; acceptTerms: true }) => apiPost('/api/me/signup', step, schema('signupResponseSchema')),
    onSuccess: ({ user }) => {
      client.setQueryData<Me>(authKeys.me, { user });
      navigate(pathOf('onboarding'), { replace: true });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { username, acceptTerms };
    const found = fieldErrors(signupStepSchema, values);
    if (availability.kind === 'taken' && !found.username) found.username = availability.message;
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(found, ['username', 'acceptTerms'], idOf);
    finish.mutate({ username, acceptTerms: true });
  };

  const serverFieldError =
    isApiError(finish.error, 'already-exists') || isApiError(finish.error, 'invalid-argument') ? finish.error.message : undefined;
  const usernameError = errors.username ?? serverFieldError ?? invalidMessage(availability);

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <TextField
        id={idOf('username')}
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
        value={username}
        onValueChange={(value) => {
          setUsername(value);
          setErrors((current) => ({ ...current, username: undefined }));
          finish.reset();
        }}
        error={usernameError}
        hint="3 to 30 lowercase letters, digits, _ and -. It appears on your reviews and games."
        describedBy="signup-username-status"
      >
        <AvailabilityNote state={availability} hidden={Boolean(usernameError)} />
      </TextField>
      <TermsCheckbox
        checked={acceptTerms}
        onChange={(checked) => {
          setAcceptTerms(checked);
          setErrors((current) => ({ ...current, acceptTerms: undefined }));
        }}
        error={errors.acceptTerms}
      />
      <FormAlert>{finish.error && !serverFieldError ? finish.error.message : undefined}</FormAlert>
      <SubmitButton pending={finish.isPending} className="w-full">
        Finish sign-up
      </SubmitButton>
    </form>
  );
}

function invalidMessage(state: UsernameState): string | undefined {
  return state.kind === 'invalid' || state.kind === 'taken' ? state.message : undefined;
}

function AvailabilityNote({ state, hidden }: { state: UsernameState; hidden: boolean }) {
  let text = '';
  if (!hidden && state.kind === 'checking') text = 'Checking…';
  if (!hidden && state.kind === 'available') text = 'Available';
  if (!hidden && state.kind === 'unknown') text = state.message;
  return (
    <p
      id="signup-username-status"
      aria-live="polite"
      className={`text-sm font-medium ${state.kind === 'available' ? 'text-success-ink' : 'text-muted'}`}
    >
      {text}
    </p>
  );
}

interface TermsCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
}

function TermsCheckbox({ checked, onChange, error }: TermsCheckboxProps) {
  const errorId = error ? 'signup-terms-error' : undefined;
  return (
    <div className="space-y-1.5">
      <div className="flex items-start gap-3">
        <input
          id={idOf('acceptTerms')}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 size-5 shrink-0 accent-accent"
        />
        <label htmlFor={idOf('acceptTerms')} className="text-sm text-ink">
          I accept the terms of use
        </label>
      </div>
      <p className="pl-8 text-sm text-muted">
        <Link to={`${pathOf('support')}#terms`} target="_blank" className={textLinkStyle}>
          Read the terms of use
        </Link>{' '}
        (opens in a new tab).
      </p>
      {error && (
        <div className="pl-8">
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      )}
    </div>
  );
}
