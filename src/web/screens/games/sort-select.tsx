import { useId } from 'react';
import { catalogueSortLabels, type CatalogueSort } from '../../../shared/catalogue-values';
import { inputStyle } from '../../components/styles';
import { availableSorts, changeFilters, effectiveSort, type CatalogueFilters } from '../../lib/catalogue-filters';
import type { ChangeCatalogue } from './use-catalogue-filters';

export function SortSelect({ filters, change }: { filters: CatalogueFilters; change: ChangeCatalogue }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-ink">
        Sort by
      </label>
      <select
        id={id}
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
    </div>
  );
}
