import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SessionUser } from '../../../shared/accounts';
import { pathOf } from '../../../shared/routes';
import { AuthCard } from '../../components/auth/auth-card';
import { ResendConfirmation } from '../../components/auth/resend-confirmation';
import { FormAlert } from '../../components/forms/form-messages';
import { buttonStyles } from '../../components/styles';
import { useAuth } from '../../lib/session';

function linkErrorMessage(code: string): string {
  if (code === 'token_expired') return 'This confirmation link has expired.';
  if (code === 'user_not_found') return 'The account this link was sent for no longer exists.';
  return 'This confirmation link is not valid or has already been used.';
}

/** Where Better Auth's e-mail confirmation link lands: `?error=` when it failed. */
export default function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const linkError = params.get('error');
  const { status, user, refresh } = useAuth();
  useEffect(() => {
    // Confirming may have signed the user in, and it changed `emailVerified`.
    void refresh().catch(() => undefined);
  }, [refresh]);

  if (linkError) {
    return (
      <AuthCard title="We could not confirm your e-mail">
        <FormAlert>{linkErrorMessage(linkError)}</FormAlert>
        {status === 'signed-out' && (
          <p className="mt-4 text-sm text-muted">
            Sign in with your e-mail address and password, and we will send you a new confirmation link.
          </p>
        )}
        <div className="mt-6">{user && !user.emailVerified ? <ResendConfirmation email={user.email} /> : <ContinueLink user={user} />}</div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="E-mail verified" intro="Thank you: your e-mail address is confirmed.">
      {status !== 'loading' && <ContinueLink user={user} />}
    </AuthCard>
  );
}

function ContinueLink({ user }: { user: SessionUser | null }) {
  if (!user) {
    return (
      <Link to={pathOf('login')} className={`${buttonStyles.primary} w-full`}>
        Continue to sign in
      </Link>
    );
  }
  if (!user.signupComplete) {
    return (
      <Link to={pathOf('signup')} className={`${buttonStyles.primary} w-full`}>
        Finish creating your account
      </Link>
    );
  }
  return (
    <Link to={pathOf('games')} className={`${buttonStyles.primary} w-full`}>
      Browse games
    </Link>
  );
}
