import { adminClient, magicLinkClient, phoneNumberClient, usernameClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * Better Auth's browser client, mounted at `/api/auth`. Import it only from lazily loaded
 * screens: it is not part of the JavaScript the home page needs.
 *
 * OpenID Connect providers of the genericOAuth plugin need no client plugin in Better Auth 1.7:
 * they sign in through `signIn.social` like GitHub and Google.
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  plugins: [magicLinkClient(), phoneNumberClient(), adminClient(), usernameClient()],
});

interface AuthErrorBody {
  message?: string;
  code?: string;
  status?: number;
  statusText?: string;
}

/** Better Auth refused: `message` is its own, and is meant to be shown. */
export class AuthError extends Error {
  readonly code: string | undefined;
  readonly status: number;

  constructor(body: AuthErrorBody) {
    super(messageOf(body));
    this.name = 'AuthError';
    this.code = body.code;
    this.status = body.status ?? 0;
  }
}

function messageOf({ message, status, statusText }: AuthErrorBody): string {
  if (message?.trim()) return message;
  if (status === 429) return 'Too many attempts. Wait a minute and try again.';
  if (!status) return 'Could not reach GameSource. Check your connection and try again.';
  return `Something went wrong (${statusText || `HTTP ${status}`}). Please try again.`;
}

interface AuthResult {
  data: unknown;
  error: AuthErrorBody | null;
}

/** Awaits a Better Auth client call: its data, or an `AuthError` thrown (handy in `useMutation`). */
export async function authCall<Result extends AuthResult>(call: Promise<Result>): Promise<NonNullable<Result['data']>> {
  let result: Result;
  try {
    result = await call;
  } catch {
    throw new AuthError({});
  }
  if (result.error) throw new AuthError(result.error);
  return result.data as NonNullable<Result['data']>;
}
