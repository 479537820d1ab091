import { Link } from 'react-router';
import type { GamePage } from '../../../shared/games';
import { GameGrid, GameGridSkeleton } from '../../components/game-grid';
import { Pagination } from '../../components/pagination';
import { textLinkStyle } from '../../components/styles';
import { catalogueHref, changeFilters, type CatalogueFilters } from '../../lib/catalogue-filters';
import { formatCount } from '../../lib/format';
import { ActiveFilterChips } from './active-filter-chips';
import { NoMatches } from './no-matches';

/** The cards of the first row at the widest layout (four columns): on screen as the page opens. */
const FIRST_ROW = 4;

interface GameResultsProps {
  filters: CatalogueFilters;
  /** Absent until the first page arrives. */
  data?: GamePage;
  /** The previous results, shown dimmed while the ones asked for load. */
  stale: boolean;
}

export function GameResults({ filters, data, stale }: GameResultsProps) {
  if (!data) return <GameGridSkeleton count={8} label="Loading games…" />;
  const noMatches = data.total === 0;
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <div aria-busy={stale} className={`transition-opacity ${stale ? 'opacity-50' : ''}`}>
      {!noMatches && <ActiveFilterChips filters={filters} />}
      {/* "Skip to results" lands here, past the filters and chips: the next Tab is the first game. */}
      <div id="results" tabIndex={-1} className="focus:outline-none">
        {noMatches ? (
          <NoMatches filters={filters} facets={data.facets} />
        ) : data.items.length > 0 ? (
          <GameGrid games={data.items} label="Games" inView={FIRST_ROW} />
        ) : (
          <PastTheEnd filters={filters} />
        )}
      </div>
      {data.items.length > 0 && pageCount > 1 && (
        <Pagination page={data.page} pageCount={pageCount} hrefFor={(page) => catalogueHref(changeFilters(filters, { page }))} />
      )}
    </div>
  );
}

/** "Showing 1–24 of 57 games", announced when it changes. */
export function ResultSummary({ data }: { data?: GamePage }) {
  let text = 'Loading games…';
  if (data && data.total === 0) text = 'No games match';
  else if (data && data.items.length === 0) text = `${formatCount(data.total)} games`;
  else if (data) {
    const first = (data.page - 1) * data.pageSize + 1;
    const last = first + data.items.length - 1;
    text = `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)} ${data.total === 1 ? 'game' : 'games'}`;
  }
  return (
    <p aria-live="polite" aria-atomic="true" className="text-sm text-muted">
      {text}
    </p>
  );
}

function PastTheEnd({ filters }: { filters: CatalogueFilters }) {
  return (
    <div className="rounded-2xl border border-dashed border-line px-6 py-12 text-center">
      <p className="text-lg font-medium text-ink">This page is past the end of the list.</p>
      <p className="mt-2 text-muted">
        <Link to={catalogueHref(changeFilters(filters, { page: 1 }))} className={textLinkStyle}>
          Go to the first page
        </Link>
      </p>
    </div>
  );
}
