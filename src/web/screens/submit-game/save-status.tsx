import type { SaveState } from './use-autosave';

const messages: Record<SaveState, string> = {
  idle: 'Changes save as you type.',
  saving: 'Saving…',
  saved: 'Saved',
  invalid: 'Not saved: fix the marked fields.',
  error: 'Not saved: GameSource could not be reached. Your next change will try again.',
};

export function SaveStatus({ state }: { state: SaveState }) {
  const tone = state === 'saved' ? 'text-success-ink' : state === 'invalid' || state === 'error' ? 'text-danger-ink' : 'text-muted';
  return (
    <p role="status" data-save-state={state} className={`text-sm font-medium ${tone}`}>
      {state === 'saved' && <span aria-hidden="true">✓ </span>}
      {messages[state]}
    </p>
  );
}
