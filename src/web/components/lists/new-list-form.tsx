import { type FormEvent, useId, useState } from 'react';
import { listDetailsProblem, MAX_LIST_NAME } from '../../lib/lists/model';
import { createList } from '../../lib/lists/store';
import { buttonStyles, inputStyle, labelStyle } from '../styles';

interface NewListFormProps {
  ownerId: string;
  /** A game the new list starts with. */
  gameId?: number;
  onCreated?: (id: string) => void;
}

/** A name and Create: the smallest way to start a list (details can be added on the Lists screen). */
export function NewListForm({ ownerId, gameId, onCreated }: NewListFormProps) {
  const inputId = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = listDetailsProblem(name, '');
    if (invalid) return setProblem(invalid);
    setBusy(true);
    setProblem('');
    try {
      const games = gameId === undefined ? [] : [{ gameId, note: '' }];
      const ref = await createList(ownerId, { name, description: '', games });
      setName('');
      onCreated?.(ref.id);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-2">
      <label htmlFor={inputId} className={labelStyle}>
        New list
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={MAX_LIST_NAME}
          placeholder="Cozy AI companions"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          className={inputStyle}
        />
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {busy ? 'Creating…' : 'Create'}
        </button>
      </div>
      {problem && (
        <p id={`${inputId}-problem`} role="alert" className="text-sm text-danger-ink">
          {problem}
        </p>
      )}
    </form>
  );
}
