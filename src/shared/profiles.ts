import { z } from 'zod';
import { displayNameSchema } from './accounts';
import { categorySlugSchema } from './categories';
import { gameListItemSchema } from './games';
import { pageQuerySchema, pageSchema } from './pagination';
import { uploadIdFromPath } from './uploads';

// Profiles, onboarding and favourite categories: one rule set for the forms and the API.

/** How many favourite categories a user may pick (of 14): enough to be varied, few enough to mean something. */
export const MAX_FAVOURITE_CATEGORIES = 5;
export const BIO_MAX_LENGTH = 280;
export const MAX_PROFILE_LINKS = 5;
const URL_MAX_LENGTH = 2048;

/** `GET` / `PUT /api/me/favourite-categories`: the user's favourite categories, in the order picked. */
export const favouriteCategoriesSchema = z.object({
  categories: z
    .array(categorySlugSchema, { error: 'categories must be a list of category slugs' })
    .max(MAX_FAVOURITE_CATEGORIES, { error: `Pick at most ${MAX_FAVOURITE_CATEGORIES} favourite categories` })
    .refine((slugs) => new Set(slugs).size === slugs.length, { error: 'Pick each category only once' }),
});
export type FavouriteCategories = z.infer<typeof favouriteCategoriesSchema>;

export const onboardingSteps = ['welcome', 'categories', 'profile', 'done'] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

/** `GET` / `PUT /api/me/onboarding`: where the user is in onboarding (skipping a step saves the next one). */
export const onboardingStateSchema = z.object({
  step: z.enum(onboardingSteps, { error: `step must be one of ${onboardingSteps.join(', ')}` }),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

function isWebAddress(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const webAddressSchema = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(URL_MAX_LENGTH, { error: `${what} must be at most ${URL_MAX_LENGTH} characters` })
    .refine(isWebAddress, { error: `${what} must be a web address starting with https:// or http://` });

/** A latitude (limit 90) or longitude (180) within the spec's bounds; `number` reads it (a query string's text is coerced). */
export const coordinateSchema = (
  what: 'Latitude' | 'Longitude',
  limit: 90 | 180,
  number = z.number({ error: `${what} must be a number` }),
) =>
  number
    .min(-limit, { error: `${what} must be from -${limit} to ${limit}` })
    .max(limit, { error: `${what} must be from -${limit} to ${limit}` });

/** `PUT /api/me/profile`: everything profile setup edits. Name and avatar live on the account. */
export const profileInputSchema = z
  .object({
    name: displayNameSchema,
    /** The `path` of an image the user uploaded (`/uploads/<id>-1280.webp`), or null for none. */
    image: z
      .string({ error: 'The picture must be an uploaded image' })
      .refine((path) => uploadIdFromPath(path) !== null, { error: 'The picture must be an image you uploaded' })
      .nullable(),
    bio: z
      .string({ error: 'Bio must be text' })
      .trim()
      .max(BIO_MAX_LENGTH, { error: `Keep your bio to ${BIO_MAX_LENGTH} characters or fewer` }),
    website: z.union([z.literal(''), webAddressSchema('Website')], {
      error: 'Website must be a web address starting with https:// or http://',
    }),
    latitude: coordinateSchema('Latitude', 90).nullable(),
    longitude: coordinateSchema('Longitude', 180).nullable(),
    links: z
      .array(webAddressSchema('Each link'), { error: 'links must be a list of web addresses' })
      .max(MAX_PROFILE_LINKS, { error: `Add at most ${MAX_PROFILE_LINKS} links` }),
  })
  .superRefine((profile, context) => {
    const missing = profile.latitude === null ? 'latitude' : profile.longitude === null ? 'longitude' : null;
    if (missing && (profile.latitude !== null || profile.longitude !== null)) {
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: 'Give both a latitude and a longitude, or neither',
      });
    }
  });
export type ProfileInput = z.infer<typeof profileInputSchema>;

/** `GET /api/me/profile`: the signed-in user's own profile, location included. */
export const ownProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  bio: z.string(),
  website: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  links: z.array(z.string()),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** `GET /api/users/:id`: what anyone may see of a user. Never the e-mail, phone or location. */
export const publicProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  image: z.string().nullable(),
  bio: z.string(),
  website: z.string(),
  links: z.array(z.string()),
  memberSince: z.string(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const userIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Not a user id' })
    .meta({ description: "The user's id", examples: ['<your user id>'] }),
});

export const PROFILE_LIST_MAX_PAGE_SIZE = 48;

export const profileListQuerySchema = pageQuerySchema({ defaultSize: 12, maxSize: PROFILE_LIST_MAX_PAGE_SIZE });
export type ProfileListQuery = z.infer<typeof profileListQuerySchema>;

/** `GET /api/users/:id/games`: the games this user made that are listed. */
export const profileGamesPageSchema = pageSchema(gameListItemSchema);
export type ProfileGamesPage = z.infer<typeof profileGamesPageSchema>;

/** A review on its author's profile, with the game it is about. */
export const profileReviewSchema = z.object({
  id: z.number().int().positive(),
  gameId: z.number().int().positive(),
  gameTitle: z.string(),
  stars: z.number().int().min(1).max(5),
  body: z.string(),
  createdAt: z.string(),
});
export type ProfileReview = z.infer<typeof profileReviewSchema>;

/** `GET /api/users/:id/reviews`: the user's reviews of listed games, newest first. */
export const profileReviewsPageSchema = pageSchema(profileReviewSchema);
export type ProfileReviewsPage = z.infer<typeof profileReviewsPageSchema>;
