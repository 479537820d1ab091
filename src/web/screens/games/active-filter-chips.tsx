import { Link } from 'react-router';
import {
  activeFilterKey,
  activeFilters,
  catalogueHref,
  clearFilters,
  withoutFilter,
  type CatalogueFilters,
} from '../../lib/catalogue-filters';
import { useCategoryName } from '../../lib/use-category-name';
import { activeFilterLabel } from './filter-labels';

export const clearAllStyle =
  'rounded-full px-3 py-1.5 text-sm font-semibold text-accent-ink underline decoration-accent-ink/40 underline-offset-4 hover:decoration-accent-ink';

/**
 * The filters in use, each removable, and 'Clear all filters': links to the catalogue without
 * them, so they work before the page's code arrives (decision 0062), and in the app after.
 */
export function ActiveFilterChips({ filters }: { filters: CatalogueFilters }) {
  const categoryName = useCategoryName();
  const active = activeFilters(filters);
  if (active.length === 0) return null;
  return (
    <div className="mb-5 flex flex-wrap items-center gap-2">
      <h2 className="sr-only">Active filters</h2>
      <ul className="contents">
        {active.map((filter) => {
          const label = activeFilterLabel(filter, filters, categoryName);
          return (
            <li key={activeFilterKey(filter)} className="max-w-full">
              <Link
                to={catalogueHref(withoutFilter(filters, filter))}
                preventScrollReset
                className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-accent-ink/40 bg-accent-soft py-1 pl-3 pr-2 text-sm font-medium text-accent-ink hover:border-accent-ink"
              >
                <span className="sr-only">Remove </span>
                <span className="truncate">{label}</span>
                <span aria-hidden="true" className="text-base leading-none">
                  ×
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <Link to={catalogueHref(clearFilters(filters))} preventScrollReset className={clearAllStyle}>
        Clear all filters
      </Link>
    </div>
  );
}
