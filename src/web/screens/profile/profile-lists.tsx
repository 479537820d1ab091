import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ProfileReview } from '../../../shared/profiles';
import { GameGridSkeleton, GameGrid } from '../../components/game-grid';
import { Pagination } from '../../components/pagination';
import { cardStyle, textLinkStyle } from '../../components/styles';
import { formatCount } from '../../lib/format';
import { gameDetailHref } from '../../lib/games-href';
import { profileGamesQuery, profileReviewsQuery } from '../../lib/profiles';

const reviewDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Each list keeps its page in the address (`games=`, `reviews=`), so Back and shared links work. */
function usePageParam(name: 'games' | 'reviews') {
  const [search] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get(name)) || 1));
  const hrefFor = (next: number) => {
    const params = new URLSearchParams(search);
    if (next > 1) params.set(name, String(next));
    else params.delete(name);
    return `?${params}`;
  };
  return { page, hrefFor };
}

function ListSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-5 text-2xl font-bold tracking-tight text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ProfileGames({ userId }: { userId: string }) {
  return (
    <ListSection id="profile-games-title" title="Games">
      <Suspense fallback={<GameGridSkeleton count={4} label="Loading games…" />}>
        <GamesList userId={userId} />
      </Suspense>
    </ListSection>
  );
}

function GamesList({ userId }: { userId: string }) {
  const { page, hrefFor } = usePageParam('games');
  const { data } = useSuspenseQuery(profileGamesQuery(userId, page));
  if (data.total === 0) return <p className="text-muted">No games listed yet.</p>;
  const pageCount = Math.ceil(data.total / data.pageSize);
  return (
    <>
      <GameGrid games={data.items} titleAs="h3" label="Their games" />
      {pageCount > 1 && <Pagination page={data.page} pageCount={pageCount} hrefFor={hrefFor} />}
    </>
  );
}

export function ProfileReviews({ userId }: { userId: string }) {
  return (
    <ListSection id="profile-reviews-title" title="Reviews">
      <Suspense
        fallback={
          <p role="status" className="text-muted">
            Loading reviews…
          </p>
        }
      >
        <ReviewsList userId={userId} />
      </Suspense>
    </ListSection>
  );
}

function ReviewsList({ userId }: { userId: string }) {
  const { page, hrefFor } = usePageParam('reviews');
  const { data } = useSuspenseQuery(profileReviewsQuery(userId, page));
  if (data.total === 0) return <p className="text-muted">No reviews yet.</p>;
  const pageCount = Math.ceil(data.total / data.pageSize);
  return (
    <>
      <p className="mb-4 text-sm text-muted">
        {formatCount(data.total)} {data.total === 1 ? 'review' : 'reviews'}
      </p>
      <ul className="space-y-4">
        {data.items.map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
      {pageCount > 1 && <Pagination page={data.page} pageCount={pageCount} hrefFor={hrefFor} />}
    </>
  );
}

function ReviewCard({ review }: { review: ProfileReview }) {
  return (
    <article className={`${cardStyle} p-5`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-ink">
          <Link to={gameDetailHref(review.gameId)} className={textLinkStyle}>
            {review.gameTitle}
          </Link>
        </h3>
        <p className="text-sm text-muted">
          <span aria-label={`${review.stars} out of 5 stars`} className="mr-3 text-accent-ink">
            {'★'.repeat(review.stars)}
            <span aria-hidden="true" className="text-line">
              {'★'.repeat(5 - review.stars)}
            </span>
          </span>
          {reviewDate.format(new Date(review.createdAt))}
        </p>
      </div>
      {review.body && <p className="mt-3 whitespace-pre-line text-ink">{review.body}</p>}
    </article>
  );
}
