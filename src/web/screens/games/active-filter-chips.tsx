import { activeFilterKey, activeFilters, clearFilters, withoutFilter, type CatalogueFilters } from '../../lib/catalogue-filters';
import { useCategoryName } from '../../lib/use-category-name';
import { useHydrated } from '../../lib/use-hydrated';
import { activeFilterLabel } from './filter-labels';
import type { ChangeCatalogue } from './use-catalogue-filters';

export const clearAllStyle =
  'rounded-full px-3 py-1.5 text-sm font-semibold text-accent-ink underline decoration-accent-ink/40 underline-offset-4 hover:decoration-accent-ink disabled:cursor-progress disabled:opacity-60';

/** The filters in use, each removable, and 'Clear all filters'. */
export function ActiveFilterChips({ filters, change }: { filters: CatalogueFilters; change: ChangeCatalogue }) {
  const categoryName = useCategoryName();
  // Removing takes a script: until the page's code arrives these say they are not ready.
  const hydrated = useHydrated();
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
              <button
                type="button"
                disabled={!hydrated}
                onClick={() => change((f) => withoutFilter(f, filter))}
                className="inline-flex disabled:cursor-progress disabled:opacity-60 max-w-full items-center gap-1.5 rounded-full border border-accent-ink/40 bg-accent-soft py-1 pl-3 pr-2 text-sm font-medium text-accent-ink hover:border-accent-ink"
              >
                <span className="sr-only">Remove </span>
                <span className="truncate">{label}</span>
                <span aria-hidden="true" className="text-base leading-none">
                  ×
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" disabled={!hydrated} onClick={() => change(clearFilters)} className={clearAllStyle}>
        Clear all filters
      </button>
    </div>
  );
}
