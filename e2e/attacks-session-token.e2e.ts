import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

// Finding 7, in the browser: the session cookie is HttpOnly, but get-session handed its token to
// any script running in the page, which could then send it anywhere.

const session = useBrowser();

describe('a script running in a signed-in page', () => {
  it('finds the session token in no cookie and no answer it can read', async () => {
    const page = await session.newPage({ signedInAs: 'newcomer' });
    await page.goto('/', { waitUntil: 'networkidle' });
    const cookie = (await page.context().cookies()).find((item) => item.name.endsWith('session_token'));
    expect(cookie?.httpOnly).toBe(true);
    const token = decodeURIComponent(cookie!.value).split('.')[0]!;
    expect(token.length).toBeGreaterThan(16);

    const loot = await page.evaluate(async () => {
      const read = async (path: string) => (await fetch(path, { credentials: 'include' })).text();
      return {
        cookies: document.cookie,
        session: await read('/api/auth/get-session'),
        sessions: await read('/api/auth/list-sessions'),
        ours: await read('/api/me/sessions'),
      };
    });
    expect(loot.session).toContain('"userId"');
    for (const [where, text] of Object.entries(loot)) {
      expect(text, where).not.toContain(token);
      expect(text, where).not.toMatch(/"token"/);
    }
  });
});
