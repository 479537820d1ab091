import { loginAtProvider } from '../oidc-provider';
import { TEST_BASE_URL } from './app';
import type { HttpClient } from './http-client';

/** Signs `client` in through an OpenID provider as `login`; answers our callback's response. */
export async function signInWithProvider(client: HttpClient, providerId: string, login: string) {
  const start = await client.post('/api/auth/sign-in/social', { provider: providerId, callbackURL: '/games' });
  if (start.statusCode !== 200) throw new Error(`Starting the provider sign-in failed: ${start.statusCode} ${start.body}`);
  const callback = await loginAtProvider((start.json() as { url: string }).url, login, TEST_BASE_URL);
  return client.get(`${callback.pathname}${callback.search}`);
}
