import { type FormEvent, useId, useState } from 'react';
import { buttonStyles, inputStyle, labelStyle } from '../../components/styles';
import { MAX_NOTE, noteProblem } from '../../lib/lists/model';

interface NoteEditorProps {
  title: string;
  note: string;
  onSave: (note: string) => Promise<void>;
  onCancel: () => void;
}

export function NoteEditor({ title, note, onSave, onCancel }: NoteEditorProps) {
  const id = useId();
  const [text, setText] = useState(note);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = noteProblem(text);
    if (invalid) return setProblem(invalid);
    setBusy(true);
    try {
      await onSave(text.trim());
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-2">
      <label htmlFor={id} className={labelStyle}>
        Note for {title} <span className="font-normal text-muted">({text.length}/{MAX_NOTE})</span>
      </label>
      <textarea id={id} value={text} rows={3} maxLength={MAX_NOTE} autoFocus onChange={(event) => setText(event.target.value)} className={inputStyle} />
      {problem && (
        <p role="alert" className="text-sm text-danger-ink">
          {problem}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {busy ? 'Saving…' : 'Save note'}
        </button>
        <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
          Cancel
        </button>
      </div>
    </form>
  );
}
