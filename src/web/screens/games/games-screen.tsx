import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { catalogueTopic } from '../../../shared/live';
import { catalogueTitle } from '../../../shared/page-titles';
import { PageIntro } from '../../components/page-intro';
import { Screen } from '../../components/screen';
import { SkipTo } from '../../components/skip-to';
import { rememberCatalogueSearch } from '../../lib/games-href';
import { gamesQuery } from '../../lib/games-query';
import { useLiveTopics } from '../../lib/live';
import { useDocumentTitle } from '../../lib/use-document-title';
import { FILTERS_PANEL_ID, FiltersDrawer } from './filters-drawer';
import { FiltersPanel } from './filters-panel';
import { GameResults, ResultSummary } from './game-results';
import { SearchBox } from './search-box';
import { SortSelect } from './sort-select';
import { UnknownCategoryNotice } from './unknown-category-notice';
import { useCatalogueFilters } from './use-catalogue-filters';

export default function GamesScreen() {
  const [filters, change] = useCatalogueFilters();
  const { search } = useLocation();
  useEffect(() => rememberCatalogueSearch(search), [search]);
  useLiveTopics([catalogueTopic]);
  useDocumentTitle(catalogueTitle(filters.q, filters.category));
  // The previous results stay (dimmed) while the next ones load; errors go to the route's screens.
  const { data, isPlaceholderData } = useQuery({
    ...gamesQuery(filters),
    placeholderData: keepPreviousData,
    throwOnError: true,
  });
  const facets = data?.facets;
  return (
    <Screen>
      <PageIntro title="Games">
        Search the whole catalogue, then narrow it by category, price, rating, year, and how each game uses AI.
      </PageIntro>
      <SearchBox filters={filters} change={change} />
      <SkipTo target="results">Skip to results</SkipTo>
      {filters.unknownCategory && <UnknownCategoryNotice value={filters.unknownCategory} othersApply={filters.category.length > 0} />}
      <div className="mt-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        {/* On a phone before the code arrives, the 'Filters' link shows this panel in place (`:target`). */}
        <aside id={FILTERS_PANEL_ID} aria-label="Filters" className="hidden scroll-mt-4 target:block lg:block">
          <FiltersPanel filters={filters} facets={facets} change={change} />
        </aside>
        <section aria-label="Results" className="min-w-0">
          <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-3">
              <FiltersDrawer filters={filters} facets={facets} change={change} total={data?.total} />
              <ResultSummary data={data} />
            </div>
            <SortSelect filters={filters} change={change} />
          </div>
          <GameResults filters={filters} data={data} stale={isPlaceholderData} />
        </section>
      </div>
    </Screen>
  );
}
