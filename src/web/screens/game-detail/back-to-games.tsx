import { Link } from 'react-router';
import { gamesHref } from '../../lib/games-href';

export function BackToGames() {
  return (
    <p className="mb-6">
      <Link to={gamesHref()} className="text-sm font-semibold text-accent-ink hover:underline">
        <span aria-hidden="true">←</span> All games
      </Link>
    </p>
  );
}
