// A member's page made once for every member like them (decision 0081). What shapes the page
// (signed in, role, e-mail confirmed, sign-up done, a suspension) stays; who they are (id, name,
// e-mail, picture) and their bell do not. The server renders from this, and the browser hydrates
// from it before it shows the member's own answer, which the page carries apart.
import type { Me, SessionUser } from './accounts';

/** Who is signed in: the one answer every rendered page reads that names its member. */
export const ME_PATH = '/api/me';

/** The one id no account has: a user with it is a member not yet named. */
const NO_ONE = '';

export const isNameless = (user: SessionUser): boolean => user.id === NO_ONE;

function namelessUser(user: SessionUser): SessionUser {
  if (isNameless(user)) return user;
  return { ...user, id: NO_ONE, email: '', name: '', username: null, image: null };
}

/** `/api/me` as a shared page holds it: signed out stays as it is; a member keeps an unread count, of none. */
export function namelessMe(me: Me): Me {
  if (!me.user) return me;
  return { ...me, user: namelessUser(me.user), unreadNotifications: 0 };
}
