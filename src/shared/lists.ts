// The shape of a game list (`lists/{id}` in the document store), checked by the list screens
// before writing and by the store's rules on every write.

export const MAX_LIST_NAME = 80;
export const MAX_LIST_DESCRIPTION = 500;
export const MAX_NOTE = 280;
export const MAX_LIST_GAMES = 100;

const listFields = new Set(['ownerId', 'name', 'description', 'public', 'games', 'createdAt', 'updatedAt']);

const isMap = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first thing wrong with a list document's fields, in words, or null when it is a valid list. */
export function listShapeProblem(data: Record<string, unknown>): string | null {
  const unknown = Object.keys(data).find((field) => !listFields.has(field));
  if (unknown) return `A list has no field named ${unknown}`;
  if (typeof data.ownerId !== 'string') return 'A list needs its ownerId';
  if (typeof data.name !== 'string' || data.name.trim() === '') return 'A list needs a name';
  if (data.name.trim().length > MAX_LIST_NAME) return `A list name has at most ${MAX_LIST_NAME} characters`;
  if (data.description !== undefined && (typeof data.description !== 'string' || data.description.length > MAX_LIST_DESCRIPTION)) {
    return `A list description is text of at most ${MAX_LIST_DESCRIPTION} characters`;
  }
  if (typeof data.public !== 'boolean') return 'A list is public (true) or private (false)';
  if (!Array.isArray(data.games)) return 'A list needs its games (an array)';
  if (data.games.length > MAX_LIST_GAMES) return `A list holds at most ${MAX_LIST_GAMES} games`;
  for (const game of data.games) {
    if (!isMap(game) || !Number.isSafeInteger(game.gameId) || (game.gameId as number) < 1) {
      return 'Each game in a list needs a gameId (a positive whole number)';
    }
    if (game.note !== undefined && (typeof game.note !== 'string' || game.note.length > MAX_NOTE)) {
      return `A note has at most ${MAX_NOTE} characters`;
    }
  }
  return null;
}
