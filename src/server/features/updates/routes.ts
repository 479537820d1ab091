import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gameIdParamsSchema } from '../../../shared/games';
import {
  followedUpdatePageSchema,
  gameUpdatePageSchema,
  gameUpdateSchema,
  updateDeletedSchema,
  updateIdParamsSchema,
  updateInputSchema,
  updateListQuerySchema,
} from '../../../shared/updates';
import type { FeatureOptions } from '../../feature-options';
import { errorResponses, signedInErrors } from '../../http/error-responses';
import { mailNotification } from '../notifications';
import { deleteUpdate, editUpdate, followedUpdates, listUpdates, postUpdate } from './service';

/** A maker's update posts about their listed games (issue 37, part 4; decision 0066). */
export const updatesRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, config }) => {
  const { db } = database;
  const { sessions, messenger } = accounts;

  app.get(
    '/games/:id/updates',
    {
      schema: {
        summary: "A listed game's updates from its maker, newest first",
        params: gameIdParamsSchema,
        querystring: updateListQuerySchema,
        response: { 200: gameUpdatePageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      // "yourGame" depends on who asks.
      reply.header('cache-control', 'no-store');
      return listUpdates(db, await sessions.currentUser(request), request.params.id, request.query);
    },
  );

  app.post(
    '/games/:id/updates',
    {
      schema: {
        summary: "The game's maker posts an update about it (at most 3 a day per game); its followers and the maker's hear of it",
        params: gameIdParamsSchema,
        body: updateInputSchema,
        response: { 201: gameUpdateSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const posted = await postUpdate(db, await sessions.requireUser(request), request.params.id, request.body);
      const { notification, email } = posted.followers;
      for (const userId of email) await mailNotification(db, messenger, app.log, userId, notification, config.baseUrl);
      return reply.code(201).send(posted.update);
    },
  );

  app.put(
    '/updates/:updateId',
    {
      schema: {
        summary: 'Edits your update post',
        params: updateIdParamsSchema,
        body: updateInputSchema,
        response: { 200: gameUpdateSchema, ...signedInErrors },
      },
    },
    async (request) => editUpdate(db, await sessions.requireUser(request), request.params.updateId, request.body),
  );

  app.delete(
    '/updates/:updateId',
    {
      schema: {
        summary: 'Deletes your update post',
        params: updateIdParamsSchema,
        response: { 200: updateDeletedSchema, ...signedInErrors },
      },
    },
    async (request) => {
      await deleteUpdate(db, await sessions.requireUser(request), request.params.updateId);
      return { deleted: true as const };
    },
  );

  app.get(
    '/me/following/updates',
    {
      schema: {
        summary: 'The Following feed’s updates: posts about games you follow and games of makers you follow, newest first',
        querystring: updateListQuerySchema,
        response: { 200: followedUpdatePageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const actor = await sessions.requireUser(request);
      reply.header('cache-control', 'no-store');
      return followedUpdates(db, actor, request.query);
    },
  );
};
