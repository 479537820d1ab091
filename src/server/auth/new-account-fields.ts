import { DISPLAY_NAME_MAX_LENGTH } from '../../shared/accounts';
import { uploadIdFromPath } from '../../shared/uploads';

/**
 * A provider's profile fills the name and picture of a new account: both are kept within our
 * profile rules (a name of at most 100 characters, a picture only if it is one of our uploads,
 * never an outside address every visitor's browser would then fetch).
 */
export function withinProfileRules<User extends { name?: string | null; image?: string | null }>(user: User): User {
  const image = user.image && uploadIdFromPath(user.image) ? user.image : null;
  return { ...user, name: (user.name ?? '').trim().slice(0, DISPLAY_NAME_MAX_LENGTH), image };
}
