import { z } from 'zod';
import { coordinateSchema } from './profiles';

export const PLACE_QUERY_MIN = 2;
export const PLACE_QUERY_MAX = 80;
export const PLACE_SUGGESTIONS = 8;

/** `GET /api/places?q=`: places whose name starts with what was typed. */
export const placeSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(PLACE_QUERY_MIN, `Type at least ${PLACE_QUERY_MIN} letters of a place`)
    .max(PLACE_QUERY_MAX, `A place name is at most ${PLACE_QUERY_MAX} characters`)
    .meta({ description: 'The start of a town or city name', examples: ['Lisb'] }),
});

/** `GET /api/places/near`: the nearest known place to a point. */
export const placeNearQuerySchema = z.object({
  latitude: coordinateSchema('Latitude', 90, z.coerce.number({ error: 'Latitude must be a number' })).meta({ examples: [38.7167] }),
  longitude: coordinateSchema('Longitude', 180, z.coerce.number({ error: 'Longitude must be a number' })).meta({ examples: [-9.1333] }),
});

export const placeSchema = z.object({
  name: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Place = z.infer<typeof placeSchema>;

export const placeListSchema = z.object({ items: z.array(placeSchema) });
export type PlaceList = z.infer<typeof placeListSchema>;

export const nearestPlaceSchema = z.object({ place: placeSchema.nullable() });
