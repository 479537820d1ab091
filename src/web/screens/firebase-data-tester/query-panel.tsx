import { useId, useState } from 'react';
import { queryOperators } from '../../../shared/documents';
import { buttonStyles, cardStyle, inputStyle, labelStyle } from '../../components/styles';
import { attempt, type Outcome } from './outcome';
import { ResultView } from './result-view';
import { type QueryForm, runQueryForm } from './run-query';

/** where / orderBy / limit on one collection. */
export function QueryPanel({ initialCollection }: { initialCollection: string }) {
  const id = useId();
  const [form, setForm] = useState<QueryForm>({
    collection: initialCollection,
    whereField: '',
    op: '==',
    value: '""',
    orderField: '',
    direction: 'asc',
    limit: '20',
  });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [checked, setChecked] = useState(true);
  const field = (name: keyof QueryForm) => ({
    id: `${id}-${name}`,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });
  const run = async () => {
    setBusy(true);
    setOutcome(await attempt(() => runQueryForm(form, checked)));
    setBusy(false);
  };
  const label = (name: keyof QueryForm, text: string) => (
    <label htmlFor={`${id}-${name}`} className={labelStyle}>
      {text}
    </label>
  );
  return (
    <section aria-labelledby={`${id}-title`} className={`${cardStyle} space-y-4 p-6`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
        Query
      </h2>
      <div className="space-y-1">
        {label('collection', 'Collection path')}
        <input {...field('collection')} spellCheck={false} className={`${inputStyle} font-mono text-sm`} />
      </div>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_2fr]">
        <div className="space-y-1">
          {label('whereField', 'where field')}
          <input {...field('whereField')} spellCheck={false} placeholder="count" className={`${inputStyle} font-mono text-sm`} />
        </div>
        <div className="space-y-1">
          {label('op', 'operator')}
          <select {...field('op')} className={inputStyle}>
            {queryOperators.map((op) => (
              <option key={op}>{op}</option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          {label('value', 'value (JSON)')}
          <input {...field('value')} spellCheck={false} className={`${inputStyle} font-mono text-sm`} />
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <div className="space-y-1">
          {label('orderField', 'orderBy field')}
          <input {...field('orderField')} spellCheck={false} placeholder="count" className={`${inputStyle} font-mono text-sm`} />
        </div>
        <div className="space-y-1">
          {label('direction', 'direction')}
          <select {...field('direction')} className={inputStyle}>
            <option value="asc">asc</option>
            <option value="desc">desc</option>
          </select>
        </div>
        <div className="space-y-1">
          {label('limit', 'limit')}
          <input {...field('limit')} inputMode="numeric" className={inputStyle} />
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm text-ink">
        <input type="checkbox" checked={checked} onChange={(event) => setChecked(event.target.checked)} className="size-4 accent-accent" />
        Check in the browser first
      </label>
      <button type="button" disabled={busy} onClick={() => void run()} className={buttonStyles.primary}>
        Run query
      </button>
      <ResultView outcome={outcome} label="Query result" />
    </section>
  );
}
