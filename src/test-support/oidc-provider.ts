import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  email: string;
  email_verified: boolean;
  name: string;
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
  redirectUri: string;
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
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
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
