import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { safeNext } from '../../../shared/safe-next';
import { AuthCard } from '../../components/auth/auth-card';
import { EmailLinkForm } from '../../components/auth/email-link-form';
import { FormAlert } from '../../components/forms/form-messages';
import { SubmitButton } from '../../components/forms/submit-button';
import { textLinkStyle } from '../../components/styles';
import { AuthError, authCall, authClient } from '../../lib/auth-client';
import { afterSignInPath, completeSignIn } from '../../lib/session';

const USED_OR_EXPIRED = 'This sign-in link has already been used or has expired.';

/**
 * Better Auth answers a failed check by redirecting to the callback with `?error=`; the
 * browser's fetch follows it, so the failure shows in the final address, not the status.
 */
async function verifyLink(token: string, next: string): Promise<void> {
  let finalUrl = '';
  await authCall(
    authClient.magicLink.verify({
      query: { token, callbackURL: next },
      fetchOptions: {
        onResponse: ({ response }) => {
          finalUrl = response.url;
        },
      },
    }),
  );
  if (finalUrl && new URL(finalUrl).searchParams.has('error')) {
    throw new AuthError({ code: 'INVALID_TOKEN', message: USED_OR_EXPIRED, status: 401 });
  }
}

function loginHref(next: string): string {
  return next === '/' ? pathOf('login') : `${pathOf('login')}?next=${encodeURIComponent(next)}`;
}

function failureMessage(error: Error): string {
  if (error instanceof AuthError && (error.status === 429 || error.status === 0)) return error.message;
  return USED_OR_EXPIRED;
}

/**
 * The mailed link opens this page; it signs in only when the button is pressed, so mail
 * scanners that open links do not use it up.
 */
export default function MagicLinkScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const next = safeNext(params.get('next'));
  const linkError = params.get('error');
  const client = useQueryClient();
  const navigate = useNavigate();
  const signIn = useMutation({
    mutationFn: async (value: string) => {
      await verifyLink(value, next);
      const user = await completeSignIn(client);
      if (!user) throw new AuthError({ message: USED_OR_EXPIRED, status: 401 });
      return user;
    },
    onSuccess: (user) => navigate(afterSignInPath(user, next), { replace: true }),
  });

  const broken = !token || Boolean(linkError);
  const failed = broken || signIn.isError;
  return (
    <AuthCard
      title={failed ? 'This link did not work' : 'Your sign-in link'}
      intro={
        failed
          ? 'Ask for a new sign-in link below. It works once and expires in 5 minutes.'
          : 'You opened a sign-in link. Press the button to finish signing in on this device.'
      }
      focusOnTitleChange
    >
      {failed ? (
        <div className="space-y-6">
          <FormAlert>{signIn.error ? failureMessage(signIn.error) : USED_OR_EXPIRED}</FormAlert>
          <EmailLinkForm next={next} idPrefix="new-link" />
        </div>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            signIn.mutate(token);
          }}
        >
          <SubmitButton pending={signIn.isPending || signIn.isSuccess} className="w-full">
            Sign in to GameSource
          </SubmitButton>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-muted">
        <Link to={loginHref(next)} className={textLinkStyle}>
          Other ways to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
