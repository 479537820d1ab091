import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SubmissionView } from '../../../shared/submissions';
import { FormStatus } from '../../components/forms/form-messages';
import { PageIntro } from '../../components/page-intro';
import { Screen } from '../../components/screen';
import { cardStyle } from '../../components/styles';
import { moderationQueueQuery } from '../../lib/submissions';
import { AdminGameActions } from './admin-game-actions';
import { AuditLog } from './audit-log';
import { DecisionPanel } from './decision-panel';
import { RequireStaff } from './require-staff';
import { SubmissionPreview } from './submission-preview';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export default function ModerationScreen() {
  return <RequireStaff>{(role) => <Moderation admin={role === 'admin'} />}</RequireStaff>;
}

function Moderation({ admin }: { admin: boolean }) {
  const { data, error } = useQuery(moderationQueueQuery());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const items = data?.items ?? [];
  const selected = items.find((item) => item.id === selectedId) ?? items[0];

  return (
    <Screen>
      <PageIntro title="Moderation" eyebrow="Staff">
        Every game is reviewed before it is listed. The oldest submission is first.
      </PageIntro>
      <FormStatus>{message}</FormStatus>
      <div className="mt-4 grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
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
                  setMessage(`${selected.payload.title ?? 'Submission'}: ${text}`);
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
      <div className="mt-10 space-y-6">
        {admin && <AdminGameActions />}
        <AuditLog />
      </div>
    </Screen>
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
