import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { GameGrid } from '../../components/game-grid';
import { Pagination } from '../../components/pagination';
import { buttonStyles } from '../../components/styles';
import { followingFeedQuery } from '../../lib/follows';
import { formatCount } from '../../lib/format';
import { gamesHref } from '../../lib/games-href';

function followingHref(page: number): string {
  return page > 1 ? `${pathOf('following')}?page=${page}` : pathOf('following');
}

export function FollowingGames({ page }: { page: number }) {
  const { data } = useSuspenseQuery(followingFeedQuery(page));
  if (data.total === 0) return <FollowingNothing />;
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <p aria-live="polite" className="mb-5 text-sm text-muted">
        {formatCount(data.total)} {data.total === 1 ? 'game' : 'games'}
      </p>
      <GameGrid games={data.items} label="Games you follow" />
      {pageCount > 1 && <Pagination page={data.page} pageCount={pageCount} hrefFor={followingHref} />}
    </>
  );
}

function FollowingNothing() {
  return (
    <div className="rounded-2xl border border-dashed border-line px-6 py-12 text-center">
      <h2 className="text-lg font-semibold text-ink">Nothing followed yet</h2>
      <p className="mx-auto mt-2 max-w-md text-muted">
        Follow a game from its page, or a maker from theirs: what they list and update shows up here.
      </p>
      <Link to={gamesHref()} className={`${buttonStyles.primary} mt-6`}>
        Browse games
      </Link>
    </div>
  );
}
