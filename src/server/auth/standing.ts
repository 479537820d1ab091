import type { Suspension } from '../../shared/reports';
import { AppError } from '../http/app-error';

/** The suspension a user row holds, while it lasts; null once it has ended or when there is none. */
export function suspensionOf(until: Date | null, reason: string | null, now = Date.now()): Suspension | null {
  if (!until || until.getTime() <= now) return null;
  return { until: until.toISOString(), reason: reason ?? '' };
}

const untilText = (until: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(until)) + ' UTC';

/** A moderator's reason as the end of a sentence: its own full stop (or ! or ?) is kept, never doubled. */
export const asSentenceEnd = (reason: string) => {
  const trimmed = reason.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

export const suspendedMessage = ({ until, reason }: Suspension) =>
  `Your account is suspended until ${untilText(until)}${reason.trim() ? `: ${asSentenceEnd(reason)}` : '.'} Until then you can sign in and read, but not post.`;

/**
 * Every write that puts something before other members (reviews, votes, lists and other documents,
 * submissions, uploads, reports, a profile) calls this first: a suspended member is refused with
 * 403 and told why and until when (decision 0058). The actor is read with the session, so this
 * costs no query.
 */
export function requireGoodStanding(actor: { suspension: Suspension | null }): void {
  const suspension = actor.suspension && suspensionOf(new Date(actor.suspension.until), actor.suspension.reason);
  if (suspension) throw new AppError('permission-denied', suspendedMessage(suspension));
}
