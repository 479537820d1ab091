import { buttonStyles } from '../styles';
import { FormAlert } from './form-messages';
import { SubmitButton } from './submit-button';

interface SaveOrCancelProps {
  problem?: string;
  pending: boolean;
  saveLabel: string;
  /** Leave out when there is nothing to go back to (a first review, say). */
  onCancel?: () => void;
}

/** The end of every small edit form: what went wrong, then save and cancel. */
export function SaveOrCancel({ problem, pending, saveLabel, onCancel }: SaveOrCancelProps) {
  return (
    <>
      <FormAlert>{problem}</FormAlert>
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending}>{saveLabel}</SubmitButton>
        {onCancel && (
          <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
            Cancel
          </button>
        )}
      </div>
    </>
  );
}
