import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/server/app';
import { selectRows } from '../db/client';

// Every list and page shows a game's primary category, so one published game without any would
// break them all: the database refuses that state, checked when a transaction commits.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What the database said when it refused (Drizzle wraps its error), or 'done'. */
const outcome = (work: Promise<unknown>) =>
  work.then(
    () => 'done',
    (error: Error) => (error.cause instanceof Error ? error.cause : error).message,
  );

const categoriesOf = (gameId: number) =>
  selectRows<{ category_slug: string }>(
    t.database,
    sql`select category_slug from game_categories where game_id = ${gameId} order by position`,
  );

describe('a published game always has a category', () => {
  it('refuses to take away its last one, and the catalogue goes on answering', async () => {
    const before = await categoriesOf(1);
    expect(await outcome(selectRows(t.database, sql`delete from game_categories where game_id = 1`))).toBe(
      'Game 1 is published but has no category',
    );
    expect(await categoriesOf(1)).toEqual(before);
    for (const url of ['/api/games/1', '/api/games?pageSize=50', '/api/home']) expect((await t.app.inject(url)).statusCode, url).toBe(200);
  });

  it('lets one transaction replace its categories', async () => {
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from game_categories where game_id = 1`);
      await tx.execute(sql`insert into game_categories (game_id, category_slug, position) values (1, 'puzzle', 0)`);
    });
    expect(await categoriesOf(1)).toEqual([{ category_slug: 'puzzle' }]);
  });

  it('refuses to publish a game that has none', async () => {
    const [draft] = await selectRows<{ id: number }>(
      t.database,
      sql`insert into games (slug, title, tagline, description, image_path, image_alt, release_date, developer, play_url, status)
          select 'no-category', title, tagline, description, image_path, image_alt, release_date, developer, play_url, 'draft'
          from games where id = 1 returning id`,
    );
    expect(await outcome(selectRows(t.database, sql`update games set status = 'published' where id = ${draft!.id}`))).toBe(
      `Game ${draft!.id} is published but has no category`,
    );
    expect(await selectRows(t.database, sql`select status from games where id = ${draft!.id}`)).toEqual([{ status: 'draft' }]);
  });
});
