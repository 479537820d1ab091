import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SubmissionView } from '../../../shared/submissions';
import { FormStatus } from '../../components/forms/form-messages';
import { PageIntro } from '../../components/page-intro';
import { Screen } from '../../components/screen';
import { cardStyle } from '../../components/styles';
import { moderationQueueQuery } from '../../lib/submissions';
import { AdminGameActions } from './admin-game-actions';
import { AppealsQueue } from './appeals-queue';
import { AuditLog } from './audit-log';
import { BuildsQueue } from './builds-queue';
import { DecisionPanel } from './decision-panel';
import { ReportsQueue } from './reports-queue';
import { RequireStaff } from './require-staff';
import { RestrictedAccountsList } from './restricted-accounts';
import { SubmissionPreview } from './submission-preview';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export default function ModerationScreen() {
  return <RequireStaff>{(role) => <Moderation admin={role === 'admin'} />}</RequireStaff>;
}

type View = 'submissions' | 'builds' | 'reports' | 'appeals' | 'accounts';
const views: { view: View; label: string }[] = [
  { view: 'submissions', label: 'Submissions' },
  { view: 'builds', label: 'Builds' },
  { view: 'reports', label: 'Reports' },
  { view: 'appeals', label: 'Appeals' },
  { view: 'accounts', label: 'Restricted accounts' },
];
const viewOf = (value: string | null): View => views.find((entry) => entry.view === value)?.view ?? 'submissions';

function Moderation({ admin }: { admin: boolean }) {
  const [search] = useSearchParams();
  const view = viewOf(search.get('view'));
  const [message, setMessage] = useState('');
  return (
    <Screen>
      <PageIntro title="Moderation" eyebrow="Staff">
        Every game is reviewed before it is listed, every report is read, and every appeal goes to a second moderator. The oldest
        submission, the most reported item and the oldest appeal come first.
      </PageIntro>
      <ViewNav current={view} />
      <FormStatus>{message}</FormStatus>
      <div className="mt-4">
        {view === 'submissions' && <SubmissionsQueue onDecided={setMessage} />}
        {view === 'builds' && <BuildsQueue onDecided={setMessage} />}
        {view === 'reports' && <ReportsQueue onDecided={setMessage} />}
        {view === 'appeals' && <AppealsQueue status={search.get('show') === 'decided' ? 'decided' : 'open'} onDecided={setMessage} />}
        {view === 'accounts' && <RestrictedAccountsList onDone={setMessage} />}
      </div>
      <div className="mt-10 space-y-6">
        {admin && <AdminGameActions />}
        <AuditLog />
      </div>
    </Screen>
  );
}

/** Links, not tabs: each view has its own address, and the browser's Back goes between them. */
function ViewNav({ current }: { current: View }) {
  return (
    <nav aria-label="Moderation" className="mb-6 flex flex-wrap gap-2 border-b border-line pb-3">
      {views.map(({ view, label }) => (
        <Link
          key={view}
          to={view === 'submissions' ? '/moderation' : `/moderation?view=${view}`}
          aria-current={view === current ? 'page' : undefined}
          className={`rounded-lg px-3 py-2 text-sm font-semibold ${view === current ? 'bg-accent-soft text-accent-ink' : 'text-muted hover:bg-raised hover:text-ink'}`}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

function SubmissionsQueue({ onDecided }: { onDecided: (message: string) => void }) {
  const { data, error } = useQuery(moderationQueueQuery());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const items = data?.items ?? [];
  const selected = items.find((item) => item.id === selectedId) ?? items[0];
  return (
    <div className="grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <section aria-labelledby="queue-title">
        <h2 id="queue-title" className="text-lg font-semibold text-ink">
          Waiting for review {data && <span className="text-muted">({data.total})</span>}
        </h2>
        {error && <p className="mt-3 text-danger-ink">{error.message}</p>}
        {data && items.length === 0 && <p className="mt-3 text-muted">Nothing to review. Well done.</p>}
        <ul className="mt-3 space-y-2">
          {items.map((item) => (
            <li key={item.id}>
              <QueueItem item={item} current={item.id === selected?.id} onSelect={() => setSelectedId(item.id)} />
            </li>
          ))}
        </ul>
      </section>
      <div className="min-w-0 space-y-6">
        {selected && (
          <>
            <DecisionPanel
              key={selected.id}
              submission={selected}
              onDecided={(text) => {
                onDecided(`${selected.payload.title ?? 'Submission'}: ${text}`);
                setSelectedId(null);
              }}
            />
            <section aria-label={`Preview of ${selected.payload.title ?? 'the submission'}`} className={`${cardStyle} p-5 sm:p-6`}>
              <p className="mb-4 text-xs font-semibold uppercase tracking-wider text-muted">
                Preview: the game page as players will see it
              </p>
              <SubmissionPreview payload={selected.payload} />
            </section>
          </>
        )}
      </div>
    </div>
  );
}

function QueueItem({ item, current, onSelect }: { item: SubmissionView; current: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={current || undefined}
      className={`w-full rounded-xl border px-4 py-3 text-left ${current ? 'border-accent bg-accent-soft' : 'border-line bg-surface hover:bg-raised'}`}
    >
      <span className="block font-semibold text-ink">{item.payload.title ?? 'Untitled'}</span>
      <span className="block text-sm text-muted">
        by {item.submitter.name}
        {item.gameId !== null && ' · an edit of a listed game'}
      </span>
      {item.submittedAt && (
        <span className="block text-xs text-muted">
          sent <time dateTime={item.submittedAt}>{when.format(new Date(item.submittedAt))}</time>
        </span>
      )}
    </button>
  );
}
