import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors';
import {
  favouriteCategoriesSchema,
  onboardingStateSchema,
  ownProfileSchema,
  profileGamesPageSchema,
  profileInputSchema,
  profileListQuerySchema,
  profileReviewsPageSchema,
  publicProfileSchema,
  userIdParamsSchema,
} from '../../../shared/profiles';
import type { FeatureOptions } from '../../feature-options';
import { favouriteCategoriesOf, setFavouriteCategories } from './favourite-categories';
import { getOnboardingStep, setOnboardingStep } from './onboarding';
import { getOwnProfile, getPublicProfile, listUserGames, listUserReviews, updateProfile } from './service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** The signed-in user's favourite categories, onboarding step and profile; everyone's public profile. */
export const profilesRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, config, live }) => {
  const { db } = database;

  app.get(
    '/me/favourite-categories',
    { schema: { summary: 'Your favourite categories (up to 5)', response: { 200: favouriteCategoriesSchema, ...errors } } },
    async (request, reply) => {
      const actor = await accounts.sessions.requireUser(request);
      reply.header('cache-control', 'no-store');
      return { categories: await favouriteCategoriesOf(db, live, actor.id) };
    },
  );

  app.put(
    '/me/favourite-categories',
    {
      schema: {
        summary: 'Sets your favourite categories',
        body: favouriteCategoriesSchema,
        response: { 200: favouriteCategoriesSchema, ...errors },
      },
    },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      return { categories: await setFavouriteCategories(db, actor, request.body.categories) };
    },
  );

  app.get(
    '/me/onboarding',
    { schema: { summary: 'Where you are in onboarding', response: { 200: onboardingStateSchema, ...errors } } },
    async (request, reply) => {
      const actor = await accounts.sessions.requireUser(request);
      reply.header('cache-control', 'no-store');
      return { step: await getOnboardingStep(db, actor) };
    },
  );

  app.put(
    '/me/onboarding',
    {
      schema: {
        summary: 'Moves onboarding to a step (or done)',
        body: onboardingStateSchema,
        response: { 200: onboardingStateSchema, ...errors },
      },
    },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      return { step: await setOnboardingStep(db, actor, request.body.step) };
    },
  );

  app.get(
    '/me/profile',
    { schema: { summary: 'Your profile, the private location included', response: { 200: ownProfileSchema, ...errors } } },
    async (request, reply) => {
      const actor = await accounts.sessions.requireUser(request);
      reply.header('cache-control', 'no-store');
      return getOwnProfile(db, actor);
    },
  );

  app.put(
    '/me/profile',
    { schema: { summary: 'Saves your profile', body: profileInputSchema, response: { 200: ownProfileSchema, ...errors } } },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      const profile = await updateProfile(db, actor, request.body);
      accounts.sessions.forgetUser(actor.id);
      return profile;
    },
  );

  app.get(
    '/users/:id',
    { schema: { summary: "Someone's public profile", params: userIdParamsSchema, response: { 200: publicProfileSchema, ...errors } } },
    async (request) => getPublicProfile(db, request.params.id),
  );

  app.get(
    '/users/:id/games',
    {
      schema: {
        summary: 'The games someone has listed',
        params: userIdParamsSchema,
        querystring: profileListQuerySchema,
        response: { 200: profileGamesPageSchema, ...errors },
      },
    },
    async (request) => listUserGames(db, request.params.id, request.query, config.baseUrl),
  );

  app.get(
    '/users/:id/reviews',
    {
      schema: {
        summary: 'The reviews someone has written',
        params: userIdParamsSchema,
        querystring: profileListQuerySchema,
        response: { 200: profileReviewsPageSchema, ...errors },
      },
    },
    async (request) => listUserReviews(db, request.params.id, request.query),
  );
};
