import type { AppealQueueItem } from '../../../shared/appeals';
import { AppealDecisionForm } from './appeal-decision-form';
import { decisionWords } from './appeal-texts';
import { kindLabels, when } from './report-texts';

const At = ({ iso }: { iso: string }) => <time dateTime={iso}>{when.format(new Date(iso))}</time>;

/** One appeal: the decision it is about (what, to which item, why), the author's words, and what may be done now. */
export function AppealCard({ appeal, onDecided }: { appeal: AppealQueueItem; onDecided: (message: string) => void }) {
  const { decision } = appeal;
  const who = appeal.appellant?.name ?? 'A former member';
  return (
    <article aria-label={`Appeal by ${who}`} className="space-y-5">
      <header>
        <p className="text-xs font-semibold uppercase tracking-wider text-muted">
          Appeal · sent <At iso={appeal.createdAt} />
        </p>
        <h3 className="mt-1 break-words text-xl font-semibold text-ink">
          {who} appeals: {decisionWords(decision).toLowerCase()}
        </h3>
      </header>
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-label="The decision" className="min-w-0 rounded-xl border border-line p-4">
          <h4 className="text-sm font-semibold text-ink">The decision</h4>
          <p className="mt-2 text-sm text-ink">
            {decisionWords(decision)}, by {decision.moderatorName}, <At iso={decision.createdAt} />
          </p>
          <p className="mt-2 whitespace-pre-line break-words text-sm text-ink">
            <span className="text-muted">Reason given: </span>
            {decision.reason}
          </p>
          <DecidedItem appeal={appeal} />
        </section>
        <section aria-label="The appeal" className="min-w-0 rounded-xl border border-line bg-raised p-4">
          <h4 className="text-sm font-semibold text-ink">The author’s appeal</h4>
          <p className="mt-2 whitespace-pre-line break-words text-sm text-ink">{appeal.text}</p>
        </section>
      </div>
      <AppealFooter appeal={appeal} onDecided={onDecided} />
    </article>
  );
}

function DecidedItem({ appeal }: { appeal: AppealQueueItem }) {
  const { decision, whenReported } = appeal;
  if (!decision.targetKind)
    return <p className="mt-3 text-sm text-muted">About the account of {appeal.appellant?.name ?? 'a former member'}.</p>;
  return (
    <div className="mt-3 border-t border-line pt-3 text-sm">
      <p className="text-xs font-semibold uppercase tracking-wider text-muted">{kindLabels[decision.targetKind]}, as first reported</p>
      {whenReported ? (
        <>
          <p className="mt-1 break-words font-medium text-ink">{whenReported.title}</p>
          {whenReported.body && <p className="mt-1 line-clamp-6 whitespace-pre-line break-words text-ink/90">{whenReported.body}</p>}
        </>
      ) : (
        <p className="mt-1 text-muted">No copy on record.</p>
      )}
    </div>
  );
}

function AppealFooter({ appeal, onDecided }: { appeal: AppealQueueItem; onDecided: (message: string) => void }) {
  if (appeal.verdict) {
    const overturned = appeal.verdict.status === 'overturned';
    return (
      <div className="rounded-xl border border-line bg-raised px-4 py-3 text-sm">
        <p className="font-semibold text-ink">
          {overturned ? 'Overturned' : 'Upheld'} by {appeal.verdict.moderatorName}, <At iso={appeal.verdict.decidedAt} />
        </p>
        <p className="mt-1 whitespace-pre-line break-words text-ink">
          <span className="text-muted">Reason the author was shown: </span>
          {appeal.verdict.reason}
        </p>
      </div>
    );
  }
  if (!appeal.mayDecide) return <p className="rounded-xl border border-line bg-raised px-4 py-3 text-sm text-ink">{appeal.whyNot}</p>;
  return (
    <div className="border-t border-line pt-5">
      <AppealDecisionForm appeal={appeal} onDecided={onDecided} />
    </div>
  );
}
