import { Link } from 'react-router';
import type { CatalogueFacets } from '../../../shared/catalogue';
import { buttonStyles } from '../../components/styles';
import {
  activeFilterKey,
  activeFilters,
  catalogueHref,
  clearFilters,
  totalWithout,
  withoutFilter,
  type CatalogueFilters,
} from '../../lib/catalogue-filters';
import { formatCount } from '../../lib/format';
import { useCategoryName } from '../../lib/use-category-name';
import { activeFilterLabel } from './filter-labels';

interface NoMatchesProps {
  filters: CatalogueFilters;
  facets?: CatalogueFacets;
}

/**
 * Nothing matches: name the filters worth loosening, those the counts say would bring games
 * back first (with how many), leaving out those that alone would still give none. Each is a
 * link to the catalogue without it, working before the page's code arrives.
 */
export function NoMatches({ filters, facets }: NoMatchesProps) {
  const categoryName = useCategoryName();
  const suggestions = activeFilters(filters)
    .map((filter) => ({ filter, total: totalWithout(filter, facets) }))
    .filter(({ total }) => total !== 0)
    .sort((a, b) => (b.total ?? -1) - (a.total ?? -1));
  return (
    <div className="rounded-2xl border border-dashed border-line px-6 py-10 text-center">
      <h2 className="text-lg font-semibold text-ink">No games match {filters.q ? 'your search and filters' : 'these filters'}</h2>
      {suggestions.length > 0 && (
        <>
          <p className="mt-2 text-muted">Try removing one of these:</p>
          <ul className="mt-4 flex flex-wrap justify-center gap-2">
            {suggestions.map(({ filter, total }) => (
              <li key={activeFilterKey(filter)}>
                <Link to={catalogueHref(withoutFilter(filters, filter))} preventScrollReset className={buttonStyles.secondary}>
                  Remove {activeFilterLabel(filter, filters, categoryName)}
                  {total !== undefined && (
                    <span className="font-normal text-muted">
                      ({formatCount(total)} {total === 1 ? 'game' : 'games'})
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <Link to={catalogueHref(clearFilters(filters))} preventScrollReset className={`${buttonStyles.primary} mt-6`}>
        Clear all filters
      </Link>
    </div>
  );
}
