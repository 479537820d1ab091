// `npm run bench:lighthouse`: Lighthouse 12 (mobile defaults: simulated slow 4G and a 4x slower
// CPU) on the built app's home, /games and a game page, signed in as the demo account for the
// signed-in screens. Prints the performance score, FCP, LCP, CLS and TBT of each page (median
// of RUNS runs, default 3) against the targets: score >= 95, LCP < 2.5 s, CLS < 0.1.
// Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium.mjs';
import { demoSessionCookie, firstGameId, startServer } from './support/server.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const chromeFlags = ['--headless', ...chromiumFlags];
const targets = { score: 95, lcpMs: 2500, cls: 0.1 };

async function audit(port, url, cookie) {
  const { lhr } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function medianOf(results) {
  return Object.fromEntries(Object.keys(results[0]).map((key) => [key, median(results.map((r) => r[key]))]));
}

function printRow(name, r) {
  const misses = [
    r.score < targets.score && `score < ${targets.score}`,
    r.lcpMs >= targets.lcpMs && `LCP >= ${targets.lcpMs / 1000} s`,
    r.cls >= targets.cls && `CLS >= ${targets.cls}`,
  ].filter(Boolean);
  const verdict = misses.length ? `  misses target: ${misses.join(', ')}` : '  meets target';
  console.log(
    `${name.padEnd(11)} ${String(r.score).padStart(5)} ${(r.fcpMs / 1000).toFixed(2).padStart(7)} ${(r.lcpMs / 1000).toFixed(2).padStart(7)} ${r.cls.toFixed(3).padStart(7)} ${String(Math.round(r.tbtMs)).padStart(7)}${verdict}`,
  );
  return misses.length === 0;
}

const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags });
try {
  const cookie = await demoSessionCookie(server.base);
  const pages = {
    home: { url: `${server.base}/` },
    games: { url: `${server.base}/games`, cookie },
    'game page': { url: `${server.base}/game-detail?id=${await firstGameId(server.base)}`, cookie },
  };
  const results = {};
  for (const [name, { url, cookie: pageCookie }] of Object.entries(pages)) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await audit(chrome.port, url, pageCookie));
    results[name] = medianOf(runs);
  }
  console.log(`Lighthouse mobile, median of ${RUNS} runs (loopback; simulated throttling)`);
  console.log('page        score  FCP s   LCP s     CLS  TBT ms');
  const met = Object.entries(results).map(([name, result]) => printRow(name, result));
  if (met.includes(false)) process.exitCode = 1;
} finally {
  chrome.kill();
  await server.stop();
}
