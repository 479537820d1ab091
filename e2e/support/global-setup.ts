import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startOidcProvider } from '../../src/test-support/oidc-provider';
import { freePort, startBuiltServer } from './server-process';
import { BROWSER_TEST_WORKERS } from './suite-servers';

/** The OpenID provider the browser tests sign in with, and its one account. */
export const OIDC_PROVIDER = { id: 'local-id', name: 'Local ID' } as const;
export const OIDC_ACCOUNT = { login: 'grace', email: 'grace@idp.example', name: 'Grace Provider' } as const;

export default async function setup(project: TestProject) {
  if (!existsSync('dist/web/index.html') || !existsSync('dist/server/main.js')) {
    throw new Error('Build the app first: npm run build');
  }
  const ports = await Promise.all(Array.from({ length: BROWSER_TEST_WORKERS }, freePort));
  const baseUrls = ports.map((port) => `http://127.0.0.1:${port}`);
  const oidc = await startOidcProvider({
    redirectUris: baseUrls.map((baseUrl) => `${baseUrl}/api/auth/callback/${OIDC_PROVIDER.id}`),
    accounts: { [OIDC_ACCOUNT.login]: { email: OIDC_ACCOUNT.email, email_verified: true, name: OIDC_ACCOUNT.name } },
  });
  const oidcProviders = [{ ...OIDC_PROVIDER, issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret }];
  // Tests that sign up through the API say they come from an address of their own
  // (x-forwarded-for from loopback), so the per-address sign-up limit does not trip the suite.
  const servers = await Promise.all(
    ports.map((port) => startBuiltServer({ port, env: { OIDC_PROVIDERS: JSON.stringify(oidcProviders), TRUST_PROXY: '127.0.0.1' } })),
  );
  project.provide(
    'suiteServers',
    servers.map((server) => server.baseUrl),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await oidc.close();
  };
}
