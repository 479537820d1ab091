import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { newestMigrationTag } from '../src/server/db/migrate';
import { testConfig } from '../src/test-support/server/app';
import { createTestDatabase, type TestDatabase } from '../src/test-support/server/database';
import { useBrowser } from './support/browser';
import { freePort } from './support/server-process';

const newestMigration = newestMigrationTag();

// This file runs its own server in-process on the embedded database, so it can take the
// database away for real (closing the live PGlite instance) and watch the app recover. It stays
// away this long after the first statement that found it gone (the page's server render): long
// enough for the page's code to ask while it is still away on a loaded machine, where 3 s was not.
const REOPEN_DELAY_MS = 10_000;
let server: FastifyInstance;
let testDatabase: TestDatabase;
let baseUrl = '';

beforeAll(async () => {
  testDatabase = await createTestDatabase({ onDisk: true, reopenDelayMs: REOPEN_DELAY_MS });
  // The site's own address, so the pages' requests pass the origin check.
  const port = await freePort();
  server = await buildApp({ config: testConfig({ BASE_URL: `http://127.0.0.1:${port}` }), database: testDatabase.database });
  baseUrl = await server.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
  await testDatabase?.destroy();
});

const session = useBrowser(() => baseUrl);

async function takeDatabaseAway() {
  const { database } = testDatabase;
  if (database.kind !== 'pglite') throw new Error('expected the embedded database');
  await (await database.connection.instanceNow()).close();
}

describe('the Application Error screen', () => {
  it('explains a database outage and leads to the Supabase setup page', async () => {
    session.allowConsoleError(/503 \(Service Unavailable\)/);
    // The error boundary logs what it caught.
    session.allowConsoleError(/ApiError: The database cannot be reached/);
    const page = await session.newPage({ signedInAs: 'demo' });
    await takeDatabaseAway();
    const failedIds: string[] = [];
    page.on('response', (response) => {
      const id = response.headers()['x-request-id'];
      if (response.status() === 503 && id) failedIds.push(id);
    });
    await page.goto('/games');
    await page.getByRole('heading', { name: 'Application Error' }).waitFor();
    expect(await page.getByText('moving from one backend to another').count()).toBe(1);
    // The id the failed answer carried, to quote to whoever runs the server.
    expect(await page.getByText('quote this id').count()).toBe(1);
    const shown = await page.getByRole('alert').locator('code').textContent();
    expect(shown).toMatch(/^[0-9a-f-]{36}$/);
    expect(failedIds).toContain(shown);
    await page.getByRole('button', { name: 'Go to Supabase Setup' }).click();
    await page.waitForURL('**/supabase-setup');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Application Error' }).count()).toBe(0);

    // Refreshed until the database is back: shown twice once it answers, as the schema version
    // and in the list of applied migrations.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return page.getByText(newestMigration).count();
        },
        { timeout: REOPEN_DELAY_MS + 20_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
  });

  it("shows other errors' messages and 'Try Again' renders the screen again", async () => {
    session.allowConsoleError(/ERR_CONNECTION_REFUSED|ERR_FAILED/);
    session.allowConsoleError(/NetworkError: Could not reach GameSource/);
    const page = await session.newPage({ signedInAs: 'demo' });
    // Opened from another screen: a first visit to /games comes with its games from the server.
    await page.goto('/about');
    await page.route('**/api/games?*', (route) => route.abort('connectionrefused'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Games', exact: true }).click();
    await page.getByRole('heading', { name: 'Application Error' }).waitFor({ timeout: 15_000 });
    expect(await page.getByText('Could not reach GameSource').count()).toBe(1);
    // No answer came, so there is no id to quote.
    expect(await page.getByText('quote this id').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Go to Supabase Setup' }).count()).toBe(0);

    await page.unroute('**/api/games?*');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect.poll(() => page.getByRole('article').count(), { timeout: 10_000 }).toBe(12);
    expect(await page.getByRole('heading', { name: 'Application Error' }).count()).toBe(0);
  });
});

describe('the something-went-wrong page', () => {
  it('appears when a screen cannot be loaded', async () => {
    session.allowConsoleError(/ERR_FAILED|Failed to fetch dynamically imported module/);
    const page = await session.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.route(/\/assets\/about-screen-.*\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'About' }).first().click();
    await page.getByRole('heading', { name: /something went wrong/i }).waitFor();
  });
});
