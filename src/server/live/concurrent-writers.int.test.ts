// Publishers do not take turns: many transactions write events at once, and one may commit long
// after later ones. A listener must still get every event exactly once, in the order it resumes
// by, across a reconnect. PostgreSQL only: the embedded database runs one transaction at a time.
import { and, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueTopic, gameTopic } from '../../shared/live';
import { compareLiveCursors, formatLiveCursor, parseLiveCursor } from '../../shared/live-cursor';
import { createTestApp, type TestApp } from '../../test-support/server/app';
import { testDatabaseUrl } from '../../test-support/server/database';
import { HttpClient } from '../../test-support/server/http-client';
import { signUpMember } from '../../test-support/server/members';
import { listenOnLoopback, SseClient, type SseEvent } from '../../test-support/server/sse-client';
import { selectRows } from '../db/client';
import { liveEvents } from '../db/schema';
import { publish } from './publish';

const WRITERS = 24;
const GAMES = 4;

let t: TestApp;
let base: string;
let gameIds: number[];
let writers: HttpClient[];
const open: SseClient[] = [];

describe.runIf(testDatabaseUrl)('many publishers at once (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    base = await listenOnLoopback(t.app);
    const games = await selectRows<{ id: number }>(
      t.database,
      sql`select id from games where status = 'published' and owner_id is null order by id limit ${GAMES}`,
    );
    gameIds = games.map((game) => game.id);
    writers = [];
    for (let n = 0; n < WRITERS; n++) writers.push((await signUpMember(t.app, { name: `Writer ${n}` })).client);
  }, 120_000);
  afterAll(async () => {
    for (const client of open) client.close();
    await t?.close();
  });

  const topics = () => [catalogueTopic, ...gameIds.map(gameTopic)];

  async function listen(headers: Record<string, string> = {}) {
    const client = await SseClient.open(`${base}/api/live?topics=${topics().map(encodeURIComponent).join(',')}`, headers);
    open.push(client);
    return client;
  }

  /** Every writer reviews a game at once (round r: writer n reviews the (n + r)th game). */
  async function reviewRound(round: number, writerRange = [0, WRITERS]) {
    const responses = await Promise.all(
      writers.slice(writerRange[0], writerRange[1]).map((client, n) =>
        client.post(`/api/games/${gameIds[(n + writerRange[0]! + round) % GAMES]}/reviews`, {
          stars: 1 + ((n + round) % 5),
          body: `Round ${round}`,
        }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
  }

  /** A transaction that publishes now and commits only when told to. */
  async function lateTransaction(gameId: number) {
    let commit!: () => void;
    let published!: () => void;
    const isPublished = new Promise<void>((resolve) => (published = resolve));
    const committed = t.database.db.transaction(async (tx) => {
      await publish(tx, gameTopic(gameId), { late: true });
      published();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await isPublished;
    return {
      commit: async () => {
        commit();
        await committed;
      },
    };
  }

  const cursorsOf = (events: SseEvent[]) => events.map((event) => parseLiveCursor(event.id!)!);
  const inOrder = (events: SseEvent[]) => {
    const cursors = cursorsOf(events);
    return cursors.every((cursor, i) => i === 0 || compareLiveCursors(cursors[i - 1]!, cursor) < 0);
  };

  it('hands a listener that reconnects mid-way every event exactly once, in cursor order, late commits included', async () => {
    const [{ before }] = (await selectRows<{ before: number }>(
      t.database,
      sql`select coalesce(max(id), 0)::int as "before" from live_events`,
    )) as [{ before: number }];
    const first = await listen();
    await expect.poll(() => first.readyId).toBeDefined();

    // Round 0 commits while an earlier event's transaction is still open: it waits for it.
    const late = await lateTransaction(gameIds[0]!);
    await reviewRound(0);
    await late.commit();
    const firstRound = WRITERS * 2 + 1;
    await first.waitForEvents(firstRound, 10_000);

    // Round 1 in two halves; the listener drops between them, while another late one is open.
    await reviewRound(1, [0, WRITERS / 2]);
    await first.waitForEvents(firstRound + WRITERS, 10_000);
    const lateAgain = await lateTransaction(gameIds[1]!);
    const secondHalf = reviewRound(1, [WRITERS / 2, WRITERS]);
    first.close();
    await secondHalf;
    await lateAgain.commit();

    // Round 2 goes on while the listener reconnects and its replay runs.
    const lastSeen = first.events.at(-1)!.id!;
    const round2 = reviewRound(2);
    const resumed = await listen({ 'last-event-id': lastSeen });
    await round2;

    const stored = await t.database.db
      .select({ id: liveEvents.id, txid: liveEvents.txid })
      .from(liveEvents)
      .where(and(gt(liveEvents.id, before), inArray(liveEvents.topic, topics())));
    const expected = stored.sort(compareLiveCursors).map(formatLiveCursor);
    expect(expected).toHaveLength(WRITERS * 2 * 3 + 2);
    await resumed.waitForEvents(expected.length - first.events.length, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const received = [...first.events, ...resumed.events];
    expect(inOrder(first.events) && inOrder(resumed.events)).toBe(true);
    expect(received.map((event) => event.id)).toEqual(expected);
  }, 120_000);

  it('shows a catalogue change committed late by a long transaction, after later ones were taken in', async () => {
    const [early, later] = gameIds as [number, number];
    const search = async (word: string) =>
      ((await new HttpClient(t.app).get(`/api/games?q=${word}`)).json() as { items: { id: string }[] }).items.map((game) =>
        Number(game.id),
      );

    let commit!: () => void;
    let updated!: () => void;
    const isUpdated = new Promise<void>((resolve) => (updated = resolve));
    const longTransaction = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update games set title = 'Harbinger Latecomer' where id = ${early}`);
      updated();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await isUpdated;
    // Noted after the long transaction's change, committed first, and taken in by the catalogue.
    await t.database.db.execute(sql`update games set title = 'Quillfeather Prompt' where id = ${later}`);
    expect(await search('quillfeather')).toEqual([later]);
    expect(await search('harbinger')).toEqual([]);

    commit();
    await longTransaction;
    expect(await search('harbinger')).toEqual([early]);
  });
});
