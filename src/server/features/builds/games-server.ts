import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createTtlCache } from '../../http/ttl-cache';
import { createBuildStorage } from '../../storage/create-build-storage';
import type { GameUrls } from './game-urls';
import { serveBuildFile } from './serve-build-file';
import { buildAccessOf, type BuildAccess } from './service';

/**
 * What every answer of the games origin carries. The origin has no cookies and no session: a
 * game runs here with nothing of the member's. Only the site may frame it.
 */
function gamesOriginHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'self' data: blob:",
      "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:",
      "style-src 'self' 'unsafe-inline'",
      "worker-src 'self' blob:",
      // A game may talk to its maker's servers (its AI may run there); never to the site's.
      'connect-src * data: blob:',
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'none'",
      `frame-ancestors ${config.baseUrl}`,
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
  };
}

/**
 * A game that asked for cross-origin isolation (decision 0073) gets it where it plays at the top
 * of a tab: its own files need no CORP, and nothing from elsewhere loads unless it says it may.
 */
const isolationHeaders = { 'cross-origin-embedder-policy': 'require-corp', 'cross-origin-resource-policy': 'same-origin' };

/**
 * How long an instance trusts that a version may be served: a game loads its files in a burst,
 * one read serves the burst. A version removed or taken down with its game stops playing on
 * every instance within this.
 */
export const BUILD_ACCESS_TTL_MS = 5_000;

const NOT_FOUND = 'No such file in a game build.';

function servable(build: BuildAccess | null, preview: boolean): build is BuildAccess {
  if (!build || build.status === 'rejected') return false;
  return preview || (build.status === 'approved' && build.gameListed);
}

/**
 * The games origin: a Fastify instance of its own (no auth, no cookies, no API), listening on
 * GAMES_PORT beside the site. It serves a listed game's approved build's files to anyone, and a
 * pending build's only through a preview address signed for its maker or a moderator.
 */
export async function buildGamesServer(options: { config: Config; database: Database; urls: GameUrls }): Promise<FastifyInstance> {
  const { config, database, urls } = options;
  const storage = createBuildStorage(config);
  const headers = gamesOriginHeaders(config);
  const access = createTtlCache<BuildAccess | null>(BUILD_ACCESS_TTL_MS, 10_000);
  const app = Fastify({ logger: { level: config.logLevel }, trustProxy: config.trustProxy });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  const notFound = (reply: FastifyReply) =>
    reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_FOUND);
  app.setNotFoundHandler((_request, reply) => notFound(reply));
  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'serving a game file failed');
    return reply.status(500).type('text/plain; charset=utf-8').send('The game file could not be read.');
  });
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const wanted = urls.parse(request.headers.host, pathname);
    if (!wanted) return notFound(reply);
    const read = () => buildAccessOf(database.db, wanted.gameId, wanted.version);
    let build = await access.get(`${wanted.gameId}/${wanted.version}`, read);
    // Only a yes is trusted for a while: a version approved or a game listed a moment ago plays at once.
    if (!servable(build, wanted.preview)) build = await read();
    if (!servable(build, wanted.preview)) return notFound(reply);
    if (build.crossOriginIsolated) reply.headers(isolationHeaders);
    const served = { storage, gameId: wanted.gameId, file: wanted.file, version: wanted.version, immutable: !wanted.preview };
    return (await serveBuildFile(request, reply, served)) ? reply : notFound(reply);
  });
  return app;
}
