import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueQuerySchema } from '../../../shared/catalogue';
import { errorBodySchema } from '../../../shared/errors';
import { MAX_SIMILAR_GAMES } from '../../../shared/game-viewer';
import { gameIdParamsSchema, gameDetailSchema, gamePageSchema, playResultSchema, similarGamesSchema } from '../../../shared/games';
import { seeOtherSchema } from '../../../shared/page-forms-schemas';
import { wholeNumberParam } from '../../../shared/query-params';
import { similarGamesJson } from '../../catalogue';
import type { FeatureOptions } from '../../feature-options';
import { notFound } from '../../http/app-error';
import { signedInErrors } from '../../http/error-responses';
import { markPossiblyStale } from '../../http/possibly-stale';
import { sendJson } from '../../http/send-json';
import { gameUrlsFor, listedBuild } from '../builds';
import { viewerAndHidden } from '../not-interested';
import { renderSamplePlayPage } from './play-page';
import { recordPlay } from './plays';
import { cataloguePageJson, getPublishedGameBySlug } from './service';

const similarQuerySchema = z.object({ limit: wholeNumberParam('limit', 1, MAX_SIMILAR_GAMES).default(6) });

export const gamesRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, catalogue, live }) => {
  const viewerOf = (request: FastifyRequest, reply: FastifyReply) =>
    viewerAndHidden(database.db, live, accounts.sessions, request, markPossiblyStale(reply));
  /** The games the viewer said "Not interested" to; an answer without them is theirs alone. */
  const hiddenFor = async (request: FastifyRequest, reply: FastifyReply) => {
    const { hidden } = await viewerOf(request, reply);
    if (hidden.size > 0) reply.header('cache-control', 'private, no-store');
    return hidden;
  };
  // Read as soon as the app is up rather than on the first request (seconds at 100,000 games); the text for search follows.
  app.addHook('onReady', async () => {
    catalogue
      .index({ search: false })
      .catch((error: unknown) => app.log.warn({ err: error }, 'reading the catalogue failed; the first request will try again'));
  });
  app.get(
    '/games',
    {
      schema: {
        summary: 'The catalogue: search, filter, sort and page the listed games, with facet counts',
        querystring: catalogueQuerySchema,
        response: { 200: gamePageSchema, 400: errorBodySchema },
      },
      config: { publicRead: true },
    },
    async (request, reply) => {
      const whenStale = markPossiblyStale(reply);
      const [index, { viewer, hidden }] = await Promise.all([
        catalogue.index({ search: Boolean(request.query.q), whenStale }),
        viewerOf(request, reply),
      ]);
      // A member's page carries its hearts (the page then asks nothing more for them): theirs alone.
      if (viewer) reply.header('cache-control', 'private, no-store');
      return sendJson(reply, await cataloguePageJson(database.db, live, index, request.query, { viewer, hidden }, whenStale));
    },
  );

  app.get(
    '/games/:id',
    {
      schema: {
        summary: 'One listed game, every field',
        params: gameIdParamsSchema,
        response: { 200: gameDetailSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
      config: { publicRead: true },
    },
    async (request, reply) => {
      const json = await (await catalogue.index({ search: false, whenStale: markPossiblyStale(reply) })).gameJson(request.params.id);
      if (json === undefined) throw notFound(`No game with id ${request.params.id}`);
      return sendJson(reply, json);
    },
  );

  app.post(
    '/games/:id/plays',
    {
      schema: {
        summary: 'Counts a play (once an hour per player)',
        params: gameIdParamsSchema,
        response: { 200: playResultSchema, ...signedInErrors },
      },
    },
    async (request) => recordPlay(database.db, await accounts.sessions.requireUser(request), request.params.id),
  );

  app.get(
    '/games/:id/similar',
    {
      schema: {
        summary: 'Games like this one',
        params: gameIdParamsSchema,
        querystring: similarQuerySchema,
        response: { 200: similarGamesSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
      config: { publicRead: true },
    },
    async (request, reply) => {
      const [index, hidden] = await Promise.all([
        catalogue.index({ search: false, whenStale: markPossiblyStale(reply) }),
        hiddenFor(request, reply),
      ]);
      const json = await similarGamesJson(index, request.params.id, request.query.limit, hidden);
      if (json === undefined) throw notFound(`No game with id ${request.params.id}`);
      return sendJson(reply, json);
    },
  );
};

/** The page Play opens for a sample game (not under /api: it is a page). */
export const samplePlayRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, config }) => {
  const pageSchema = { description: 'An HTML page', content: { 'text/html': { schema: z.string() } } };
  app.get(
    '/play/:slug',
    {
      schema: {
        summary: "A sample game's play page (HTML); any other slug gets the site's not-found page",
        params: z.object({ slug: z.string().meta({ examples: ['humfield'] }) }),
        response: {
          200: pageSchema,
          303: seeOtherSchema('its web build on the games origin, for a sample game that has one'),
          404: pageSchema,
        },
      },
    },
    async (request, reply) => {
      const game = await getPublishedGameBySlug(database.db, request.params.slug, config.baseUrl);
      // Only sample games have a page here; anything else gets the site's not-found page.
      if (!game || game.playUrl !== `/play/${game.slug}`) return reply.callNotFound();
      // A sample game that is a real game (decision 0069) plays from its build on the games origin.
      const build = await listedBuild(database.db, gameUrlsFor(config), game.id);
      if (build) return reply.redirect(build.playUrl, 303);
      return reply.type('text/html; charset=utf-8').send(renderSamplePlayPage(game));
    },
  );
};
