import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startOidcProvider } from '../../src/test-support/oidc-provider';
import { freePort, startBuiltServer } from './server-process';
import { BROWSER_TEST_WORKERS } from './suite-servers';

/** The OpenID provider the browser tests sign in with, and its one account. */
export const OIDC_PROVIDER = { id: 'local-id', name: 'Local ID' } as const;
export const OIDC_ACCOUNT = { login: 'grace', email: 'grace@idp.example', name: 'Grace Provider' } as const;

/** A data folder as the server leaves it after its first start (migrated, seeded), stopped cleanly. */
async function pristineDataFolder(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-e2e-pristine-'));
  const server = await startBuiltServer({ dataDir, startFrom: null });
  await server.stop();
  return dataDir;
}

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
  const pristine = await pristineDataFolder();
  // Tests that sign up through the API say they come from an address of their own
  // (x-forwarded-for from loopback), so the per-address sign-up limit does not trip the suite.
  const servers = await Promise.all(
    ports.map((port) =>
      startBuiltServer({ port, startFrom: pristine, env: { OIDC_PROVIDERS: JSON.stringify(oidcProviders), TRUST_PROXY: '127.0.0.1' } }),
    ),
  );
  project.provide(
    'suiteServers',
    servers.map((server) => server.baseUrl),
  );
  project.provide('pristineDataDir', pristine);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await oidc.close();
    await rm(pristine, { recursive: true, force: true });
  };
}
