import { deleteThen } from '../../lib/after-deletion';
import { buttonStyles } from '../styles';

interface Props<Id> {
  /** The question's element id, which names the dialog. */
  questionId: string;
  /** "Delete your reply? This cannot be undone." */
  question: string;
  remove: { mutateAsync: (id: Id) => Promise<unknown>; isPending: boolean; error: Error | null };
  id: Id;
  onKeep: () => void;
  onDeleted: () => void;
}

/** "Delete …? This cannot be undone." beside the item, with Yes (focused) and Keep it, and why a deletion failed. */
export function ConfirmDelete<Id>({ questionId, question, remove, id, onKeep, onDeleted }: Props<Id>) {
  return (
    <div role="alertdialog" aria-labelledby={questionId} className="mt-3 space-y-3">
      <p id={questionId} className="font-medium text-ink">
        {question}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          autoFocus
          disabled={remove.isPending}
          onClick={() => deleteThen(remove, id, onDeleted)}
          className={buttonStyles.danger}
        >
          Yes, delete it
        </button>
        <button type="button" onClick={onKeep} className={buttonStyles.secondary}>
          Keep it
        </button>
      </div>
      {remove.error && (
        <p role="alert" className="text-danger-ink">
          {remove.error.message}
        </p>
      )}
    </div>
  );
}
