import { useState, type FormEvent } from 'react';
import { FormAlert, FormStatus } from '../../components/forms/form-messages';
import { TextField } from '../../components/forms/text-field';
import { buttonStyles, cardStyle } from '../../components/styles';
import { useModerationMutations, type AdminGameAction } from '../../lib/submissions';

const labels: Record<AdminGameAction, string> = { feature: 'Feature', unfeature: 'Unfeature', unpublish: 'Unpublish' };

/** Admins only: feature, unfeature or unpublish a listed game by its id. */
export function AdminGameActions() {
  const [gameId, setGameId] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState('');
  const [idError, setIdError] = useState<string>();
  const { actOnGame } = useModerationMutations();

  const run = (action: AdminGameAction) => (event?: FormEvent) => {
    event?.preventDefault();
    if (!/^[1-9]\d*$/.test(gameId.trim())) {
      setIdError('Enter the game id (the number after id= in its address)');
      return;
    }
    setIdError(undefined);
    setDone('');
    actOnGame.mutate(
      { gameId: Number(gameId), action, reason },
      { onSuccess: () => setDone(`${labels[action]}: done for game ${gameId}.`) },
    );
  };

  return (
    <section aria-labelledby="admin-actions-title" className={`${cardStyle} p-5`}>
      <h2 id="admin-actions-title" className="text-lg font-semibold text-ink">
        Admin: featured and listed games
      </h2>
      <form className="mt-3 grid gap-4 sm:grid-cols-[10rem_1fr]" onSubmit={run('feature')}>
        <TextField id="admin-game-id" label="Game id" inputMode="numeric" value={gameId} onValueChange={setGameId} error={idError} />
        <TextField id="admin-reason" label="Reason (kept in the log)" value={reason} onValueChange={setReason} />
      </form>
      <div className="mt-4 flex flex-wrap gap-3">
        {(Object.keys(labels) as AdminGameAction[]).map((action) => (
          <button
            key={action}
            type="button"
            disabled={actOnGame.isPending}
            className={action === 'unpublish' ? buttonStyles.danger : buttonStyles.secondary}
            onClick={() => run(action)()}
          >
            {labels[action]}
          </button>
        ))}
      </div>
      <div className="mt-3">
        <FormStatus>{done}</FormStatus>
        <FormAlert>{actOnGame.error?.message}</FormAlert>
      </div>
    </section>
  );
}
