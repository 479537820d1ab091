import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client';

/** One place held under a key: its row in `limit_counters`, and the token that proves it is ours. */
export interface HeldPlace {
  key: string;
  token: number;
}

/**
 * A fixed number of places under a key, shared by every instance on the database: open event
 * streams per member, per address. Each place is a row of `limit_counters` under an exact key
 * (`<key>#<n>`, n below the most), so taking one is a primary-key insert that two instances
 * cannot both win, and counting needs no scan. A place is held until its lease ends: the holder
 * renews it while it lasts and deletes it when done, so a crashed instance's places come free
 * once their leases run out. The row's `count` holds the holder's token, so a late release or
 * renewal never touches a place someone else has taken since.
 */
export interface Places {
  /** Takes a free place under `key` (one of `most`), or answers undefined when all are held. */
  take(key: string, most: number): Promise<HeldPlace | undefined>;
  /** Extends the leases of these places; answers those that were lost (taken by someone else). */
  renew(places: readonly HeldPlace[]): Promise<HeldPlace[]>;
  release(place: HeldPlace): Promise<void>;
}

const table = sql.identifier('limit_counters');
// Far below PostgreSQL's 65,535 parameters, two per place.
const RENEW_BATCH = 1000;

const placeKey = (key: string) => sql`${key} || '#' || n`;

export function createPlaces(database: Database, leaseMs: number): Places {
  const lease = sql`make_interval(secs => ${leaseMs / 1000}::float8)`;

  /** One look: whether a free place was seen, and the key taken (none when another request won it). */
  const tryTake = async (key: string, most: number, token: number) => {
    const [row] = await selectRows<{ seen: boolean; taken: string | null }>(
      database,
      sql`with free as (
            select ${placeKey(key)} as key from generate_series(0, ${most - 1}::int) n
            where not exists (select 1 from ${table} held where held.key = ${placeKey(key)} and held.expires_at > now())
            order by random() limit 1
          ), taken as (
            insert into ${table} (key, count, expires_at) select key, ${token}::int, now() + ${lease} from free
            on conflict (key) do update set count = excluded.count, expires_at = excluded.expires_at, blocked_until = null
            where ${table}.expires_at <= now()
            returning key
          )
          select exists (select 1 from free) as seen, (select key from taken) as taken`,
    );
    return { seen: Boolean(row?.seen), taken: row?.taken ?? undefined };
  };

  const renewBatch = async (batch: readonly HeldPlace[]) => {
    const held = sql.join(
      batch.map(({ key, token }) => sql`(${key}::text, ${token}::int)`),
      sql`, `,
    );
    const renewed = await selectRows<{ key: string }>(
      database,
      sql`update ${table} set expires_at = now() + ${lease} from (values ${held}) as held(key, token)
          where ${table}.key = held.key and ${table}.count = held.token
          returning ${table}.key`,
    );
    const kept = new Set(renewed.map((row) => row.key));
    return batch.filter((place) => !kept.has(place.key));
  };

  return {
    async take(key, most) {
      const token = randomInt(1, 2 ** 31 - 1);
      // A free place seen but taken first by another request is looked for again: each miss means
      // someone else got one, so without releases meanwhile every place is gone within `most` misses.
      for (let tries = 0; tries <= most; tries++) {
        const { seen, taken } = await tryTake(key, most, token);
        if (taken) return { key: taken, token };
        if (!seen) return undefined;
      }
      return undefined;
    },
    async renew(places) {
      const lost: HeldPlace[] = [];
      for (let start = 0; start < places.length; start += RENEW_BATCH)
        lost.push(...(await renewBatch(places.slice(start, start + RENEW_BATCH))));
      return lost;
    },
    async release({ key, token }) {
      await database.db.execute(sql`delete from ${table} where key = ${key} and count = ${token}::int`);
    },
  };
}
