import { Link } from 'react-router';
import { gamesHref, lastCatalogueHref } from '../../lib/games-href';
import { useBrowserValue } from '../../lib/use-browser-value';

/** Back to the catalogue with the search and filters it had when the game was opened. */
export function BackToGames() {
  const href = useBrowserValue(lastCatalogueHref, gamesHref());
  return (
    <p className="mb-6">
      <Link to={href} className="text-sm font-semibold text-accent-ink hover:underline">
        <span aria-hidden="true">←</span> All games
      </Link>
    </p>
  );
}
