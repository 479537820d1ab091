import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors';
import {
  nearestPlaceSchema,
  PLACE_SUGGESTIONS,
  placeListSchema,
  placeNearQuerySchema,
  placeSearchQuerySchema,
} from '../../../shared/places';
import type { FeatureOptions } from '../../feature-options';
import { loadGazetteer, type Gazetteer } from './gazetteer';

const errors = { 400: errorBodySchema, 401: errorBodySchema };
// Immutable, so one per process; read on the first question (about a quarter of a second), not at start.
let gazetteer: Gazetteer | undefined;
const places = () => (gazetteer ??= loadGazetteer());
// A place list changes only with a new release of the data.
const CACHE_FOR_A_DAY = 'private, max-age=86400';

/** Place names for the profile's location: typed names to coordinates, and coordinates to a name. */
export const placesRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { accounts }) => {
  app.get(
    '/places',
    {
      schema: {
        summary: 'Places whose name starts with what was typed, the most populous first',
        querystring: placeSearchQuerySchema,
        response: { 200: placeListSchema, ...errors },
      },
    },
    async (request, reply) => {
      await accounts.sessions.requireUser(request);
      reply.header('cache-control', CACHE_FOR_A_DAY);
      return { items: places().search(request.query.q, PLACE_SUGGESTIONS) };
    },
  );
  app.get(
    '/places/near',
    {
      schema: {
        summary: 'The known place nearest to a point',
        querystring: placeNearQuerySchema,
        response: { 200: nearestPlaceSchema, ...errors },
      },
    },
    async (request, reply) => {
      await accounts.sessions.requireUser(request);
      reply.header('cache-control', CACHE_FOR_A_DAY);
      return { place: places().nearest(request.query.latitude, request.query.longitude) };
    },
  );
};
