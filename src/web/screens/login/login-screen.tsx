import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { safeNext } from '../../../shared/safe-next';
import { AuthCard } from '../../components/auth/auth-card';
import { EmailLinkForm } from '../../components/auth/email-link-form';
import { RequestPasswordResetForm } from '../../components/auth/request-password-reset-form';
import { FormAlert, FormStatus } from '../../components/forms/form-messages';
import { linkButtonStyle, textLinkStyle } from '../../components/styles';
import { afterSignInPath, completeSignIn, useAuth, useSignInMethods } from '../../lib/session';
import { CheckEmail } from './check-email';
import { CreateAccountForm } from './create-account-form';
import { LoadProblem } from './load-problem';
import { loginIntros, loginTitles, providerErrorMessage, type LoginMode } from './login-modes';
import { OtherWays } from './other-ways';
import { PhoneSignInForm } from './phone-sign-in-form';
import { SignInForm } from './sign-in-form';

const COOKIES_BLOCKED = 'You were signed in, but this browser did not keep the session. Allow cookies for this site and try again.';

export default function LoginScreen() {
  const [params] = useSearchParams();
  const justSignedOut = (useLocation().state as { signedOut?: boolean } | null)?.signedOut === true;
  const next = params.get('next');
  const providerError = params.get('error');
  const [mode, setMode] = useState<LoginMode>('sign-in');
  const [createdEmail, setCreatedEmail] = useState('');
  const auth = useAuth();
  const methods = useSignInMethods();
  const client = useQueryClient();
  const checking = useIsFetching({ queryKey: ['auth'] }) > 0;

  if (auth.status === 'signed-in' && auth.user) return <Navigate to={afterSignInPath(auth.user, next)} replace />;

  // The screen re-renders as signed in and the line above takes the user on.
  const onSignedIn = async () => {
    if (!(await completeSignIn(client))) throw new Error(COOKIES_BLOCKED);
  };
  const loading = auth.status === 'loading' || methods.isPending;
  const retry = () => {
    void auth.refresh().catch(() => undefined);
    void methods.refetch();
  };

  return (
    <AuthCard title={loginTitles[mode]} intro={loginIntros[mode]} focusOnTitleChange footer={<LoginFooter mode={mode} />}>
      {loading && <CheckingSignIn />}
      {!loading && (auth.error || methods.error) && (
        <LoadProblem
          failed={methods.error ? 'methods' : 'session'}
          error={methods.error ?? auth.error}
          retrying={checking}
          onRetry={retry}
        />
      )}
      {!loading && methods.data && (
        <>
          {mode === 'sign-in' && justSignedOut && (
            <div className="mb-4">
              <FormStatus>You are signed out.</FormStatus>
            </div>
          )}
          {mode === 'sign-in' && providerError && (
            <div className="mb-4">
              <FormAlert>{providerErrorMessage(providerError)}</FormAlert>
            </div>
          )}
          {mode === 'sign-in' && <SignInForm onSignedIn={onSignedIn} onForgotPassword={() => setMode('forgot-password')} />}
          {mode === 'create-account' && (
            <CreateAccountForm
              onCreated={(email) => {
                setCreatedEmail(email);
                setMode('check-email');
              }}
            />
          )}
          {mode === 'check-email' && <CheckEmail email={createdEmail} />}
          {mode === 'forgot-password' && <RequestPasswordResetForm />}
          {mode === 'email-link' && <EmailLinkForm next={safeNext(next)} />}
          {mode === 'phone' && <PhoneSignInForm onSignedIn={onSignedIn} />}
          <ModeSwitch mode={mode} canCreateAccount={methods.data.passwordSignUp} onChooseMode={setMode} />
          {(mode === 'sign-in' || mode === 'create-account') && (
            <OtherWays methods={methods.data} next={safeNext(next)} onChooseMode={setMode} onSignedIn={onSignedIn} />
          )}
        </>
      )}
    </AuthCard>
  );
}

function CheckingSignIn() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <span className="sr-only">Checking how you can sign in…</span>
      {[0, 1, 2].map((row) => (
        <div key={row} aria-hidden="true" className="h-11 animate-pulse rounded-lg bg-raised" />
      ))}
    </div>
  );
}

interface ModeSwitchProps {
  mode: LoginMode;
  /** Password sign-up needs e-mail to confirm the address; without a mail transport it is not offered. */
  canCreateAccount: boolean;
  onChooseMode: (mode: LoginMode) => void;
}

function ModeSwitch({ mode, canCreateAccount, onChooseMode }: ModeSwitchProps) {
  if (mode === 'sign-in') {
    if (!canCreateAccount) return null;
    return (
      <p className="mt-5 text-center text-sm text-muted">
        New to GameSource?{' '}
        <button type="button" className={linkButtonStyle} onClick={() => onChooseMode('create-account')}>
          Create account
        </button>
      </p>
    );
  }
  return (
    <p className="mt-5 text-center text-sm text-muted">
      {mode === 'create-account' && 'Already have an account? '}
      <button type="button" className={linkButtonStyle} onClick={() => onChooseMode('sign-in')}>
        Back to sign in
      </button>
    </p>
  );
}

function LoginFooter({ mode }: { mode: LoginMode }) {
  return (
    <p>
      {mode === 'create-account' ? 'By creating an account you agree to the ' : 'Read the '}
      <Link to={`${pathOf('support')}#terms`} className={textLinkStyle}>
        terms of use
      </Link>
      .
    </p>
  );
}
