import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { reportReasonLabels, type ReportGroup } from '../../../shared/reports';
import { SearchPagination, usePageParam } from '../../components/pagination';
import { cardStyle } from '../../components/styles';
import { pluralise } from '../../lib/format';
import { reportQueueQuery } from '../../lib/reports';
import { HeldBadge } from './held-mark';
import { ReportDecisionForm } from './report-decision-form';
import { kindLabels } from './report-texts';
import { ReportedItem } from './reported-item';

const keyOf = (group: ReportGroup) => `${group.kind}:${group.targetId}`;

/** Open reports grouped by item, the most reported first; the chosen one beside the list, with its decision. */
export function ReportsQueue({ onDecided }: { onDecided: (message: string) => void }) {
  const { data, error } = useQuery(reportQueueQuery(usePageParam()));
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const items = data?.items ?? [];
  const selected = items.find((group) => keyOf(group) === selectedKey) ?? items[0];
  return (
    <div className="grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <section aria-labelledby="reports-title">
        <h2 id="reports-title" className="text-lg font-semibold text-ink">
          Reported {data && <span className="text-muted">({data.total})</span>}
        </h2>
        {error && <p className="mt-3 text-danger-ink">{error.message}</p>}
        {!data && !error && <p className="mt-3 text-muted">Loading reports…</p>}
        {data && items.length === 0 && <p className="mt-3 text-muted">No open reports.</p>}
        <ul className="mt-3 space-y-2">
          {items.map((group) => (
            <li key={keyOf(group)}>
              <GroupButton
                group={group}
                current={selected !== undefined && keyOf(group) === keyOf(selected)}
                onSelect={() => setSelectedKey(keyOf(group))}
              />
            </li>
          ))}
        </ul>
        {data && <SearchPagination total={data.total} page={data.page} pageSize={data.pageSize} />}
      </section>
      {selected && (
        <section
          aria-label={`Reports about ${selected.whenReported.title || kindLabels[selected.kind]}`}
          className={`${cardStyle} min-w-0 space-y-6 p-5 sm:p-6`}
        >
          <ReportedItem group={selected} />
          <div className="border-t border-line pt-5">
            <h3 className="mb-3 text-lg font-semibold text-ink">Your decision</h3>
            <ReportDecisionForm
              key={keyOf(selected)}
              group={selected}
              onDecided={(message) => {
                setSelectedKey(null);
                onDecided(message);
              }}
            />
          </div>
        </section>
      )}
    </div>
  );
}

function GroupButton({ group, current, onSelect }: { group: ReportGroup; current: boolean; onSelect: () => void }) {
  const top = group.reasons[0];
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={current || undefined}
      className={`w-full rounded-xl border px-4 py-3 text-left ${current ? 'border-accent bg-accent-soft' : 'border-line bg-surface hover:bg-raised'}`}
    >
      <span className="block break-words font-semibold text-ink">{group.whenReported.title || kindLabels[group.kind]}</span>
      <span className="block text-sm text-muted">
        {kindLabels[group.kind]} · {pluralise(group.count, 'report', 'reports')}
        {top && ` · ${reportReasonLabels[top.reason]}`}
      </span>
      {group.held && (
        <span className="mt-1.5 block">
          <HeldBadge />
        </span>
      )}
    </button>
  );
}
