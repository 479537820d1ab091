import { Link } from 'react-router';
import { reportReasonLabels, type ReportedText, type ReportGroup } from '../../../shared/reports';
import { textLinkStyle } from '../../components/styles';
import { pluralise } from '../../lib/format';
import { HeldExplanation } from './held-mark';
import { kindLabels, when } from './report-texts';

/** One reported item: who posted it, why it was reported and by how many, and its text then and now. */
export function ReportedItem({ group }: { group: ReportGroup }) {
  return (
    <div className="space-y-5">
      <header>
        <p className="text-xs font-semibold uppercase tracking-wider text-muted">
          {kindLabels[group.kind]} · {pluralise(group.count, 'report', 'reports')} · first{' '}
          <time dateTime={group.firstReportedAt}>{when.format(new Date(group.firstReportedAt))}</time>
        </p>
        <h3 className="mt-1 break-words text-xl font-semibold text-ink">{group.whenReported.title || kindLabels[group.kind]}</h3>
        <p className="mt-1 text-sm text-muted">
          {group.author ? <>Posted by {group.author.name}</> : 'No author on record'}
          {group.link ? (
            <>
              {' · '}
              <Link to={group.link} className={textLinkStyle}>
                See it on the site
              </Link>
            </>
          ) : (
            ' · no longer on the site'
          )}
        </p>
      </header>
      {group.held && <HeldExplanation kind={group.kind} />}
      <section aria-label="Reasons">
        <h4 className="text-sm font-semibold text-ink">Reasons</h4>
        <ul className="mt-2 flex flex-wrap gap-2">
          {group.reasons.map(({ reason, count }) => (
            <li key={reason} className="rounded-full border border-line bg-raised px-3 py-1 text-sm text-ink">
              {reportReasonLabels[reason]} <span className="text-muted">× {count}</span>
            </li>
          ))}
        </ul>
      </section>
      {group.notes.length > 0 && (
        <section aria-label="Reporters’ notes">
          <h4 className="text-sm font-semibold text-ink">Reporters’ notes</h4>
          <ul className="mt-2 space-y-2">
            {group.notes.map((note) => (
              <li key={note.createdAt + note.note} className="rounded-lg border border-line px-3 py-2 text-sm">
                <p className="whitespace-pre-line break-words text-ink">{note.note}</p>
                <p className="mt-1 text-xs text-muted">
                  {reportReasonLabels[note.reason]} · <time dateTime={note.createdAt}>{when.format(new Date(note.createdAt))}</time>
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <ItemText heading="As first reported" text={group.whenReported} />
        {group.now ? (
          <ItemText heading={sameText(group.now, group.whenReported) ? 'Now (unchanged)' : 'Now (edited since)'} text={group.now} />
        ) : (
          <section aria-label="Now" className="rounded-xl border border-dashed border-line p-4">
            <h4 className="text-sm font-semibold text-ink">Now</h4>
            <p className="mt-2 text-sm text-muted">Gone: deleted by its author or already removed.</p>
          </section>
        )}
      </div>
    </div>
  );
}

const sameText = (a: ReportedText, b: ReportedText) => JSON.stringify(a) === JSON.stringify(b);

function ItemText({ heading, text }: { heading: string; text: ReportedText }) {
  return (
    <section aria-label={heading} className="min-w-0 rounded-xl border border-line p-4">
      <h4 className="text-sm font-semibold text-ink">{heading}</h4>
      {text.title && <p className="mt-2 break-words font-medium text-ink">{text.title}</p>}
      {text.body ? (
        <p className="mt-1 whitespace-pre-line break-words text-sm text-ink/90">{text.body}</p>
      ) : (
        <p className="mt-1 text-sm text-muted">No text.</p>
      )}
      {text.details.length > 0 && (
        <dl className="mt-3 space-y-1 text-sm">
          {text.details.map((detail) => (
            <div key={detail.label} className="flex flex-wrap gap-x-2">
              <dt className="text-muted">{detail.label}</dt>
              <dd className="break-all text-ink">{detail.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
