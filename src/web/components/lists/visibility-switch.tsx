import { useState } from 'react';
import type { ListEntry } from '../../lib/lists/model';
import { updateList } from '../../lib/lists/store';

/** Public or private: a switch that writes at once (the list's live snapshot shows the result). */
export function VisibilitySwitch({ list }: { list: ListEntry }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const toggle = async () => {
    setBusy(true);
    setProblem('');
    try {
      await updateList(list.id, { public: !list.public });
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        role="switch"
        aria-checked={list.public}
        aria-label={`Public: ${list.name}`}
        disabled={busy}
        onClick={() => void toggle()}
        className="inline-flex items-center gap-2 rounded-full text-sm font-medium text-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
      >
        <span className={`relative inline-block h-6 w-11 rounded-full transition-colors ${list.public ? 'bg-accent' : 'bg-line'}`}>
          <span
            className={`absolute top-0.5 size-5 rounded-full bg-surface shadow transition-all ${list.public ? 'left-[1.375rem]' : 'left-0.5'}`}
          />
        </span>
        {list.public ? 'Public' : 'Private'}
      </button>
      {problem && (
        <span role="alert" className="text-xs text-danger-ink">
          {problem}
        </span>
      )}
    </span>
  );
}
