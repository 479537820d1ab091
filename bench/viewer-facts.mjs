// `npm run bench:viewer-facts`: the signed-in game viewer's own facts on DATABASE_URL (run
// `npm run bench:dataset` first), straight on the database with 50 connections for
// BENCH_SECONDS (default 5) each: as two prepared statements side by side (own review, and
// favourites among the page's games), then as the one statement the endpoint now makes.
import pg from 'pg';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const reviewColumns = `r.id, r.game_id, r.user_id, u.name, r.stars, r.body, r.helpful_count, r.created_at, r.updated_at,
  exists (select 1 from review_votes v where v.review_id = r.id and v.user_id = $1), g.owner_id`;
const reviewFrom = `from games g left join reviews r on (r.game_id = g.id and r.user_id = $1)
  left join users u on u.id = r.user_id where g.id = $2 and g.status = 'published'`;

const statements = {
  'two statements': [
    { name: 'bench_my_review', text: `select ${reviewColumns} ${reviewFrom}`, values: (user, ids) => [user, ids[0]] },
    {
      name: 'bench_favourites_among',
      text: 'select game_id from favourites where user_id = $1 and game_id = any($2::int[])',
      values: (user, ids) => [user, ids],
    },
  ],
  'one statement': [
    {
      name: 'bench_viewer_facts',
      text: `select ${reviewColumns}, array(select f.game_id from favourites f where f.user_id = $1 and f.game_id = any($3::int[]) order by 1) ${reviewFrom}`,
      values: (user, ids) => [user, ids[0], ids],
    },
  ],
};

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: CONNECTIONS });
const users = (await pool.query('select id from users order by id limit 200')).rows.map((row) => row.id);
const games = (await pool.query("select id from games where status = 'published' order by random() limit 2000")).rows.map((row) => row.id);
const pick = (items) => items[Math.floor(Math.random() * items.length)];

async function run(parts) {
  let done = 0;
  const until = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const user = pick(users);
      const ids = Array.from({ length: 7 }, () => pick(games));
      await Promise.all(parts.map((part) => pool.query({ name: part.name, text: part.text, values: part.values(user, ids) })));
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return done / SECONDS;
}

for (const parts of Object.values(statements)) await run(parts); // warm: prepare on every connection
for (const [label, parts] of Object.entries(statements)) console.log(`${label.padEnd(16)} ${Math.round(await run(parts))} viewers/s`);
await pool.end();
