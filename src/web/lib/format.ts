import type { Game } from '../../shared/games';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-US');
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function formatPrice(game: Pick<Game, 'price' | 'priceAmount'>): string {
  if (game.price === 'free' || game.priceAmount === undefined) return 'Free';
  return usd.format(game.priceAmount);
}

export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** What a game with no ratings shows instead of an average. */
export const NO_RATINGS = 'No ratings yet';

export function formatCompactCount(count: number): string {
  return compact.format(count);
}

export function formatCount(count: number): string {
  return whole.format(count);
}

export function pluralise(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** Formats an ISO calendar date (YYYY-MM-DD) without shifting it into the local time zone. */
export function formatReleaseDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}

export function formatDuration(totalSeconds: number): string {
  const seconds = Math.floor(totalSeconds);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds % 60}s`;
  return `${seconds}s`;
}

const inUtc = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** A moment as the server's messages name it (in UTC), so a page rendered on the server reads the same once hydrated. */
export function formatMomentUtc(iso: string): string {
  return `${inUtc.format(new Date(iso))} UTC`;
}

/** A file's size for people: KB below a megabyte, MB with one decimal above. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
