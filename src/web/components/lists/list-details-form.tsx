import { type FormEvent, useId, useState } from 'react';
import { listDetailsProblem, type ListEntry, MAX_LIST_DESCRIPTION, MAX_LIST_NAME } from '../../lib/lists/model';
import { updateList } from '../../lib/lists/store';
import { buttonStyles, inputStyle, labelStyle } from '../styles';

interface ListDetailsFormProps {
  list: ListEntry;
  onDone: () => void;
}

/** Rename and describe a list. */
export function ListDetailsForm({ list, onDone }: ListDetailsFormProps) {
  const id = useId();
  const [name, setName] = useState(list.name);
  const [description, setDescription] = useState(list.description);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = listDetailsProblem(name, description);
    if (invalid) return setProblem(invalid);
    setBusy(true);
    try {
      await updateList(list.id, { name: name.trim(), description: description.trim() });
      onDone();
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={`${id}-name`} className={labelStyle}>
          Name
        </label>
        <input id={`${id}-name`} value={name} maxLength={MAX_LIST_NAME} onChange={(event) => setName(event.target.value)} className={inputStyle} />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-description`} className={labelStyle}>
          Description <span className="font-normal text-muted">(up to {MAX_LIST_DESCRIPTION} characters)</span>
        </label>
        <textarea
          id={`${id}-description`}
          value={description}
          rows={3}
          maxLength={MAX_LIST_DESCRIPTION}
          onChange={(event) => setDescription(event.target.value)}
          className={inputStyle}
        />
      </div>
      {problem && (
        <p role="alert" className="text-sm text-danger-ink">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" onClick={onDone} className={buttonStyles.secondary}>
          Cancel
        </button>
      </div>
    </form>
  );
}
