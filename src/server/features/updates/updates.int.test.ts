import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bell, listGame, moderationSuite, signedUpDaysAgo, type Member } from '../../../test-support/moderation-fixtures';
import { HttpClient } from '../../../test-support/server/http-client';
import { readOutbox } from '../../../test-support/server/outbox';
import { member, put } from '../../../test-support/submission-fixtures';
import { gameUpdates, games } from '../../db/schema';

const suite = moderationSuite();
const visitor = () => new HttpClient(suite.t.app);

async function makersGame() {
  const maker = await member(suite.t, 'user', 'Uma Updater');
  const gameId = await listGame(suite.moderator, maker, `Lantern Case ${Date.now()}-${Math.random()}`);
  return { maker, gameId };
}

const post = (who: Member, gameId: number, payload: object) => who.client.post(`/api/games/${gameId}/updates`, payload);
const posted = async (who: Member, gameId: number, payload: object) => {
  const answer = await post(who, gameId, payload);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { id: number; title: string };
};
const rowsOf = (gameId: number) => suite.t.database.db.select().from(gameUpdates).where(eq(gameUpdates.gameId, gameId));
const listed = async (gameId: number, query = '') => {
  const answer = await visitor().get(`/api/games/${gameId}/updates${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    items: { id: number; title: string; body: string; bodyHtml: string; aiModel: string | null; edited: boolean }[];
    total: number;
    yourGame: boolean;
  };
};

describe("a maker's update posts", () => {
  it('refuses every bad field with 400 and writes nothing', async () => {
    const { maker, gameId } = await makersGame();
    const good = { title: 'Version 1.1', body: 'New levels.' };
    const cases: [object, RegExp][] = [
      [{ ...good, title: '' }, /title/],
      [{ ...good, title: '   ' }, /title/],
      [{ ...good, title: 'x'.repeat(121) }, /120 characters/],
      [{ ...good, title: 42 }, /title as text/],
      [{ body: 'No title.' }, /title/],
      [{ ...good, body: '' }, /Write what changed/],
      [{ ...good, body: 'x'.repeat(10_001) }, /10,000 characters/],
      [{ title: 'No body' }, /update as text/],
      [{ ...good, aiChanged: 'yes' }, /true or false/],
      [{ ...good, aiChanged: true }, /Name the model/],
      [{ ...good, aiChanged: true, aiModel: '  ' }, /Name the model/],
      [{ ...good, aiChanged: true, aiModel: 'm'.repeat(121) }, /120 characters/],
      [{ ...good, aiModel: 'Llama 4' }, /Tick/],
    ];
    for (const [payload, message] of cases) {
      const answer = await post(maker, gameId, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().error.code).toBe('invalid-argument');
      expect(answer.json().error.message).toMatch(message);
    }
    expect(
      (await post(maker, gameId, { title: 'x'.repeat(120), body: 'x'.repeat(10_000), aiChanged: true, aiModel: 'm'.repeat(120) }))
        .statusCode,
    ).toBe(201);
    expect(await rowsOf(gameId)).toHaveLength(1);
    const [only] = await rowsOf(gameId);
    expect((await put(maker.client, `/api/updates/${only!.id}`, { title: '', body: 'Edited.' })).statusCode).toBe(400);
    expect((await rowsOf(gameId))[0]!.title).toBe('x'.repeat(120));
  });

  it('only the maker posts, edits and deletes, only on a listed game, and not while suspended', async () => {
    const { maker, gameId } = await makersGame();
    const stranger = await member(suite.t);
    const refused = await post(stranger, gameId, { title: 'Fake news', body: 'Not mine.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("Only the game's maker can post updates about it.");
    expect((await visitor().post(`/api/games/${gameId}/updates`, { title: 'Anon', body: 'Who?' })).statusCode).toBe(401);

    const update = await posted(maker, gameId, { title: 'Patch notes', body: 'Fixed the save bug.' });
    expect((await put(stranger.client, `/api/updates/${update.id}`, { title: 'Mine now', body: 'Ha.' })).statusCode).toBe(403);
    expect((await stranger.client.request({ method: 'DELETE', url: `/api/updates/${update.id}` })).statusCode).toBe(403);
    expect((await post(maker, 999_999, { title: 'Nowhere', body: 'No game.' })).statusCode).toBe(404);
    expect((await put(maker.client, '/api/updates/999999', { title: 'Nowhere', body: 'No update.' })).statusCode).toBe(404);
    expect((await rowsOf(gameId)).map((row) => row.title)).toEqual(['Patch notes']);

    await suite.moderator.client.post(`/api/moderation/accounts/${maker.id}/suspend`, { days: 1, reason: 'Spam posts.' });
    const suspended = await post(maker, gameId, { title: 'Still here', body: 'Hello.' });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().error.message).toMatch(/suspended until/);
    expect((await put(maker.client, `/api/updates/${update.id}`, { title: 'Still here', body: 'Hello.' })).statusCode).toBe(403);
    expect(await rowsOf(gameId)).toHaveLength(1);

    const other = await makersGame();
    await posted(other.maker, other.gameId, { title: 'Before unlisting', body: 'Listed.' });
    await suite.t.database.db.update(games).set({ status: 'draft' }).where(eq(games.id, other.gameId));
    const unlisted = await post(other.maker, other.gameId, { title: 'After unlisting', body: 'Hidden.' });
    expect(unlisted.statusCode).toBe(404);
    expect((await visitor().get(`/api/games/${other.gameId}/updates`)).statusCode).toBe(404);
    expect(await rowsOf(other.gameId)).toHaveLength(1);
  });

  it('the maker edits and deletes their update', async () => {
    const { maker, gameId } = await makersGame();
    const update = await posted(maker, gameId, { title: 'v2', body: 'Faster.', aiChanged: true, aiModel: 'Llama 4' });
    expect((await listed(gameId)).items[0]).toMatchObject({ title: 'v2', aiModel: 'Llama 4', edited: false });
    const edited = await put(maker.client, `/api/updates/${update.id}`, { title: 'v2.0', body: 'Much faster.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await listed(gameId)).items[0]).toMatchObject({
      id: update.id,
      title: 'v2.0',
      body: 'Much faster.',
      aiModel: null,
      edited: true,
    });
    expect((await maker.client.get('/api/me/export')).json().updates).toEqual([
      expect.objectContaining({ id: update.id, gameId, title: 'v2.0', body: 'Much faster.' }),
    ]);
    const deleted = await maker.client.request({ method: 'DELETE', url: `/api/updates/${update.id}` });
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await listed(gameId)).items).toEqual([]);
    expect((await maker.client.request({ method: 'DELETE', url: `/api/updates/${update.id}` })).statusCode).toBe(404);
  });

  it('allows 3 updates a game a UTC day, counted in the database; deleting one gives nothing back', async () => {
    const { maker, gameId } = await makersGame();
    const first = await posted(maker, gameId, { title: 'One', body: '1' });
    await posted(maker, gameId, { title: 'Two', body: '2' });
    await maker.client.request({ method: 'DELETE', url: `/api/updates/${first.id}` });
    await posted(maker, gameId, { title: 'Three', body: '3' });
    const fourth = await post(maker, gameId, { title: 'Four', body: '4' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toEqual({
      code: 'resource-exhausted',
      message: 'A game can have at most 3 updates a day (UTC). Post again tomorrow, or edit one you posted today.',
    });
    expect((await rowsOf(gameId)).map((row) => row.title).sort()).toEqual(['Three', 'Two']);
    // Another game of the same maker has its own allowance.
    const second = await listGame(suite.moderator, maker, `Second Case ${Date.now()}`);
    await posted(maker, second, { title: 'Elsewhere', body: 'Fine.' });
  });

  it('carries each body as safe HTML made from its Markdown: raw HTML as text, only safe links, opened apart', async () => {
    const { maker, gameId } = await makersGame();
    const body = '**Faster** now. <script>alert(1)</script> [trap](javascript:alert(1)) [notes](https://example.com/notes)';
    await posted(maker, gameId, { title: 'Markdown', body });
    const [update] = (await listed(gameId)).items;
    expect(update!.body).toBe(body);
    expect(update!.bodyHtml).toContain('<strong>Faster</strong>');
    expect(update!.bodyHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(update!.bodyHtml).not.toContain('href="javascript:');
    expect(update!.bodyHtml).toContain('<a href="https://example.com/notes" rel="noopener noreferrer nofollow" target="_blank">notes</a>');
  });

  it('lists newest first, a page at a time, and says whose game it is', async () => {
    const { maker, gameId } = await makersGame();
    for (const title of ['First', 'Second', 'Third']) await posted(maker, gameId, { title, body: `${title} body` });
    const firstPage = await listed(gameId, '?page=1&pageSize=2');
    expect(firstPage).toMatchObject({ total: 3, yourGame: false });
    expect(firstPage.items.map((item) => item.title)).toEqual(['Third', 'Second']);
    expect((await listed(gameId, '?page=2&pageSize=2')).items.map((item) => item.title)).toEqual(['First']);
    expect((await maker.client.get(`/api/games/${gameId}/updates`)).json().yourGame).toBe(true);
    expect((await visitor().get(`/api/games/${gameId}/updates?pageSize=21`)).statusCode).toBe(400);
    // A game page reads the first page with the viewer's facts: the same page, for the maker and for anyone else.
    for (const who of [visitor(), maker.client]) {
      const viewer = (await who.get(`/api/games/${gameId}/viewer?updates=2`)).json();
      expect(viewer.updates).toEqual((await who.get(`/api/games/${gameId}/updates?page=1&pageSize=2`)).json());
    }
  });

  it("reaches the game's and the maker's followers on the bell and in the Following feed, not the maker", async () => {
    const { maker, gameId } = await makersGame();
    const [gameFan, makerFan, both, nobody] = [await member(suite.t), await member(suite.t), await member(suite.t), await member(suite.t)];
    await put(gameFan.client, `/api/games/${gameId}/follow`, {});
    await put(makerFan.client, `/api/makers/${maker.id}/follow`, {});
    await put(both.client, `/api/games/${gameId}/follow`, {});
    await put(both.client, `/api/makers/${maker.id}/follow`, {});
    const mailFan = await member(suite.t);
    await put(mailFan.client, `/api/games/${gameId}/follow`, {});
    await put(mailFan.client, '/api/me/notification-preferences', {
      following: { bell: false, email: true },
      reviews: { bell: true, email: false },
    });
    const update = await posted(maker, gameId, { title: 'Big <b>news</b>', body: 'Secret words.' });
    const mail = (await readOutbox(suite.t.app, mailFan.email))[0];
    expect(mail?.text).toContain(`/game-detail?id=${gameId}#update-${update.id}`);
    expect(mail?.text).not.toContain('Secret words');
    expect((await bell(mailFan)).filter((notice) => notice.kind === 'followed-update-posted')).toEqual([]);
    expect((await readOutbox(suite.t.app, gameFan.email)).map((sent) => sent.subject).join()).not.toContain('has an update');
    expect(mail?.subject).toContain('has an update');
    for (const fan of [gameFan, makerFan, both]) {
      const notices = (await bell(fan)).filter((notice) => notice.kind === 'followed-update-posted');
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        link: `/game-detail?id=${gameId}#update-${update.id}`,
        body: expect.stringContaining('Uma Updater posted an update'),
      });
      expect(notices[0]!.body).not.toContain('Secret words');
      const feed = (await fan.client.get('/api/me/following/updates')).json();
      expect(feed.items[0]).toMatchObject({ id: update.id, gameId, title: 'Big <b>news</b>' });
    }
    expect((await bell(nobody)).filter((notice) => notice.kind === 'followed-update-posted')).toEqual([]);
    expect((await nobody.client.get('/api/me/following/updates')).json().items).toEqual([]);
    expect((await bell(maker)).filter((notice) => notice.kind === 'followed-update-posted')).toEqual([]);
    expect((await visitor().get('/api/me/following/updates')).statusCode).toBe(401);
  });

  it('has an Atom feed per game, newest first, with its text escaped', async () => {
    const { maker, gameId } = await makersGame();
    await posted(maker, gameId, { title: 'Older', body: 'Plain words.' });
    await posted(maker, gameId, {
      title: '</title><script>alert(1)</script>',
      body: 'Try <img src=x onerror=alert(1)> & **bold**',
      aiChanged: true,
      aiModel: 'Mistral <Large>',
    });
    const feed = await visitor().get(`/feeds/games/${gameId}/updates.atom`);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/atom+xml');
    expect(feed.body).not.toContain('<script>');
    expect(feed.body).not.toContain('<img');
    expect(feed.body).toContain('<title type="html"><![CDATA[&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;]]></title>');
    expect(feed.body).toContain(
      '<p>The AI changed: Mistral &lt;Large&gt;</p>\n<p>Try &lt;img src=x onerror=alert(1)&gt; &amp; <strong>bold</strong></p>',
    );
    expect(feed.body.indexOf('alert(1)')).toBeLessThan(feed.body.indexOf('Older'));
    expect(feed.body).toContain(`/game-detail?id=${gameId}#update-`);
    expect((await visitor().get('/feeds/games/999999/updates.atom')).statusCode).toBe(404);
    const page = await visitor().get(`/game-detail?id=${gameId}`);
    expect(page.body).toContain(`/feeds/games/${gameId}/updates.atom`);
  });

  it('can be reported, and a moderator removing it takes it out of the list, the feed and the Following feed', async () => {
    const { maker, gameId } = await makersGame();
    const fan = await member(suite.t);
    await put(fan.client, `/api/games/${gameId}/follow`, {});
    const update = await posted(maker, gameId, {
      title: 'Buy coins',
      body: 'Cheap coins at spam.example!',
      aiChanged: true,
      aiModel: 'Spambot 9',
    });
    const reporter = await member(suite.t);
    const filed = await reporter.client.post('/api/reports', { kind: 'update', targetId: String(update.id), reason: 'spam' });
    expect(filed.statusCode, filed.body).toBe(201);
    await put(maker.client, `/api/updates/${update.id}`, { title: 'Innocent', body: 'Nothing to see.' });
    const group = (
      (await suite.moderator.client.get('/api/moderation/reports?pageSize=50')).json().items as {
        kind: string;
        targetId: string;
        whenReported: unknown;
        author: { id: string };
        link: string;
      }[]
    ).find((item) => item.kind === 'update' && item.targetId === String(update.id));
    expect(group).toMatchObject({
      author: { id: maker.id },
      link: `/game-detail?id=${gameId}#update-${update.id}`,
      whenReported: { body: 'Cheap coins at spam.example!', details: [{ label: 'The AI changed to', value: 'Spambot 9' }] },
    });
    const removed = await suite.moderator.client.post(`/api/moderation/reports/update/${update.id}/decide`, {
      action: 'remove',
      reason: 'No advertising.',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await listed(gameId)).items).toEqual([]);
    expect((await visitor().get(`/feeds/games/${gameId}/updates.atom`)).body).not.toContain('Innocent');
    expect((await fan.client.get('/api/me/following/updates')).json().items).toEqual([]);
    expect((await bell(maker))[0]!.body).toContain('No advertising.');
    expect((await put(maker.client, `/api/updates/${update.id}`, { title: 'Back', body: 'Again.' })).statusCode).toBe(404);

    const appeal = await maker.client.post(`/api/moderation/decisions/${removed.json().decision.id}/appeal`, {
      text: 'It was a real update.',
    });
    const second = await member(suite.t, 'moderator', 'Sam Second');
    const overturned = await second.client.post(`/api/moderation/appeals/${appeal.json().appeal.id}`, {
      outcome: 'overturn',
      reason: 'Not spam after all.',
    });
    expect(overturned.json().undone).toBe('Your update is back on the game page.');
    expect((await listed(gameId)).items).toMatchObject([{ id: update.id, title: 'Innocent' }]);
  });

  it('is held, shown nowhere, once three members in good standing report it; a dismissal shows it again', async () => {
    const { maker, gameId } = await makersGame();
    const fan = await member(suite.t);
    await put(fan.client, `/api/makers/${maker.id}/follow`, {});
    const update = await posted(maker, gameId, { title: 'Held news', body: 'Reported words.' });
    for (let i = 0; i < 3; i++) {
      const reporter = await member(suite.t);
      await signedUpDaysAgo(suite.t, reporter, 2);
      expect(
        (await reporter.client.post('/api/reports', { kind: 'update', targetId: String(update.id), reason: 'harassment' })).statusCode,
      ).toBe(201);
    }
    expect((await listed(gameId)).items).toEqual([]);
    expect((await visitor().get(`/api/games/${gameId}/viewer?updates=5`)).json().updates).toMatchObject({ items: [], total: 0 });
    expect((await visitor().get(`/feeds/games/${gameId}/updates.atom`)).body).not.toContain('Held news');
    expect((await fan.client.get('/api/me/following/updates')).json().items).toEqual([]);
    const dismissed = await suite.moderator.client.post(`/api/moderation/reports/update/${update.id}/decide`, {
      action: 'dismiss',
      reason: 'Fine.',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((await listed(gameId)).items).toMatchObject([{ id: update.id }]);
  });
});
