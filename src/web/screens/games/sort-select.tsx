import { useId } from 'react';
import { catalogueSortLabels, type CatalogueSort } from '../../../shared/catalogue-values';
import { pathOf } from '../../../shared/routes';
import { buttonStyles, inputStyle } from '../../components/styles';
import { availableSorts, changeFilters, effectiveSort, type CatalogueFilters } from '../../lib/catalogue-filters';
import { useHydrated } from '../../lib/use-hydrated';
import { CatalogueHiddenFields } from './catalogue-hidden-fields';
import type { ChangeCatalogue } from './use-catalogue-filters';

/** A GET form of its own: before the page's code arrives, 'Sort' sends it with the other filters (decision 0062). */
export function SortSelect({ filters, change }: { filters: CatalogueFilters; change: ChangeCatalogue }) {
  const id = useId();
  const hydrated = useHydrated();
  return (
    <form method="get" action={pathOf('games')} onSubmit={(event) => event.preventDefault()} className="flex items-center gap-2">
      <CatalogueHiddenFields filters={changeFilters(filters, { sort: undefined })} />
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-ink">
        Sort by
      </label>
      <select
        id={id}
        name="sort"
        value={effectiveSort(filters)}
        onChange={(event) => change((f) => changeFilters(f, { sort: event.target.value as CatalogueSort }))}
        className={`${inputStyle} w-auto py-2 text-sm`}
      >
        {availableSorts(filters).map((sort) => (
          <option key={sort} value={sort}>
            {catalogueSortLabels[sort]}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className={`${buttonStyles.secondary} py-2`}>
          Sort
        </button>
      )}
    </form>
  );
}
