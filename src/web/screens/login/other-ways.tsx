import { useMutation } from '@tanstack/react-query';
import type { SignInMethods, SignInProvider } from '../../../shared/accounts';
import { pathOf } from '../../../shared/routes';
import { FormAlert } from '../../components/forms/form-messages';
import { Spinner } from '../../components/forms/submit-button';
import { buttonStyles } from '../../components/styles';
import { apiPost, isApiError, type ResponseSchema } from '../../lib/api';
import { authCall, authClient } from '../../lib/auth-client';
import type { LoginMode } from './login-modes';

interface OtherWaysProps {
  methods: SignInMethods;
  /** Checked with `safeNext`. */
  next: string;
  onChooseMode: (mode: LoginMode) => void;
  onSignedIn: () => Promise<void>;
}

const wideButton = `${buttonStyles.secondary} w-full`;

/** The demo sign-in's answer is not needed: `/api/me` is asked afresh right after. */
const ignoredBody: ResponseSchema<unknown> = { parse: (data) => data };

/** Every other configured way in: e-mail link, phone code, providers, the demo account. */
export function OtherWays({ methods, next, onChooseMode, onSignedIn }: OtherWaysProps) {
  const provider = useMutation({
    mutationFn: ({ id }: SignInProvider) =>
      authCall(
        authClient.signIn.social({
          provider: id,
          callbackURL: next,
          newUserCallbackURL: pathOf('signup'),
          errorCallbackURL: pathOf('login'),
        }),
      ),
  });
  const demo = useMutation({
    mutationFn: async () => {
      try {
        await apiPost('/api/demo/sign-in', undefined, ignoredBody);
      } catch (error) {
        if (isApiError(error, 'not-found')) throw new Error('The demo account is not available on this server.');
        throw error;
      }
      await onSignedIn();
    },
  });

  const hasAny = methods.emailLink || methods.phone || methods.providers.length > 0 || methods.demo;
  if (!hasAny) return null;
  const busy = provider.isPending || demo.isPending;

  return (
    <div className="mt-6">
      <div className="mb-6 flex items-center gap-3 text-sm text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <ul className="space-y-3">
        {methods.emailLink && (
          <li>
            <button type="button" className={wideButton} onClick={() => onChooseMode('email-link')}>
              E-mail me a sign-in link
            </button>
          </li>
        )}
        {methods.phone && (
          <li>
            <button type="button" className={wideButton} onClick={() => onChooseMode('phone')}>
              Sign in with a phone code
            </button>
          </li>
        )}
        {methods.providers.map((item) => (
          <li key={item.id}>
            <button type="button" className={wideButton} disabled={busy} onClick={() => provider.mutate(item)}>
              {provider.isPending && provider.variables?.id === item.id && <Spinner />}
              Continue with {item.name}
            </button>
          </li>
        ))}
        {methods.demo && (
          <li>
            <button type="button" className={wideButton} disabled={busy} onClick={() => demo.mutate()}>
              {demo.isPending && <Spinner />}
              Try the demo
            </button>
          </li>
        )}
      </ul>
      <div className="mt-4">
        <FormAlert>{provider.error?.message ?? demo.error?.message}</FormAlert>
      </div>
    </div>
  );
}
