import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CategorySlug } from '../../../shared/categories';
import type { GamePage } from '../../../shared/games';
import { GameGrid } from '../../components/game-grid';
import { textLinkStyle } from '../../components/styles';
import { formatCount } from '../../lib/format';
import { gamesHref } from '../../lib/games-href';
import { gamesQuery } from '../../lib/queries';
import { useCategoryName } from '../../lib/use-category-name';
import { Pagination } from './pagination';

interface GameResultsProps {
  page: number;
  category?: CategorySlug;
}

export function GameResults({ page, category }: GameResultsProps) {
  const { data } = useSuspenseQuery(gamesQuery({ page, category }));
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <div>
      <ResultSummary data={data} category={category} />
      {data.items.length > 0 ? (
        <GameGrid games={data.items} label="Games" />
      ) : (
        <EmptyResults data={data} category={category} />
      )}
      {data.items.length > 0 && pageCount > 1 && (
        <Pagination page={data.page} pageCount={pageCount} category={category} />
      )}
    </div>
  );
}

function ResultSummary({ data, category }: { data: GamePage; category?: CategorySlug }) {
  const categoryName = useCategoryName();
  const first = (data.page - 1) * data.pageSize + 1;
  const last = first + data.items.length - 1;
  const where = category ? ` in ${categoryName(category)}` : '';
  const text =
    data.items.length > 0
      ? `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)} games${where}`
      : `No games to show${where}`;
  return (
    <p aria-live="polite" className="mb-5 text-sm text-muted">
      {text}
    </p>
  );
}

function EmptyResults({ data, category }: { data: GamePage; category?: CategorySlug }) {
  const beyondLastPage = data.total > 0;
  return (
    <div className="rounded-2xl border border-dashed border-line px-6 py-12 text-center">
      <p className="text-lg font-medium text-ink">
        {beyondLastPage ? 'This page is past the end of the list.' : 'No games in this category yet.'}
      </p>
      <p className="mt-2 text-muted">
        <Link to={beyondLastPage ? gamesHref({ category }) : gamesHref()} className={textLinkStyle}>
          {beyondLastPage ? 'Go to the first page' : 'See all games'}
        </Link>
      </p>
    </div>
  );
}
