import { useId, useState } from 'react';
import { SaveOrCancel } from '../../components/forms/save-or-cancel';
import { useCheckedSave } from '../../components/forms/use-checked-save';
import { inputStyle, labelStyle } from '../../components/styles';
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
  const { problem, pending, onSubmit } = useCheckedSave(
    () => noteProblem(text),
    () => onSave(text.trim()),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <label htmlFor={id} className={labelStyle}>
        Note for {title}{' '}
        <span className="font-normal text-muted">
          ({text.length}/{MAX_NOTE})
        </span>
      </label>
      <textarea
        id={id}
        value={text}
        rows={3}
        maxLength={MAX_NOTE}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        className={inputStyle}
      />
      <SaveOrCancel problem={problem} pending={pending} saveLabel="Save note" onCancel={onCancel} />
    </form>
  );
}
