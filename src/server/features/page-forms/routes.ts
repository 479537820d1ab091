import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gameIdParamsSchema } from '../../../shared/games';
import { favouriteFormSchema, followFormSchema, playFormSchema, seeOtherSchema } from '../../../shared/page-forms-schemas';
import { userIdParamsSchema } from '../../../shared/profiles';
import type { FeatureOptions } from '../../feature-options';
import { errorResponses } from '../../http/error-responses';
import { gameUrlsFor } from '../builds';
import { acceptFormBodies, PAGE_FORM_BODY_LIMIT } from './form-bodies';
import { favouriteFromForm, followFromForm, playFromForm } from './service';

const formErrors = errorResponses(400, 403, 404, 413, 429);

/**
 * What a rendered page's buttons post before its scripts arrive (decision 0062). Under /api, so
 * the origin check and the write budgets hold them as every other write; each answers 303 to a
 * page, never JSON, because a browser shows the answer as it is.
 */
export const pageFormsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { config, database, accounts }) => {
  acceptFormBodies(app);
  const urls = gameUrlsFor(config);

  app.post(
    '/forms/games/:id/play',
    {
      schema: {
        summary:
          "Play as a form: counts a member's play (once an hour) and answers 303 to the game's own play address, or to its page playing",
        consumes: ['application/x-www-form-urlencoded'],
        params: gameIdParamsSchema,
        body: playFormSchema,
        response: { 303: seeOtherSchema("the game's play address, its page with the build playing, or the build"), ...formErrors },
      },
      bodyLimit: PAGE_FORM_BODY_LIMIT,
    },
    async (request, reply) => {
      const actor = await accounts.sessions.currentUser(request);
      const playUrl = await playFromForm(database.db, urls, actor, request.params.id, request.body);
      return reply.header('cache-control', 'no-store').redirect(playUrl, 303);
    },
  );

  app.post(
    '/forms/games/:id/favourite',
    {
      schema: {
        summary: 'The heart as a form: adds the game to your favourites or takes it out, and answers 303 back to the page',
        consumes: ['application/x-www-form-urlencoded'],
        params: gameIdParamsSchema,
        body: favouriteFormSchema,
        response: { 303: seeOtherSchema('the page the form came from, or sign-in first'), ...formErrors },
      },
      bodyLimit: PAGE_FORM_BODY_LIMIT,
    },
    async (request, reply) => {
      const actor = await accounts.sessions.currentUser(request);
      const next = await favouriteFromForm(database.db, actor, request.params.id, request.body);
      return reply.header('cache-control', 'no-store').redirect(next, 303);
    },
  );

  const followFormSchemas = {
    consumes: ['application/x-www-form-urlencoded'],
    body: followFormSchema,
    response: { 303: seeOtherSchema('the page the form came from, or sign-in first'), ...formErrors },
  };

  app.post(
    '/forms/games/:id/follow',
    {
      schema: {
        summary: 'Follow as a form: follows the game or stops, and answers 303 back to the page',
        params: gameIdParamsSchema,
        ...followFormSchemas,
      },
      bodyLimit: PAGE_FORM_BODY_LIMIT,
    },
    async (request, reply) => {
      const actor = await accounts.sessions.currentUser(request);
      const next = await followFromForm(database.db, actor, { kind: 'game', id: request.params.id }, request.body);
      return reply.header('cache-control', 'no-store').redirect(next, 303);
    },
  );

  app.post(
    '/forms/makers/:id/follow',
    {
      schema: {
        summary: 'Follow as a form: follows the maker or stops, and answers 303 back to the page',
        params: userIdParamsSchema,
        ...followFormSchemas,
      },
      bodyLimit: PAGE_FORM_BODY_LIMIT,
    },
    async (request, reply) => {
      const actor = await accounts.sessions.currentUser(request);
      const next = await followFromForm(database.db, actor, { kind: 'maker', id: request.params.id }, request.body);
      return reply.header('cache-control', 'no-store').redirect(next, 303);
    },
  );
};
