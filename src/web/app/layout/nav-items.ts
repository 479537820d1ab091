import type { SessionUser } from '../../../shared/accounts';
import { pathOf, type AppRouteId } from '../../../shared/routes';

interface NavItem {
  label: string;
  to: string;
  /** Left out of the desktop header until it is wide enough for them (the footer has them). */
  secondary?: boolean;
}

const item = (label: string, id: AppRouteId): NavItem => ({ label, to: pathOf(id) });
const secondary = (label: string, id: AppRouteId): NavItem => ({ ...item(label, id), secondary: true });

export const mainNavItems: readonly NavItem[] = [
  item('Games', 'games'),
  item('Categories', 'categories'),
  item('Submit a game', 'submit-game'),
  secondary('About', 'about'),
  secondary('Community', 'community'),
  secondary('Support', 'support'),
];

export const footerNavItems: readonly NavItem[] = [
  item('About', 'about'),
  item('Community', 'community'),
  item('Support', 'support'),
  item('Public lists', 'public-lists'),
  item('Database setup', 'supabase-setup'),
];

export const signInItem = item('Sign in', 'login');

const accountNavItems: readonly NavItem[] = [
  item('Your profile', 'profile-setup'),
  item('Favourites', 'favourites'),
  item('Following', 'following'),
  item('Lists', 'lists'),
  item('My games', 'my-games'),
  item('Account settings', 'account'),
  item('Sign out', 'logout'),
];

/** Shown to moderators and admins only. */
const moderationItem = item('Moderation', 'moderation');

/** The account links a signed-in user sees: moderators and admins also get Moderation. */
export function accountItemsFor(user: Pick<SessionUser, 'role'>): readonly NavItem[] {
  return user.role === 'user' ? accountNavItems : [moderationItem, ...accountNavItems];
}
