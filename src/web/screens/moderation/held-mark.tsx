import type { ReportKind } from '../../../shared/reports';
import { HELD_BADGE, heldLabels, removeLabels } from './report-texts';

/** The badge on a held item: enough members in good standing reported it that it was hidden. */
export function HeldBadge() {
  return <span className="inline-block rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger-ink">{HELD_BADGE}</span>;
}

/** What the hold did and what each decision does to it, for the moderator about to decide. */
export function HeldExplanation({ kind }: { kind: ReportKind }) {
  return (
    <div role="note" aria-label="Held" className="rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-ink">
      <p className="font-semibold text-danger-ink">{HELD_BADGE}</p>
      <p className="mt-1">
        Enough members in good standing reported this that it was hidden automatically: {heldLabels[kind]}. Dismissing, warning, suspending
        or banning puts it back; “{removeLabels[kind]}” keeps it gone.
      </p>
    </div>
  );
}
