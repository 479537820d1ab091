import type { ReportKind } from '../../../shared/reports';

export const kindLabels: Record<ReportKind, string> = {
  game: 'Game',
  review: 'Review',
  list: 'Public list',
  profile: 'Profile',
  reply: 'Maker reply',
  update: 'Update post',
};

/** What removing means for each kind, on the action's label: a list is made private, a profile reset. */
export const removeLabels: Record<ReportKind, string> = {
  game: 'Unlist the game',
  review: 'Remove the review',
  list: 'Make the list private',
  profile: 'Reset the profile (name, bio, links, picture)',
  reply: 'Remove the reply',
  update: 'Remove the update',
};

export const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** What the automatic hold did to each kind until a moderator decides (decision 0058). */
export const heldLabels: Record<ReportKind, string> = {
  game: 'the game is unlisted',
  review: 'the review is out of the game’s reviews, though its stars stay in the average',
  list: 'the list is private',
  profile: 'the profile is shown only to its owner',
  reply: 'the reply is no longer shown under its review',
  update: 'the update is out of the game page, its feed and the Following feed',
};

export const HELD_BADGE = 'Held: hidden until decided';
