import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../shared/errors';
import { malformedBody, pathSegment, pathTail, queryString, type MalformedBody } from '../../test-support/malformed-input';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test-support/server/app';
import { signUpMember } from '../../test-support/server/members';
import { recordingRoutes, type RegisteredRoute } from '../../test-support/server/registered-routes';
import { users } from '../db/schema';

// The attacker sends random malformed path parts, query strings and bodies to every route the
// app registers, anonymous and signed in, from the site's own origin (so every check before
// the handler lets them through), and gets a 4xx, never a 5xx.
// FUZZ_SEED=<n> replays a run; FUZZ_RUNS=<n> sends more requests per route.

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 12);
/** Routes fuzzed side by side; each keeps its own seed, so a failure replays the same requests. */
const ROUTES_AT_ONCE = 4;

/** Better Auth's endpoints behind its one wildcard route (those of the plugins we use). */
const authEndpoints = [
  'sign-up/email',
  'sign-in/email',
  'sign-in/username',
  'sign-in/social',
  'sign-in/magic-link',
  'magic-link/verify',
  'sign-in/phone-number',
  'phone-number/send-otp',
  'phone-number/verify',
  'phone-number/request-password-reset',
  'phone-number/reset-password',
  'sign-in/oauth2',
  'oauth2/callback/x',
  'oauth2/link',
  'callback/github',
  'get-session',
  'request-password-reset',
  'reset-password',
  'reset-password/x',
  'verify-email',
  'send-verification-email',
  'change-email',
  'change-password',
  'update-user',
  'list-sessions',
  'revoke-session',
  'link-social',
  'list-accounts',
  'unlink-account',
  'refresh-token',
  'get-access-token',
  'account-info',
  'is-username-available',
  'admin/set-role',
  'admin/create-user',
  'admin/list-users',
  'admin/get-user',
  'admin/ban-user',
  'admin/unban-user',
  'admin/update-user',
  'admin/has-permission',
  'admin/list-user-sessions',
  'admin/set-user-password',
  'ok',
  'error',
  'verify-password',
  'update-session',
  'nothing-here',
];
/** Ends a signed-in identity's session or account: sent only anonymously, so identities last the run. */
const endsSession = [
  'sign-out',
  'delete-user',
  'delete-user/callback',
  'revoke-sessions',
  'revoke-other-sessions',
  'admin/impersonate-user',
  'admin/stop-impersonating',
  'admin/remove-user',
  'admin/revoke-user-session',
  'admin/revoke-user-sessions',
];

type Identity = 'anonymous' | 'member' | 'admin';

interface FuzzRequest {
  method: HTTPMethods;
  url: string;
  body: MalformedBody | undefined;
  identity: Identity;
  /** Spread over many addresses, so per-address rate limits leave the handlers something to do. */
  address: string;
}

let t: TestApp;
let routes: RegisteredRoute[];
const cookies: Record<Identity, string> = { anonymous: '', member: '', admin: '' };

beforeAll(async () => {
  ({ built: t, routes } = await recordingRoutes(() => createTestApp()));
  const member = await signUpMember(t.app, { name: 'Fuzz Member' });
  cookies.member = member.client.cookieHeader;
  const admin = await signUpMember(t.app, { name: 'Fuzz Admin' });
  await t.database.db.update(users).set({ role: 'admin', emailVerified: true }).where(eq(users.email, admin.email));
  cookies.admin = admin.client.cookieHeader;
  // Until then /api/ready answers 503 by design, whatever it is sent.
  await vi.waitFor(async () => expect((await t.app.inject('/api/ready')).statusCode).toBe(200), { timeout: 10_000 });
});
afterAll(() => t.close());

const isStatic = (url: string) => /^\/(assets|media|covers)\//.test(url) || /\.[a-z]+$/.test(url);

function wildcardTail(url: string, identity: Identity): fc.Arbitrary<string> {
  if (url === '/api/auth/*') {
    const endpoints = identity === 'anonymous' ? [...authEndpoints, ...endsSession] : authEndpoints;
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...endpoints) }, { weight: 1, arbitrary: pathTail });
  }
  if (url === '/api/documents/*') {
    return fc.oneof(
      pathTail,
      fc.tuple(fc.constantFrom('users', 'lists', 'games'), pathTail).map(([c, rest]) => `${c}/${rest}`),
    );
  }
  return pathTail;
}

/** The route's URL with each `:param` and `*` replaced by something malformed. */
function urlFor(route: RegisteredRoute, identity: Identity): fc.Arbitrary<string> {
  const parts = route.url.split(/(\/:[A-Za-z]+|\*)/).filter(Boolean);
  const filled = parts.map((part) =>
    part === '*' ? wildcardTail(route.url, identity) : part.startsWith('/:') ? pathSegment.map((s) => `/${s}`) : fc.constant(part),
  );
  return fc
    .tuple(fc.tuple(...filled), fc.option(queryString, { freq: 2 }))
    .map(([pieces, query]) => pieces.join('') + (query === null ? '' : `?${query}`));
}

function requestFor(route: RegisteredRoute): fc.Arbitrary<FuzzRequest> {
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  return fc.constantFrom<Identity>('anonymous', 'member', 'admin').chain((identity) =>
    fc.record({
      method: fc.constant(route.method),
      url: urlFor(route, identity),
      body: hasBody ? fc.option(malformedBody, { freq: 8, nil: undefined }) : fc.constant(undefined),
      identity: fc.constant(identity),
      address: fc.oneof(
        fc.constant('127.0.0.1'),
        fc.nat(65_535).map((n) => `10.77.${n >> 8}.${n & 255}`),
      ),
    }),
  );
}

async function send(request: FuzzRequest): Promise<{ response: LightMyRequestResponse; body: string }> {
  const headers: Record<string, string> = { origin: TEST_BASE_URL };
  if (cookies[request.identity]) headers.cookie = cookies[request.identity];
  if (request.body?.contentType !== undefined) headers['content-type'] = request.body.contentType;
  // A stream so that a live event stream answers as soon as it starts; it is then dropped.
  const response = await t.app.inject({
    method: request.method,
    url: request.url,
    headers,
    remoteAddress: request.address,
    ...(request.body ? { payload: request.body.payload } : {}),
    payloadAsStream: true,
  });
  const stream = response.stream();
  if (String(response.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy();
    return { response, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { response, body: Buffer.concat(chunks).toString() };
}

/** Better Auth's own refusals under /api/auth: `{ code, message }`, its contract (decision 0032). */
const libraryRefusalSchema = z.object({ message: z.string().min(1) });

/**
 * Our JSON 4xx answers have the house shape; Better Auth's own answers under /api/auth have
 * theirs, and a path it has no endpoint for has ours. Either way the client is told why.
 */
function expectHouseShape(request: FuzzRequest, response: LightMyRequestResponse, body: string, context: string) {
  const contentType = String(response.headers['content-type'] ?? '');
  if (response.statusCode < 400 || !contentType.startsWith('application/json')) return;
  const answer: unknown = JSON.parse(body);
  const told =
    errorBodySchema.safeParse(answer).success || (request.url.startsWith('/api/auth/') && libraryRefusalSchema.safeParse(answer).success);
  expect(told, `not { error: { code, message } }: ${context}`).toBe(true);
}

function describeRequest(request: FuzzRequest): string {
  const body = request.body ? ` ${request.body.contentType ?? '(no type)'} ${String(request.body.payload).slice(0, 200)}` : '';
  return `${request.identity} ${request.method} ${request.url.slice(0, 300)}${body}`;
}

/** The first request that broke the property for this route, or null. */
async function fuzzRoute(route: RegisteredRoute, routeSeed: number): Promise<string | null> {
  const numRuns = isStatic(route.url) ? 1 : route.url.includes('*') ? runsPerRoute * 4 : runsPerRoute;
  const details = await fc.check(
    fc.asyncProperty(requestFor(route), async (request) => {
      const { response, body } = await send(request);
      const context = `${describeRequest(request)}\n   => ${response.statusCode} ${body.slice(0, 300)}`;
      expect(response.statusCode, context).toBeLessThan(500);
      expectHouseShape(request, response, body, context);
    }),
    // Shrinking would send hundreds more requests; the first failure says enough.
    { seed: routeSeed, numRuns, endOnFailure: true },
  );
  if (!details.failed) return null;
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  return `${route.method} ${route.url}: ${error.split('\n').slice(0, 2).join(' ')}`;
}

describe(`every route, given malformed input, answers 4xx and never 5xx (FUZZ_SEED=${seed})`, () => {
  it('holds for every registered route', async () => {
    const fuzzed = routes.filter((route) => route.method !== 'HEAD');
    expect(fuzzed.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/auth/*',
        'POST /api/auth/*',
        'PUT /api/documents/*',
        'POST /api/documents:batch',
        'POST /api/uploads',
        'GET /api/live',
      ]),
    );
    // A few routes at a time: a request mostly waits on the database, which is another thread or process.
    const failures: string[] = [];
    const queue = [...fuzzed.entries()];
    const fuzzer = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const failure = await fuzzRoute(next[1], seed + next[0]);
        if (failure) failures.push(failure);
      }
    };
    await Promise.all(Array.from({ length: ROUTES_AT_ONCE }, fuzzer));
    expect(failures, `replay with FUZZ_SEED=${seed}:\n${failures.join('\n')}`).toEqual([]);
  }, 120_000);
});
