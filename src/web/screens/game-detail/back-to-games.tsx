import { Link } from 'react-router';
import { lastCatalogueHref } from '../../lib/games-href';

/** Back to the catalogue with the search and filters it had when the game was opened. */
export function BackToGames() {
  return (
    <p className="mb-6">
      <Link to={lastCatalogueHref()} className="text-sm font-semibold text-accent-ink hover:underline">
        <span aria-hidden="true">←</span> All games
      </Link>
    </p>
  );
}
