import { useId, useState } from 'react';
import { listDetailsProblem, type ListEntry, MAX_LIST_DESCRIPTION, MAX_LIST_NAME } from '../../lib/lists/model';
import { updateList } from '../../lib/lists/store';
import { SaveOrCancel } from '../forms/save-or-cancel';
import { useCheckedSave } from '../forms/use-checked-save';
import { inputStyle, labelStyle } from '../styles';

interface ListDetailsFormProps {
  list: ListEntry;
  onDone: () => void;
}

/** Rename and describe a list. */
export function ListDetailsForm({ list, onDone }: ListDetailsFormProps) {
  const id = useId();
  const [name, setName] = useState(list.name);
  const [description, setDescription] = useState(list.description);
  const { problem, pending, onSubmit } = useCheckedSave(
    () => listDetailsProblem(name, description),
    async () => {
      await updateList(list.id, { name: name.trim(), description: description.trim() });
      onDone();
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={`${id}-name`} className={labelStyle}>
          Name
        </label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={MAX_LIST_NAME}
          onChange={(event) => setName(event.target.value)}
          className={inputStyle}
        />
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
      <SaveOrCancel problem={problem} pending={pending} saveLabel="Save" onCancel={onDone} />
    </form>
  );
}
