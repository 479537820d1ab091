import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAtProvider, oidcProvidersSetting, startOidcProvider, type LocalOidcProvider } from '../../test-support/oidc-provider';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test-support/server/app';
import { HttpClient } from '../../test-support/server/http-client';
import { linkFrom, pathOf } from '../../test-support/server/outbox';

const PROVIDER_ID = 'local';
let provider: LocalOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUris: [`${TEST_BASE_URL}/api/auth/callback/${PROVIDER_ID}`],
    accounts: {
      alice: { email: 'alice@idp.example', email_verified: true, name: 'Alice Provider' },
      mallory: { email: 'victim@example.com', email_verified: false, name: 'Mallory' },
      vera: { email: 'vera@example.com', email_verified: true, name: 'Vera' },
    },
  });
  t = await createTestApp({ env: { OIDC_PROVIDERS: oidcProvidersSetting(provider, PROVIDER_ID) } });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

async function signInWithProvider(client: HttpClient, login: string) {
  const start = await client.post('/api/auth/sign-in/social', { provider: PROVIDER_ID, callbackURL: '/games' });
  expect(start.statusCode).toBe(200);
  const callback = await loginAtProvider(start.json().url, login, TEST_BASE_URL);
  return client.get(`${callback.pathname}${callback.search}`);
}

describe('OpenID Connect providers from configuration', () => {
  it('are offered on the sign-in screen by their display name', async () => {
    const methods = (await t.app.inject('/api/sign-in-methods')).json();
    expect(methods.providers).toEqual([{ id: PROVIDER_ID, name: 'Local ID', kind: 'oidc' }]);
  });

  it('sign a user in and land on the wanted page', async () => {
    const client = new HttpClient(t.app, '10.5.0.1');
    const landing = await signInWithProvider(client, 'alice');
    expect(landing.statusCode).toBe(302);
    expect(new URL(String(landing.headers.location), TEST_BASE_URL).href).toBe(`${TEST_BASE_URL}/games`);
    expect((await client.get('/api/me')).json().user).toMatchObject({ email: 'alice@idp.example', name: 'Alice Provider' });
  });

  it('link to an existing account only when both sides have verified the e-mail', async () => {
    const owner = new HttpClient(t.app, '10.5.0.2');
    for (const email of ['victim@example.com', 'vera@example.com']) {
      const created = await owner.post('/api/auth/sign-up/email', { email, password: 'granite-willow-harbor-64', name: 'Owner' });
      expect(created.statusCode).toBe(200);
    }

    const mallory = new HttpClient(t.app, '10.5.0.3');
    await signInWithProvider(mallory, 'mallory');
    expect((await mallory.get('/api/me')).json()).toEqual({ user: null });

    const vera = new HttpClient(t.app, '10.5.0.4');
    expect(String((await signInWithProvider(vera, 'vera')).headers.location)).toMatch(/account_not_linked/);
    expect((await vera.get('/api/me')).json()).toEqual({ user: null });

    // Once the local account's own e-mail is confirmed, the verified provider account links to it.
    await owner.get(pathOf(await linkFrom(owner, 'vera@example.com')));
    await signInWithProvider(vera, 'vera');
    expect((await vera.get('/api/me')).json().user).toMatchObject({ email: 'vera@example.com', name: 'Owner' });
  });
});
