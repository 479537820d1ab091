// A game list is the document `lists/{id}`. The store's rules decide who may read and write
// it (owner only, or anyone when public); the shape below is kept by these functions.
import { MAX_LIST_DESCRIPTION, MAX_LIST_GAMES, MAX_LIST_NAME, MAX_NOTE } from '../../../shared/lists';
import { pathOf } from '../../../shared/routes';
import { Timestamp } from '../documents';

export { MAX_LIST_DESCRIPTION, MAX_LIST_GAMES, MAX_LIST_NAME, MAX_NOTE };
/** How many of their own lists the screens show (newest changes first). */
export const MAX_MY_LISTS = 100;

export interface ListGame {
  gameId: number;
  note: string;
}

export interface GameList {
  ownerId: string;
  name: string;
  description: string;
  public: boolean;
  games: ListGame[];
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ListEntry extends GameList {
  id: string;
}

/** What a screen may show of a stored document, whatever it holds (the store does not enforce the shape). */
export function listFrom(id: string, data: Record<string, unknown> | undefined): ListEntry {
  const games = Array.isArray(data?.games) ? data.games : [];
  return {
    id,
    ownerId: typeof data?.ownerId === 'string' ? data.ownerId : '',
    name: typeof data?.name === 'string' && data.name ? data.name : 'Untitled list',
    description: typeof data?.description === 'string' ? data.description : '',
    public: data?.public === true,
    games: games.flatMap((game: unknown) => {
      const entry = game as Partial<ListGame> | null;
      return typeof entry?.gameId === 'number' ? [{ gameId: entry.gameId, note: typeof entry.note === 'string' ? entry.note : '' }] : [];
    }),
    createdAt: data?.createdAt instanceof Timestamp ? data.createdAt : Timestamp.fromMillis(0),
    updatedAt: data?.updatedAt instanceof Timestamp ? data.updatedAt : Timestamp.fromMillis(0),
  };
}

/** The first problem with a name and description, in words for the form, or null. */
export function listDetailsProblem(name: string, description: string): string | null {
  if (name.trim().length === 0) return 'Give the list a name.';
  if (name.trim().length > MAX_LIST_NAME) return `A list name has at most ${MAX_LIST_NAME} characters.`;
  if (description.length > MAX_LIST_DESCRIPTION) return `A description has at most ${MAX_LIST_DESCRIPTION} characters.`;
  return null;
}

export function noteProblem(note: string): string | null {
  return note.length > MAX_NOTE ? `A note has at most ${MAX_NOTE} characters.` : null;
}

/** Moves the entry at `from` by one place up (-1) or down (+1); unchanged at the ends. */
export function moveGame(games: readonly ListGame[], from: number, by: -1 | 1): ListGame[] {
  const to = from + by;
  if (from < 0 || to < 0 || to >= games.length) return [...games];
  const moved = [...games];
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  return moved;
}

export function hasGame(list: Pick<GameList, 'games'>, gameId: number): boolean {
  return list.games.some((game) => game.gameId === gameId);
}

/** The list's own page: the same address for its owner and, when public, for anyone. */
export const listHref = (id: string) => `${pathOf('list')}?id=${encodeURIComponent(id)}`;
