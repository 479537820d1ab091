import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseSamples, sampleValue } from '../../test-support/prometheus-text';
import { createTestApp, type TestApp } from '../../test-support/server/app';
import { testDatabaseUrl } from '../../test-support/server/database';

// An operator's Prometheus scrapes GET /metrics: on this machine freely, from elsewhere only
// with METRICS_TOKEN as a bearer token; anyone else finds no such page.

const TOKEN = 'scrape-token-0123456789abcdef';
const apps: TestApp[] = [];
/** The default settings: no METRICS_TOKEN, no TRUST_PROXY. */
let plain: TestApp;
/** Behind a proxy on this machine, with a token for remote scrapers. */
let withToken: TestApp;

beforeAll(async () => {
  [plain, withToken] = await Promise.all([
    app({ jobTiming: { everyMs: 200 } }),
    app({ env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: '127.0.0.1' } }),
  ]);
});
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
});

async function app(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp(options);
  apps.push(t);
  return t;
}

/** A scrape from this machine, as Prometheus beside the app makes it. */
async function scrape(t: TestApp): Promise<string> {
  const response = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { host: 'localhost:3000' } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

const requestsTo = (text: string, route: string, status: string) =>
  sampleValue(text, 'gamesource_http_requests_total', { method: 'GET', route, status }) ?? 0;

describe('GET /metrics from this machine', () => {
  it('counts requests, their latency and errors by route pattern, and the counts move', async () => {
    const t = plain;
    for (const id of [1, 2, 3]) expect((await t.app.inject(`/api/games/${id}`)).statusCode).toBe(200);
    expect((await t.app.inject('/api/games/999999')).statusCode).toBe(404);
    const first = await scrape(t);
    expect(requestsTo(first, '/api/games/:id', '200')).toBe(3);
    expect(requestsTo(first, '/api/games/:id', '404')).toBe(1);
    expect(sampleValue(first, 'gamesource_http_request_duration_seconds_count', { method: 'GET', route: '/api/games/:id' })).toBe(4);
    // The URL a client sent never becomes a label: only the route's pattern does.
    expect(first).not.toContain('/api/games/999999');
    expect(first).not.toContain('/api/games/1"');

    await t.app.inject('/api/games/4');
    await t.app.inject('/no/such/page/at/all');
    const second = await scrape(t);
    expect(requestsTo(second, '/api/games/:id', '200')).toBe(4);
    expect(second).not.toContain('/no/such/page');
    expect(requestsTo(second, 'unmatched', '404')).toBe(1);
  });

  it("reports the catalogue index, the database, live subscribers, job runs and the process's own figures", async () => {
    const t = plain;
    await t.app.inject('/api/games');
    await vi.waitFor(async () => {
      const text = await scrape(t);
      expect(sampleValue(text, 'gamesource_job_runs_total', { outcome: 'succeeded' })).toBeGreaterThan(0);
    });
    const text = await scrape(t);
    expect(sampleValue(text, 'gamesource_catalogue_index_games')).toBe(12);
    expect(sampleValue(text, 'gamesource_outgoing_messages_failed')).toBe(0);
    expect(sampleValue(text, 'gamesource_catalogue_index_staleness_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(text, 'gamesource_catalogue_index_last_catch_up_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(text, 'gamesource_live_subscribers')).toBe(0);
    expect(sampleValue(text, 'gamesource_process_resident_memory_bytes')).toBeGreaterThan(0);
    if (testDatabaseUrl) {
      expect(sampleValue(text, 'gamesource_db_pool_connections')).toBeGreaterThan(0);
      expect(sampleValue(text, 'gamesource_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(sampleValue(text, 'gamesource_db_embedded_statements_in_flight')).toBeGreaterThanOrEqual(0);
    }
  });

  it('counts a 5xx answer as an error of its route', async () => {
    if (testDatabaseUrl) return; // the outage is made by closing the embedded database
    const t = await app({ onDisk: true, reopenDelayMs: 300 });
    if (t.database.kind !== 'pglite') throw new Error('expected the embedded database');
    await (await t.database.connection.instanceNow()).close();
    expect((await t.app.inject('/api/categories')).statusCode).toBe(503);
    await sleep(350);
    const text = await scrape(t);
    expect(sampleValue(text, 'gamesource_http_request_errors_total', { route: '/api/categories', status: '503' })).toBe(1);
    expect(sampleValue(text, 'gamesource_http_request_errors_total', { route: '/api/games/:id' })).toBeUndefined();
  });

  it('reports a gauge another part of the app registers, read at each scrape', async () => {
    const t = plain;
    let queued = 3;
    t.app.metrics.gauge('outgoing_messages_queued', 'Messages waiting to be sent', () => queued);
    expect(sampleValue(await scrape(t), 'gamesource_outgoing_messages_queued')).toBe(3);
    queued = 0;
    expect(sampleValue(await scrape(t), 'gamesource_outgoing_messages_queued')).toBe(0);
  });

  it("keeps each app's figures to itself", async () => {
    await withToken.app.inject('/api/categories');
    await withToken.app.inject('/api/categories');
    expect(requestsTo(await scrape(withToken), '/api/categories', '200')).toBe(2);
    expect(requestsTo(await scrape(plain), '/api/categories', '200')).toBe(0);
  });
});

describe('GET /metrics from elsewhere', () => {
  const fromAfar = (t: TestApp, headers: Record<string, string> = {}) =>
    t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7', headers: { host: 'gamesource.test', ...headers } });

  it('is not there without METRICS_TOKEN', async () => {
    const response = await fromAfar(plain);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('gamesource_');
  });

  it('needs the token as a bearer token when METRICS_TOKEN is set', async () => {
    const t = withToken;
    const none = await fromAfar(t);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    expect((await fromAfar(t, { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
    expect((await fromAfar(t, { authorization: `Basic ${TOKEN}` })).statusCode).toBe(401);
    const right = await fromAfar(t, { authorization: `Bearer ${TOKEN}` });
    expect(right.statusCode).toBe(200);
    expect(parseSamples(right.body).length).toBeGreaterThan(0);
  });

  it('treats a request a proxy on this machine passed on as remote, unless TRUST_PROXY says who sent it', async () => {
    const viaProxy = { url: '/metrics', remoteAddress: '127.0.0.1', headers: { host: 'localhost', 'x-forwarded-for': '203.0.113.9' } };
    expect((await plain.app.inject(viaProxy)).statusCode).toBe(404);
    const trusted = withToken;
    expect((await trusted.app.inject(viaProxy)).statusCode).toBe(401);
    // A client that is itself on this machine, as the trusted proxy reports it.
    const local = { ...viaProxy, headers: { ...viaProxy.headers, 'x-forwarded-for': '127.0.0.1' } };
    expect((await trusted.app.inject(local)).statusCode).toBe(200);
    // A client's own X-Forwarded-For is not believed when it does not come from the proxy.
    const forged = { ...local, remoteAddress: '203.0.113.9' };
    expect((await trusted.app.inject(forged)).statusCode).toBe(401);
  });
});

describe('GET /metrics on a real socket', () => {
  function get(port: number, host: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/metrics', headers: { host } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
  }

  it('answers a scraper on loopback, and not a page whose DNS name was pointed at loopback', async () => {
    const t = plain;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
    const local = await get(address.port, `127.0.0.1:${address.port}`);
    expect(local.status).toBe(200);
    const again = await get(address.port, `localhost:${address.port}`);
    expect(requestsTo(again.body, '/metrics', '200')).toBe(requestsTo(local.body, '/metrics', '200') + 1);
    expect((await get(address.port, `rebound.example:${address.port}`)).status).toBe(404);
  });
});
