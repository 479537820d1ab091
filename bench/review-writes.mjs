// `npm run bench:reviews`: serves the built app (SERVER_ENTRY, default dist/server/main.js) on
// DATABASE_URL, or on a fresh embedded database in a temporary folder, signs up WRITERS (50)
// members through the API (each confirmed by the link in the local outbox), has each review a
// sample game, then has all of them edit their reviews at once for BENCH_SECONDS (10) and prints
// writes/s and p50/p99. Every edit publishes a live event and changes the game's rating, as a
// real one does. To compare with an earlier version, build it elsewhere and point SERVER_ENTRY
// at it (its data goes to a database of its own).
import { latestOutboxMessage, sampleGameIds, startServer } from './support/server.mjs';

const WRITERS = Number(process.env.WRITERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'silver-lantern-orchard-31';

/** A member signed in through the API: sign-up, then the confirmation link from the outbox. */
async function signUp(base, n) {
  const address = `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const cookies = new Map();
  const call = async (url, init = {}) => {
    const response = await fetch(url.startsWith('http') ? url : `${base}${url}`, {
      ...init,
      redirect: 'manual',
      headers: {
        origin: base,
        'x-forwarded-for': address,
        'content-type': 'application/json',
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...init.headers,
      },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = pair.split('=');
      cookies.set(name, value.join('='));
    }
    return response;
  };
  const email = `writer${n}-${Date.now()}@example.com`;
  const signedUp = await call('/api/auth/sign-up/email', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD, name: `Writer ${n}` }),
  });
  if (!signedUp.ok) throw new Error(`Sign-up failed: ${signedUp.status} ${await signedUp.text()}`);
  const link = /https?:\/\/\S+/.exec((await latestOutboxMessage(base, email))?.text ?? '')?.[0];
  if (!link) throw new Error(`No confirmation link for ${email}`);
  const confirmed = await call(link);
  if (confirmed.status !== 302) throw new Error(`Confirming failed: ${confirmed.status}`);
  return call;
}

const { base, stop } = await startServer({
  env: {
    NODE_ENV: 'development',
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-auth',
    // Each writer comes from an address of its own, as real members do.
    TRUST_PROXY: 'true',
    WRITES_PER_MINUTE_PER_USER: '1000000',
    WRITES_PER_MINUTE_PER_ADDRESS: '1000000',
  },
});
const latencies = [];
let failed = 0;
try {
  // A search waits until every game's text is in memory: what is timed is writes, not start-up.
  await fetch(`${base}/api/games?q=game&pageSize=1`);
  const gameIds = await sampleGameIds(base, { pages: 1 });
  const writers = [];
  for (let n = 0; n < WRITERS; n++) writers.push(await signUp(base, n));
  const reviews = await Promise.all(
    writers.map(async (call, n) => {
      const response = await call(`/api/games/${gameIds[n % gameIds.length]}/reviews`, {
        method: 'POST',
        body: JSON.stringify({ stars: 3, body: 'A first look.' }),
      });
      if (response.status !== 201) throw new Error(`Review failed: ${response.status} ${await response.text()}`);
      return (await response.json()).id;
    }),
  );
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    writers.map(async (call, n) => {
      for (let edit = 0; performance.now() < until; edit++) {
        const started = performance.now();
        const response = await call(`/api/reviews/${reviews[n]}`, {
          method: 'PUT',
          body: JSON.stringify({ stars: 1 + (edit % 5), body: `Edit ${edit}` }),
        });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - started);
        else failed++;
      }
    }),
  );
} finally {
  await stop();
}

latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
console.log(
  `database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'}; server ${process.env.SERVER_ENTRY ?? 'dist/server/main.js'}`,
);
console.log(`${WRITERS} signed-in writers editing their reviews at once for ${SECONDS} s`);
console.log(
  `review writes/s: ${(latencies.length / SECONDS).toFixed(0)}  p50 ${at(0.5).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms  failed ${failed}`,
);
if (failed > 0) process.exitCode = 1;
