import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { GameGridSkeleton } from '../../components/game-grid';
import { PageIntro } from '../../components/page-intro';
import { Screen } from '../../components/screen';
import { readCatalogueFilters } from './catalogue-filters';
import { CategoryFilter } from './category-filter';
import { GameResults } from './game-results';
import { UnknownCategoryNotice } from './unknown-category-notice';

export default function GamesScreen() {
  const [searchParams] = useSearchParams();
  const filters = readCatalogueFilters(searchParams);
  const resultsKey = `${filters.category ?? 'all'}:${filters.page}`;
  return (
    <Screen>
      <PageIntro title="Games">
        Every game in the GameSource catalogue. Pick a category to narrow the list.
      </PageIntro>
      <CategoryFilter selected={filters.category} />
      {filters.unknownCategory && <UnknownCategoryNotice value={filters.unknownCategory} />}
      {/* Keyed so a new page or category shows skeletons instead of the previous results. */}
      <Suspense key={resultsKey} fallback={<GameGridSkeleton count={8} label="Loading games…" />}>
        <GameResults page={filters.page} category={filters.category} />
      </Suspense>
    </Screen>
  );
}
