/** The response schemas the web app validates with, in one module so they load together. */
export { categoryListSchema } from '../../shared/categories';
export { favouriteIdsSchema, favouritesPageSchema, favouriteStateSchema } from '../../shared/favourites';
export { gamePageSchema, gameSchema, playResultSchema, similarGamesSchema } from '../../shared/games';
export { healthSchema } from '../../shared/health';
export {
  meSchema,
  signInMethodsSchema,
  signupResponseSchema,
  usernameAvailabilitySchema,
} from '../../shared/accounts';
