import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorySlugSchema } from '../../../shared/categories';
import { gameIdParamsSchema } from '../../../shared/games';
import type { FeatureOptions } from '../../feature-options';
import { categoryFeed, gameReviewsFeed, gameUpdatesFeed, makerFeed, newestGamesFeed } from './feeds';
import { robotsTxt, sitemapXml } from './sitemap';

/** robots.txt changes only with the configuration: readers may keep it a few minutes. */
const SHARED_FOR_FIVE_MINUTES = 'public, max-age=300';
const ATOM = 'application/atom+xml; charset=utf-8';
const XML = 'application/xml; charset=utf-8';

/**
 * Feeds and the sitemap carry what a moderator can remove (a review, a game, a list): shared
 * caches keep them but ask again every time (decision 0061), and an unchanged one costs a 304.
 */
function sendRevalidated(request: FastifyRequest, reply: FastifyReply, type: string, body: string) {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.type(type).header('cache-control', 'public, no-cache').header('etag', etag);
  return request.headers['if-none-match'] === etag ? reply.status(304).send() : reply.send(body);
}

const categoryParamsSchema = z.object({
  category: z
    .string()
    .regex(/\.atom$/, { error: 'A feed address ends in .atom' })
    .transform((name) => name.slice(0, -'.atom'.length))
    .pipe(categorySlugSchema),
});
const makerParamsSchema = z.object({
  maker: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}\.atom$/, { error: 'A maker feed is /feeds/makers/<member id>.atom' })
    .transform((name) => name.slice(0, -'.atom'.length)),
});

/**
 * Feeds and the sitemap are documents for feed readers and crawlers (described in the README);
 * the OpenAPI document describes the JSON API.
 */
const forReaders = { hide: true };

/** Atom feeds, sitemap.xml and robots.txt (pages, not under /api). Only listed games and public things are in them. */
export const previewsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, catalogue, config }) => {
  const { baseUrl, publicCatalogue } = config;

  app.get('/feeds/games.atom', { schema: forReaders }, async (request, reply) =>
    sendRevalidated(request, reply, ATOM, await newestGamesFeed(catalogue, baseUrl)),
  );
  app.get('/feeds/categories/:category', { schema: { ...forReaders, params: categoryParamsSchema } }, async (request, reply) =>
    sendRevalidated(request, reply, ATOM, await categoryFeed(catalogue, baseUrl, request.params.category)),
  );
  app.get('/feeds/makers/:maker', { schema: { ...forReaders, params: makerParamsSchema } }, async (request, reply) =>
    sendRevalidated(request, reply, ATOM, await makerFeed(database.db, baseUrl, request.params.maker)),
  );
  app.get('/feeds/games/:id/reviews.atom', { schema: { ...forReaders, params: gameIdParamsSchema } }, async (request, reply) =>
    sendRevalidated(request, reply, ATOM, await gameReviewsFeed(database.db, catalogue, baseUrl, request.params.id)),
  );
  app.get('/feeds/games/:id/updates.atom', { schema: { ...forReaders, params: gameIdParamsSchema } }, async (request, reply) =>
    sendRevalidated(request, reply, ATOM, await gameUpdatesFeed(database.db, catalogue, baseUrl, request.params.id)),
  );
  app.get('/sitemap.xml', { schema: forReaders }, async (request, reply) =>
    sendRevalidated(request, reply, XML, await sitemapXml(database.db, catalogue, baseUrl, publicCatalogue)),
  );
  app.get('/robots.txt', { schema: forReaders }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', SHARED_FOR_FIVE_MINUTES).send(robotsTxt(baseUrl)),
  );
};
