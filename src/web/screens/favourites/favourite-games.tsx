import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { GameGrid } from '../../components/game-grid';
import { Pagination } from '../../components/pagination';
import { buttonStyles, textLinkStyle } from '../../components/styles';
import { favouritesQuery } from '../../lib/favourites';
import { formatCount } from '../../lib/format';
import { gamesHref } from '../../lib/games-href';

function favouritesHref(page: number): string {
  return page > 1 ? `${pathOf('favourites')}?page=${page}` : pathOf('favourites');
}

export function FavouriteGames({ page }: { page: number }) {
  const { data } = useSuspenseQuery(favouritesQuery({ page }));
  if (data.total === 0) return <NoFavourites />;
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <p aria-live="polite" className="mb-5 text-sm text-muted">
        {formatCount(data.total)} {data.total === 1 ? 'favourite' : 'favourites'}
      </p>
      {data.items.length > 0 ? <GameGrid games={data.items} label="Your favourite games" /> : <PastTheEnd />}
      {pageCount > 1 && <Pagination page={data.page} pageCount={pageCount} hrefFor={favouritesHref} />}
    </>
  );
}

function NoFavourites() {
  return (
    <div className="rounded-2xl border border-dashed border-line px-6 py-12 text-center">
      <h2 className="text-lg font-semibold text-ink">No favourites yet</h2>
      <p className="mx-auto mt-2 max-w-md text-muted">Press the heart on any game to keep it here, so it is easy to find again.</p>
      <Link to={gamesHref()} className={`${buttonStyles.primary} mt-6`}>
        Browse games
      </Link>
    </div>
  );
}

function PastTheEnd() {
  return (
    <div className="rounded-2xl border border-dashed border-line px-6 py-12 text-center">
      <p className="text-lg font-medium text-ink">This page is past the end of your favourites.</p>
      <p className="mt-2 text-muted">
        <Link to={favouritesHref(1)} className={textLinkStyle}>
          Go to the first page
        </Link>
      </p>
    </div>
  );
}
