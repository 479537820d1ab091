import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a loopback port, with its
 * development login form: the login name typed in is the account's subject.
 */
export async function startOidcProvider(options: {
  /** Where the provider may send its answer: one callback per server that signs in with it. */
  redirectUris: string[];
  accounts: Record<string, OidcAccount>;
}): Promise<LocalOidcProvider> {
  const clientId = 'gamesource-test';
  const clientSecret = 'gamesource-test-secret-0123456789';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    findAccount: (_ctx, sub) => {
      const account = options.accounts[sub];
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...account }) };
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => false },
    cookies: { keys: ['local-oidc-provider-cookie-key'] },
  });
  // Silence the provider's own warnings about development-only features.
  provider.on('server_error', () => undefined);
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The provider's side, as a browser would walk it: follow redirects, log in, consent. Answers
 * the address the provider sends the browser back to (on `returnTo`).
 */
export async function loginAtProvider(authorizationUrl: string, login: string, returnTo: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const call = async (url: string, body?: URLSearchParams) => {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      ...(body ? { body } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!, value.join('='));
    }
    return response;
  };
  let url = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    const response = await call(url);
    const location = response.headers.get('location');
    if (!location) throw new Error(`The provider stopped at ${url} with ${response.status}`);
    const next = new URL(location, url);
    if (next.href.startsWith(returnTo)) return next;
    if (next.pathname.startsWith('/interaction/')) {
      const page = await (await call(next.href)).text();
      const prompt = page.includes('name="login"') ? 'login' : 'consent';
      const submitted = await call(next.href, new URLSearchParams({ prompt, login, password: 'any' }));
      url = new URL(submitted.headers.get('location')!, next).href;
    } else {
      url = next.href;
    }
  }
  throw new Error('Too many redirects at the provider');
}

/** The OIDC_PROVIDERS setting that offers this provider under an id and a display name. */
export function oidcProvidersSetting(provider: LocalOidcProvider, id: string, name = 'Local ID'): string {
  const { issuer, clientId, clientSecret } = provider;
  return JSON.stringify([{ id, name, issuer, clientId, clientSecret }]);
}
