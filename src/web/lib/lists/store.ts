import { addDoc, collection, deleteDoc, doc, limit, orderBy, query, Timestamp, updateDoc, where } from '../documents';
import { DocumentError } from '../documents';
import { runTransaction } from '../documents/transactions';
import { type GameList, type ListGame, listFrom, MAX_LIST_GAMES, MAX_MY_LISTS } from './model';

export const LISTS = 'lists';
export const listRef = (id: string) => doc<GameList>(LISTS, id);

/** The signed-in user's lists, most recently changed first (the rules allow exactly this query). */
export const myListsQuery = (ownerId: string) =>
  query(collection<GameList>(LISTS), where('ownerId', '==', ownerId), orderBy('updatedAt', 'desc'), limit(MAX_MY_LISTS));

export async function createList(ownerId: string, details: { name: string; description: string; games?: ListGame[] }) {
  const now = Timestamp.now();
  const list: GameList = {
    ownerId,
    name: details.name.trim(),
    description: details.description.trim(),
    public: false,
    games: details.games ?? [],
    createdAt: now,
    updatedAt: now,
  };
  return addDoc(collection<GameList>(LISTS), list);
}

type ListChanges = Partial<Pick<GameList, 'name' | 'description' | 'public' | 'games'>>;

/** The changes and the time they are made, which orders "my lists". */
const stamped = (changes: ListChanges) => ({ ...changes, updatedAt: Timestamp.now() });

export async function updateList(id: string, changes: ListChanges) {
  await updateDoc(listRef(id), stamped(changes));
}

export const deleteList = (id: string) => deleteDoc(listRef(id));

/**
 * Reads the list as stored now and writes back its games changed by `change`, in a transaction:
 * a change made in between (another tab, another device) is read and kept, never overwritten.
 */
export async function changeGames(id: string, change: (games: ListGame[]) => ListGame[]) {
  await runTransaction(async (transaction) => {
    const snapshot = await transaction.get(listRef(id));
    const games = change(listFrom(id, snapshot.data() as Record<string, unknown> | undefined).games);
    if (games.length > MAX_LIST_GAMES) throw new DocumentError('invalid-argument', `A list holds at most ${MAX_LIST_GAMES} games.`);
    transaction.update(listRef(id), stamped({ games }));
  });
}

export const addGameToList = (id: string, gameId: number) =>
  changeGames(id, (games) => (games.some((game) => game.gameId === gameId) ? games : [...games, { gameId, note: '' }]));

export const removeGameFromList = (id: string, gameId: number) =>
  changeGames(id, (games) => games.filter((game) => game.gameId !== gameId));
