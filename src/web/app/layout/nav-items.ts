import { pathOf, type AppRouteId } from '../../../shared/routes';

interface NavItem {
  label: string;
  to: string;
}

const item = (label: string, id: AppRouteId): NavItem => ({ label, to: pathOf(id) });

export const mainNavItems: readonly NavItem[] = [
  item('Games', 'games'),
  item('Categories', 'categories'),
  item('Submit a game', 'submit-game'),
  item('About', 'about'),
  item('Community', 'community'),
  item('Support', 'support'),
];

export const footerNavItems: readonly NavItem[] = [
  item('About', 'about'),
  item('Community', 'community'),
  item('Support', 'support'),
  item('Database setup', 'supabase-setup'),
];

export const signInItem = item('Sign in', 'login');

export const accountNavItems: readonly NavItem[] = [
  item('Your profile', 'profile-setup'),
  item('Favourites', 'favourites'),
  item('Lists', 'lists'),
  item('My games', 'my-games'),
  item('Account settings', 'account'),
  item('Sign out', 'logout'),
];

/** Shown to moderators and admins only. */
export const moderationItem = item('Moderation', 'moderation');
