import { z } from 'zod';
import { gameListItemSchema } from './games';
import { pageQuerySchema, pageSchema } from './pagination';

/** Whether the viewer follows a maker or a game, and how many people do. */
export const followStateSchema = z.object({
  following: z.boolean(),
  followers: z.number().int().nonnegative(),
});
export type FollowState = z.infer<typeof followStateSchema>;

export const FOLLOWING_FEED_MAX_PAGE_SIZE = 48;
export const followingFeedQuerySchema = pageQuerySchema({ defaultSize: 24, maxSize: FOLLOWING_FEED_MAX_PAGE_SIZE });

/** `GET /api/me/following/feed`: games of followed makers and followed games, latest change first. */
export const followingFeedSchema = pageSchema(gameListItemSchema);
export type FollowingFeed = z.infer<typeof followingFeedSchema>;

/** The kinds of notification a user can switch on or off, for the bell and for e-mail. */
export const notificationPreferenceKinds = ['following', 'reviews', 'moderation'] as const;
export type NotificationPreferenceKind = (typeof notificationPreferenceKinds)[number];

export const notificationPreferenceSchema = z.object({ bell: z.boolean(), email: z.boolean() });
export const notificationPreferencesSchema = z.object({
  following: notificationPreferenceSchema,
  reviews: notificationPreferenceSchema,
  /** What moderators did to something you posted: always on the bell; e-mail if chosen (absent: neither changed from the default). */
  moderation: notificationPreferenceSchema.default({ bell: true, email: false }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const defaultNotificationPreference = { bell: true, email: false } as const;
