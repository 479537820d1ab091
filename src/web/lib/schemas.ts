/** The response schemas the web app validates with, in one module so they load together. */
export { categoryListSchema } from '../../shared/categories';
export { favouriteIdsSchema, favouritesPageSchema, favouriteStateSchema } from '../../shared/favourites';
export { gameViewerSchema } from '../../shared/game-viewer';
export { gameDetailSchema, gamePageSchema, gameSchema, playResultSchema, similarGamesSchema } from '../../shared/games';
export { databaseStatusSchema, healthSchema } from '../../shared/health';
export { homeSchema } from '../../shared/home';
export { hiddenGamesPageSchema, hiddenMakersPageSchema, hiddenStateSchema } from '../../shared/not-interested';
export { publicListsPageSchema } from '../../shared/public-lists';
export {
  favouriteCategoriesSchema,
  onboardingStateSchema,
  ownProfileSchema,
  profileGamesPageSchema,
  profileReviewsPageSchema,
  publicProfileSchema,
} from '../../shared/profiles';
export {
  helpfulVoteSchema,
  myReviewSchema,
  replyDeletedSchema,
  replyInputSchema,
  replySchema,
  reviewDeletedSchema,
  reviewInputSchema,
  reviewPageSchema,
  reviewSchema,
} from '../../shared/reviews';
export {
  meSchema,
  ownSessionsSchema,
  sessionEndedSchema,
  signInMethodsSchema,
  signupResponseSchema,
  usernameAvailabilitySchema,
} from '../../shared/accounts';
export {
  followedUpdatePageSchema,
  gameUpdatePageSchema,
  gameUpdateSchema,
  updateDeletedSchema,
  updateInputSchema,
} from '../../shared/updates';
export { followingFeedSchema, followStateSchema, notificationPreferencesSchema } from '../../shared/follows';
export { nearestPlaceSchema, placeListSchema } from '../../shared/places';
export {
  checkNowResultSchema,
  gameCheckPageSchema,
  gameWorkStatusSchema,
  healthUrlSchema,
  worksForMeReceiptSchema,
} from '../../shared/still-works';
export { notificationPageSchema, notificationsReadSchema } from '../../shared/submissions';
