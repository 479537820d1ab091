import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Game, GameDetail } from '../../../shared/games';
import { pathOf } from '../../../shared/routes';
import { formatCount, formatReleaseDate } from '../../lib/format';
import { gamesHref } from '../../lib/games-href';
import { useCategoryName } from '../../lib/use-category-name';

export function GameFacts({ game }: { game: Game & Partial<Pick<GameDetail, 'makerId'>> }) {
  return (
    <dl className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Fact term="Developer" wide>
        {game.makerId ? (
          <Link
            to={`${pathOf('profile')}?id=${encodeURIComponent(game.makerId)}`}
            className="font-medium text-accent-ink underline underline-offset-4"
          >
            {game.developer}
          </Link>
        ) : (
          game.developer
        )}
      </Fact>
      <Fact term="Released">
        <time dateTime={game.releaseDate}>{formatReleaseDate(game.releaseDate)}</time>
      </Fact>
      <Fact term="Plays">{formatCount(game.playCount)}</Fact>
      <Fact term="Categories" wide>
        <CategoryLinks categories={game.categories} />
      </Fact>
    </dl>
  );
}

interface FactProps {
  term: string;
  wide?: boolean;
  children: ReactNode;
}

function Fact({ term, wide = false, children }: FactProps) {
  return (
    <div className={`rounded-xl border border-line bg-surface px-4 py-3 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{term}</dt>
      <dd className="mt-1 text-ink">{children}</dd>
    </div>
  );
}

function CategoryLinks({ categories }: Pick<Game, 'categories'>) {
  const categoryName = useCategoryName();
  return (
    <ul className="mt-1 flex flex-wrap gap-2">
      {categories.map((slug) => (
        <li key={slug}>
          <Link
            to={gamesHref({ category: slug })}
            className="inline-block rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-accent-ink hover:underline"
          >
            {categoryName(slug)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
