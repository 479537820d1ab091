import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { textLinkStyle } from '../../components/styles';
import type { ListEntry } from '../../lib/lists/model';
import { ListGameItem } from './list-game-item';
import { moveButtonId } from './move-button-id';

export interface MoveRequest {
  gameId: number;
  by: -1 | 1;
}

/** The list's games in order, as cards with their notes; its owner can reorder, annotate and remove. */
export function ListGames({ list, owner }: { list: ListEntry; owner: boolean }) {
  const lastMove = useRef<MoveRequest | null>(null);
  useKeepFocusOnMovedGame(list, lastMove);
  if (list.games.length === 0) {
    return (
      <p className="text-muted">
        No games in this list yet.
        {owner && (
          <>
            {' '}
            Use “Add to list” on a game in{' '}
            <Link to={pathOf('games')} className={textLinkStyle}>
              the catalogue
            </Link>
            .
          </>
        )}
      </p>
    );
  }
  return (
    <ol aria-label="Games in this list" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {list.games.map((entry, index) => (
        <ListGameItem
          key={entry.gameId}
          listId={list.id}
          entry={entry}
          position={index}
          count={list.games.length}
          owner={owner}
          onMove={(by) => (lastMove.current = { gameId: entry.gameId, by })}
        />
      ))}
    </ol>
  );
}

/** After a move arrives, focus stays on the moved game's button (or its other one at an end). */
function useKeepFocusOnMovedGame(list: ListEntry, lastMove: React.RefObject<MoveRequest | null>) {
  useEffect(() => {
    const move = lastMove.current;
    if (!move) return;
    const same = document.getElementById(moveButtonId(move.gameId, move.by)) as HTMLButtonElement | null;
    const other = document.getElementById(moveButtonId(move.gameId, move.by === -1 ? 1 : -1));
    (same && !same.disabled ? same : other)?.focus();
  }, [list.games, lastMove]);
}
