import type { Game } from '../../../shared/games';
import { uploadIdFromPath, uploadPath } from '../../../shared/uploads';
import { escapeHtml, summary } from './escape';

/** An upload's page-sized file (1280 px wide) suits a preview card; anything else is used as it is. */
export function previewImage(imagePath: string): string {
  const id = uploadIdFromPath(imagePath);
  return id ? uploadPath(id, 'page') : imagePath;
}

const price = (game: Game) => (game.price === 'free' ? 'Free' : `$${(game.priceAmount ?? 0).toFixed(2)}`);

const rating = (game: Game) =>
  game.ratingCount === 0 ? 'Not rated yet' : `${game.rating.toFixed(1)} out of 5 from ${game.ratingCount} ratings`;

export function gameDescription(game: Pick<Game, 'tagline' | 'description'>): string {
  return summary(game.tagline || game.description);
}

/** A game's public facts as plain HTML, for crawlers that run no script; the app replaces it on start. */
export function gameFactsHtml(game: Game): string {
  const facts: [string, string][] = [
    ['Developer', game.developer],
    ['Categories', game.categories.join(', ')],
    ['Price', price(game)],
    ['Rating', rating(game)],
    ['Released', game.releaseDate],
    ['Plays', String(game.playCount)],
  ];
  const rows = facts.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  return (
    `<article data-prerendered="game"><h1>${escapeHtml(game.title)}</h1>` +
    `<p>${escapeHtml(game.tagline)}</p><dl>${rows}</dl>` +
    `<p>${escapeHtml(summary(game.description, 2000))}</p></article>`
  );
}
