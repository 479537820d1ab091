import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors';
import { gameIdParamsSchema } from '../../../shared/games';
import {
  helpfulVoteSchema,
  myReviewSchema,
  replyDeletedSchema,
  replyInputSchema,
  replySchema,
  reviewDeletedSchema,
  reviewIdParamsSchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewSchema,
} from '../../../shared/reviews';
import type { FeatureOptions } from '../../feature-options';
import { deleteReply, putReply } from './replies';
import { createReview, deleteReview, listReviews, myReview, setHelpfulVote, updateReview } from './service';

export const reviewsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts }) => {
  const { db } = database;
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

  app.get(
    '/games/:id/reviews',
    {
      schema: {
        summary: "A game's reviews, newest or most helpful first",
        params: gameIdParamsSchema,
        querystring: reviewListQuerySchema,
        response: { 200: reviewPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await accounts.sessions.currentUser(request);
      // "mine" and "votedHelpful" depend on who asks.
      reply.header('cache-control', 'no-store');
      return listReviews(db, request.params.id, request.query, viewer);
    },
  );

  app.get(
    '/games/:id/reviews/mine',
    {
      schema: {
        summary: 'Your own review of a game, if any, and whether the game is yours',
        params: gameIdParamsSchema,
        response: { 200: myReviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const viewer = await accounts.sessions.currentUser(request);
      return viewer ? myReview(db, request.params.id, viewer) : { review: null, yourGame: false };
    },
  );

  app.post(
    '/games/:id/reviews',
    {
      schema: {
        summary: 'Reviews a game: 1 to 5 stars and up to 5,000 characters',
        params: gameIdParamsSchema,
        body: reviewInputSchema,
        response: { 201: reviewSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = await accounts.sessions.requireUser(request);
      const review = await createReview(db, actor, request.params.id, request.body);
      return reply.code(201).send(review);
    },
  );

  app.put(
    '/reviews/:reviewId',
    {
      schema: {
        summary: 'Edits your review',
        params: reviewIdParamsSchema,
        body: reviewInputSchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      return updateReview(db, actor, request.params.reviewId, request.body);
    },
  );

  app.delete(
    '/reviews/:reviewId',
    { schema: { summary: 'Deletes your review', params: reviewIdParamsSchema, response: { 200: reviewDeletedSchema, ...errors } } },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      await deleteReview(db, actor, request.params.reviewId);
      return { deleted: true as const };
    },
  );

  app.put(
    '/reviews/:reviewId/reply',
    {
      schema: {
        summary: "The game's maker replies to a review of it, once, or edits the reply (up to 2,000 characters)",
        params: reviewIdParamsSchema,
        body: replyInputSchema,
        response: { 200: replySchema, 201: replySchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = await accounts.sessions.requireUser(request);
      const written = await putReply(db, actor, request.params.reviewId, request.body);
      return reply.code(written.created ? 201 : 200).send(written.reply);
    },
  );

  app.delete(
    '/reviews/:reviewId/reply',
    {
      schema: {
        summary: "Deletes the maker's reply to a review (the maker only)",
        params: reviewIdParamsSchema,
        response: { 200: replyDeletedSchema, ...errors },
      },
    },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      await deleteReply(db, actor, request.params.reviewId);
      return { deleted: true as const };
    },
  );

  for (const [method, helpful] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/reviews/:reviewId/helpful',
      schema: {
        summary: helpful ? 'Marks a review helpful (not your own)' : 'Takes back your helpful vote',
        params: reviewIdParamsSchema,
        response: { 200: helpfulVoteSchema, ...errors },
      },
      handler: async (request) => {
        const actor = await accounts.sessions.requireUser(request);
        return setHelpfulVote(db, actor, request.params.reviewId, helpful);
      },
    });
  }
};
