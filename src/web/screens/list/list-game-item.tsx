import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { GameCard } from '../../components/game-card';
import { GameCardSkeleton } from '../../components/game-card-skeleton';
import { buttonStyles } from '../../components/styles';
import { gameQuery } from '../../lib/games-query';
import { type ListGame, moveGame } from '../../lib/lists/model';
import { changeGames } from '../../lib/lists/store';
import { useCategoryName } from '../../lib/use-category-name';
import { moveButtonId } from './move-button-id';
import { NoteEditor } from './note-editor';

interface ListGameItemProps {
  listId: string;
  entry: ListGame;
  position: number;
  count: number;
  owner: boolean;
  onMove: (by: -1 | 1) => void;
}

const smallButton = `${buttonStyles.secondary} px-3 py-1.5`;

export function ListGameItem({ listId, entry, position, count, owner, onMove }: ListGameItemProps) {
  const { data: game, isPending } = useQuery(gameQuery(entry.gameId));
  const categoryName = useCategoryName();
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState('');
  const title = game?.title ?? `Game ${entry.gameId}`;
  const write = (change: (games: ListGame[]) => ListGame[]) => {
    setProblem('');
    changeGames(listId, change).catch((error: Error) => setProblem(error.message));
  };
  const move = (by: -1 | 1) => {
    onMove(by);
    write((games) =>
      moveGame(
        games,
        games.findIndex((item) => item.gameId === entry.gameId),
        by,
      ),
    );
  };
  const saveNote = async (note: string) => {
    await changeGames(listId, (games) => games.map((item) => (item.gameId === entry.gameId ? { ...item, note } : item)));
    setEditing(false);
  };
  return (
    <li className="flex flex-col gap-3">
      {isPending && <GameCardSkeleton />}
      {game && <GameCard game={{ ...game, id: String(game.id) }} categoryName={categoryName(game.category)} />}
      {!isPending && !game && <p className="rounded-2xl border border-line p-4 text-muted">This game is no longer in the catalogue.</p>}
      {editing ? (
        <NoteEditor title={title} note={entry.note} onSave={saveNote} onCancel={() => setEditing(false)} />
      ) : (
        entry.note && (
          <p className="whitespace-pre-line break-words rounded-xl bg-raised px-4 py-3 text-ink">
            <span className="sr-only">Note: </span>
            {entry.note}
          </p>
        )
      )}
      {owner && !editing && (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => setEditing(true)}
            className={smallButton}
            aria-label={`${entry.note ? 'Edit' : 'Add'} note for ${title}`}
          >
            {entry.note ? 'Edit note' : 'Add note'}
          </button>
          <button
            id={moveButtonId(entry.gameId, -1)}
            type="button"
            disabled={position === 0}
            onClick={() => move(-1)}
            className={smallButton}
            aria-label={`Move ${title} up`}
          >
            Up
          </button>
          <button
            id={moveButtonId(entry.gameId, 1)}
            type="button"
            disabled={position === count - 1}
            onClick={() => move(1)}
            className={smallButton}
            aria-label={`Move ${title} down`}
          >
            Down
          </button>
          <button
            type="button"
            onClick={() => write((games) => games.filter((item) => item.gameId !== entry.gameId))}
            className={smallButton}
            aria-label={`Remove ${title} from this list`}
          >
            Remove
          </button>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-danger-ink">
          {problem}
        </p>
      )}
    </li>
  );
}
