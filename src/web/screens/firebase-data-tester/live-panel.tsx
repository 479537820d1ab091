import { useEffect, useState } from 'react';
import { isDocumentPath } from '../../../shared/documents';
import { buttonStyles, cardStyle } from '../../components/styles';
import { collection, doc, onSnapshot } from '../../lib/documents';
import { describeDocument, describeQuery } from './describe-snapshot';
import { outcomeOfError } from './outcome';

interface Entry {
  at: string;
  text: string;
}

const MAX_ENTRIES = 20;
const clock = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

/** Watches the explorer's path (a document or a collection) and logs every snapshot. */
export function LivePanel({ path }: { path: string }) {
  const [watching, setWatching] = useState<string | null>(null);
  const [entries, setEntries] = useState<Entry[]>([]);
  useEffect(() => {
    if (!watching) return;
    const log = (text: string) => setEntries((old) => [{ at: clock.format(new Date()), text }, ...old].slice(0, MAX_ENTRIES));
    try {
      const target = isDocumentPath(watching) ? doc(watching) : collection(watching);
      // With metadata changes: a write of this tab shows as "pending", then as confirmed.
      return onSnapshot(
        target,
        { includeMetadataChanges: true },
        (snapshot) => log(target.kind === 'document' ? describeDocument(snapshot) : describeQuery(snapshot)),
        (error) => {
          const outcome = outcomeOfError(error);
          log(outcome.kind === 'error' ? `${outcome.code}: ${outcome.message}` : String(error));
        },
      );
    } catch (error) {
      const outcome = outcomeOfError(error);
      log(outcome.kind === 'error' ? `${outcome.code}: ${outcome.message}` : String(error));
    }
  }, [watching]);
  return (
    <section aria-labelledby="live-title" className={`${cardStyle} space-y-4 p-6`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="live-title" className="text-xl font-semibold text-ink">
          Live snapshots
        </h2>
        {watching ? (
          <button type="button" onClick={() => setWatching(null)} className={buttonStyles.secondary}>
            Stop watching
          </button>
        ) : (
          <button type="button" onClick={() => (setEntries([]), setWatching(path))} className={buttonStyles.secondary}>
            Watch this path
          </button>
        )}
      </div>
      <p className="break-all text-sm text-muted">
        {watching ? (
          <>
            Watching <code className="font-mono">{watching}</code>; newest first.
          </>
        ) : (
          'Not watching.'
        )}
      </p>
      <ol aria-label="Snapshots" aria-live="polite" className="space-y-1 font-mono text-sm">
        {entries.map((entry, index) => (
          <li key={entries.length - index} className="break-words rounded bg-raised px-3 py-1.5 text-ink">
            <span className="text-muted">{entry.at}</span> {entry.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
