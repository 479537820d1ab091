import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { signInVerified } from './accounts';
import { useBrowser, type PageOptions } from './browser';
import { startBuiltServer, type ServerProcess } from './server-process';

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/**
 * A server of the file's own for the moderation flows: its admin (its address is in
 * ADMIN_EMAILS) makes moderators through Better Auth's admin API, as a real admin would; every
 * member signs up from an address of their own. Read `server` inside tests.
 */
export function useModerationServer() {
  const adminEmail = `admin-${Date.now()}-${process.pid}@example.com`;
  const env = { ADMIN_EMAILS: adminEmail, TRUST_PROXY: 'true' };
  let server: ServerProcess;
  let dataDir: string;
  let adminCookies: Cookies | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-e2e-moderation-'));
    server = await startBuiltServer({ env, dataDir });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  const session = useBrowser(() => server.baseUrl);

  async function member(name: string, options: PageOptions & { email?: string } = {}) {
    const page = await session.newPage(options);
    const account = await signInVerified(page, server.baseUrl, name, options.email);
    return { page, ...account };
  }

  /** A page signed in as the admin (signed up once; later pages reuse its session). */
  async function admin(): Promise<Page> {
    const page = await session.newPage();
    if (adminCookies) await page.context().addCookies(adminCookies);
    else {
      await signInVerified(page, server.baseUrl, 'Ada Admin', adminEmail);
      adminCookies = await page.context().cookies();
    }
    return page;
  }

  /** A new member whom the admin makes a moderator. */
  async function moderator(name: string, options: PageOptions = {}) {
    const mod = await member(name, options);
    const promoted = await post(await admin(), '/api/auth/admin/set-role', { userId: mod.id, role: 'moderator' });
    expect(promoted.ok(), await promoted.text()).toBe(true);
    return mod;
  }

  /** A state-changing API call from a signed-in page, through the origin check. */
  const post = (page: Page, apiPath: string, data: unknown) =>
    page.context().request.post(apiPath, { headers: { origin: server.baseUrl }, data });

  /**
   * Makes accounts look as if they signed up `days` ago, which only the database can say: the
   * server stops, the change is written into its files, and it starts again on the same port
   * (sessions are in the database, so every page stays signed in). Call it before the test's
   * pages open a screen: an open screen's live stream logs console errors while the server is away.
   */
  async function signedUpDaysAgo(userIds: string[], days: number): Promise<void> {
    const port = Number(new URL(server.baseUrl).port);
    await server.stop();
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
    await db.query(`update users set created_at = now() - make_interval(days => $1) where id = any($2)`, [days, userIds]);
    await db.close();
    server = await startBuiltServer({ env, dataDir, port });
  }

  return {
    get server() {
      return server;
    },
    session,
    member,
    admin,
    moderator,
    post,
    signedUpDaysAgo,
  };
}

export type ModerationServer = ReturnType<typeof useModerationServer>;
export type Member = Awaited<ReturnType<ModerationServer['member']>>;
