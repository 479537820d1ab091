import { useId, useState } from 'react';
import { buttonStyles, cardStyle, inputStyle, labelStyle } from '../../components/styles';
import { type Operation, operations, runChecked, runRaw } from './document-operations';
import { attempt, type Outcome } from './outcome';
import { ResultView } from './result-view';

const operationLabels: Record<Operation, string> = {
  get: 'Get',
  set: 'Set',
  merge: 'Merge',
  update: 'Update',
  delete: 'Delete',
  add: 'Add',
};

interface ExplorerProps {
  path: string;
  onPathChange: (path: string) => void;
  spaces: readonly string[];
}

/** One document: pick its path, edit JSON, run an operation, see what the store says. */
export function Explorer({ path, onPathChange, spaces }: ExplorerProps) {
  const id = useId();
  const [json, setJson] = useState('{\n  "title": "Hello",\n  "count": 1\n}');
  const [checked, setChecked] = useState(true);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (operation: Operation) => {
    setBusy(true);
    const result = await attempt(() => (checked ? runChecked : runRaw)(operation, path, json));
    setOutcome(result);
    if (operation === 'add' && result.kind === 'ok') onPathChange((result.json as { path?: string } | undefined)?.path ?? path);
    setBusy(false);
  };
  return (
    <section aria-labelledby={`${id}-title`} className={`${cardStyle} space-y-4 p-6`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
        Document
      </h2>
      <div className="space-y-1">
        <label htmlFor={`${id}-path`} className={labelStyle}>
          Path
        </label>
        <input
          id={`${id}-path`}
          value={path}
          onChange={(event) => onPathChange(event.target.value)}
          spellCheck={false}
          className={`${inputStyle} font-mono text-sm`}
        />
        <p className="flex flex-wrap gap-2 pt-1 text-sm text-muted">
          Your spaces:
          {spaces.map((space) => (
            <button
              key={space}
              type="button"
              onClick={() => onPathChange(space)}
              className="max-w-full break-all rounded text-left font-mono text-accent-ink underline underline-offset-4"
            >
              {space}
            </button>
          ))}
        </p>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-json`} className={labelStyle}>
          Data (JSON; timestamps as {'{"__timestamp__": "2024-05-01T12:00:00.000Z"}'})
        </label>
        <textarea
          id={`${id}-json`}
          value={json}
          onChange={(event) => setJson(event.target.value)}
          rows={8}
          spellCheck={false}
          className={`${inputStyle} font-mono text-sm`}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-ink">
        <input type="checkbox" checked={checked} onChange={(event) => setChecked(event.target.checked)} className="size-4 accent-accent" />
        Check in the browser first (untick to send as typed and see the server&apos;s own answer)
      </label>
      <div className="flex flex-wrap gap-2">
        {operations.map((operation) => (
          <button
            key={operation}
            type="button"
            disabled={busy}
            onClick={() => void run(operation)}
            className={operation === 'delete' ? buttonStyles.danger : buttonStyles.secondary}
          >
            {operationLabels[operation]}
          </button>
        ))}
      </div>
      <ResultView outcome={outcome} label="Document result" />
    </section>
  );
}
