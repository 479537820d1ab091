import { useState } from 'react';
import type { ListEntry } from '../../lib/lists/model';
import { deleteList } from '../../lib/lists/store';
import { FormAlert } from '../forms/form-messages';
import { buttonStyles } from '../styles';
import { ModalDialog } from './modal-dialog';

/** Delete, after a confirmation that names the list. */
export function DeleteListButton({ list, onDeleted }: { list: ListEntry; onDeleted?: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const remove = async () => {
    setBusy(true);
    try {
      await deleteList(list.id);
      setConfirming(false);
      onDeleted?.();
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" onClick={() => setConfirming(true)} className={buttonStyles.secondary} aria-label={`Delete ${list.name}`}>
        Delete
      </button>
      {confirming && (
        <ModalDialog title={`Delete “${list.name}”?`} onClose={() => setConfirming(false)}>
          <p className="text-ink">The list and its notes are removed for good, and its share link stops working.</p>
          <div className="mt-3">
            <FormAlert>{problem}</FormAlert>
          </div>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <button type="button" onClick={() => setConfirming(false)} className={buttonStyles.secondary}>
              Cancel
            </button>
            <button type="button" disabled={busy} onClick={() => void remove()} className={buttonStyles.danger}>
              {busy ? 'Deleting…' : 'Delete list'}
            </button>
          </div>
        </ModalDialog>
      )}
    </>
  );
}
