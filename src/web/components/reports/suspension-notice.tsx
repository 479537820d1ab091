import type { Me, SessionUser } from '../../../shared/accounts';
import { formatMomentUtc } from '../../lib/format';
import { useMe } from '../../lib/session';

type Suspension = NonNullable<SessionUser['suspension']>;

/** The signed-in member's suspension, or null: /api/me carries one only while it lasts. */
export function useSuspension(): Suspension | null {
  return useMe(suspensionOf) ?? null;
}

const suspensionOf = (me: Me) => me.user?.suspension ?? null;

/** A moderator's reason usually ends its own sentence: no second full stop after it. */
export function suspensionSentence({ until, reason }: Suspension): string {
  const why = reason.trim() ? `: ${reason.trim()}` : '';
  return `Your account is suspended until ${formatMomentUtc(until)}${why}${/[.!?]$/.test(why) ? '' : '.'}`;
}

/**
 * Shown where a post control would be (a review form, a report, a new list): says why it is not
 * there, instead of a control the server would refuse.
 */
export function SuspendedNotice({ doing }: { doing: string }) {
  const suspension = useSuspension();
  if (!suspension) return null;
  return (
    <p className="rounded-xl border border-danger-ink/40 bg-danger-soft px-4 py-3 text-sm text-ink">
      {suspensionSentence(suspension)} Until then you can read, but not {doing}.
    </p>
  );
}
