import { aiRoles } from '../../shared/catalogue';
import { categorySlugs } from '../../shared/categories';
import type { Game } from '../../shared/games';
import { bestOf } from '../best-of';
import { jsonArray, objectJson } from '../http/json-text';
import { bitCount, bitsOf } from './catalogue-columns';
import type { CatalogueIndex, HiddenGames } from './catalogue-index';
import { newestByCategory } from './category-members';
import { derivedFromIndex } from './index-derived';
import { TaglineTrigrams } from './tagline-similarity';

/** What scoring needs of a game: categories and AI roles a bit each. */
interface Likeness {
  id: number;
  categories: number;
  roles: number;
  runsOn: string;
  rating: number;
}

/** How many answers are remembered between changes to the catalogue. */
const MAX_REMEMBERED = 20_000;

const likenessOf = (game: Game): Likeness => ({
  id: Number(game.id),
  categories: bitsOf(categorySlugs, game.categories),
  roles: bitsOf(aiRoles, game.ai.roles),
  runsOn: game.ai.runsOn,
  rating: game.rating,
});

/** These games' list items as they are now, in order; games no longer listed are left out. */
const readCards = async (index: CatalogueIndex, ids: readonly number[]): Promise<Game[]> =>
  (await index.cardsJson(ids)).map((json) => JSON.parse(json) as Game);

/**
 * The candidates: the newest games of each category (the same for every game page), read
 * once per change to the catalogue's filters and words, and the answers given since.
 */
const candidatesOf = derivedFromIndex(async (index) => {
  const taglines = new TaglineTrigrams();
  const pool: { likeness: Likeness; tagline: Int32Array }[] = [];
  const positions = new Map<number, number>();
  const byCategory = new Map<string, number[]>();
  const newest = newestByCategory(index);
  for (const game of await readCards(index, [...new Set([...newest.values()].flat())])) {
    positions.set(Number(game.id), pool.push({ likeness: likenessOf(game), tagline: taglines.numbered(game.tagline) }) - 1);
  }
  for (const [slug, ids] of newest) {
    byCategory.set(
      slug,
      ids.flatMap((id) => (positions.has(id) ? [positions.get(id)!] : [])),
    );
  }
  return { taglines, pool, byCategory, answers: new Map<string, number[]>() };
});

type Candidates = Awaited<ReturnType<typeof candidatesOf>>;

/**
 * The ids of the `limit` games most like this one, from the newest games of each of its
 * categories: shared categories weigh most, then shared AI roles and how it runs, then how
 * alike the taglines read; ties go to the better rated, then the newer id.
 */
function rankSimilar(candidates: Candidates, game: Game, limit: number): number[] {
  const { taglines, pool, byCategory } = candidates;
  const source = likenessOf(game);
  const others = [...new Set(game.categories.flatMap((slug) => byCategory.get(slug) ?? []))].filter(
    (at) => pool[at]!.likeness.id !== source.id,
  );
  const alike = taglines.similarities(
    game.tagline,
    others.map((at) => pool[at]!.tagline),
  );
  const scored = others.map((at, nth): Scored => {
    const other = pool[at]!.likeness;
    const score =
      2 * bitCount(source.categories & other.categories) +
      bitCount(source.roles & other.roles) +
      (source.runsOn === other.runsOn ? 0.5 : 0) +
      2 * alike[nth]!;
    return { other, score };
  });
  return bestOf(scored, limit, ranksAbove).map(({ other }) => other.id);
}

interface Scored {
  other: Likeness;
  score: number;
}

/** The higher score first, then the better rated, then the newer id. */
const ranksAbove = (a: Scored, b: Scored): boolean => (b.score - a.score || b.other.rating - a.other.rating || b.other.id - a.other.id) < 0;

/**
 * The ids of games like this one, most alike first; undefined when the game is not listed.
 * Answered from the catalogue index, so the cost is the same in a catalogue of any size.
 * Games in `hidden` (one user's "Not interested") are left out: the ranking is remembered as
 * deep as there are hidden games past the limit, so one who hid a few shares it too.
 */
export async function similarGameIds(
  index: CatalogueIndex,
  gameId: number,
  limit: number,
  hidden?: HiddenGames,
): Promise<number[] | undefined> {
  if (!index.lists(gameId)) return undefined;
  const candidates = await candidatesOf(index);
  const depth = limit + (hidden?.size ?? 0);
  const key = `${gameId}:${depth}`;
  let ids = candidates.answers.get(key);
  if (!ids) {
    // Only a ranking made afresh reads the game itself.
    const [game] = await readCards(index, [gameId]);
    if (!game) return undefined;
    ids = rankSimilar(candidates, game, depth);
    if (candidates.answers.size >= MAX_REMEMBERED) candidates.answers.clear();
    candidates.answers.set(key, ids);
  }
  return hidden?.size ? ids.filter((id) => !hidden.has(id)).slice(0, limit) : ids;
}

/** Games like this one as JSON of similarGamesSchema's shape, their cards as they are now; undefined when it is not listed. */
export async function similarGamesJson(
  index: CatalogueIndex,
  gameId: number,
  limit: number,
  hidden?: HiddenGames,
): Promise<string | undefined> {
  const ids = await similarGameIds(index, gameId, limit, hidden);
  if (!ids) return undefined;
  return objectJson({ items: jsonArray(await index.cardsJson(ids)) });
}
