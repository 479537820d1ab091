import { useId, useState, type KeyboardEvent } from 'react';
import type { CatalogueFacets } from '../../../shared/catalogue';
import { inputStyle } from '../../components/styles';
import { changeFilters, type CatalogueFilters, type PriceKind } from '../../lib/catalogue-filters';
import { FacetGroup, RadioFacet } from './facet-controls';
import type { ChangeCatalogue } from './use-catalogue-filters';

interface PriceFacetProps {
  filters: CatalogueFilters;
  facets?: CatalogueFacets;
  change: ChangeCatalogue;
}

export function PriceFacet({ filters, facets, change }: PriceFacetProps) {
  return (
    <div className="space-y-3">
      <RadioFacet<PriceKind>
        legend="Price"
        name="price"
        value={filters.price}
        onChange={(price) => change((f) => changeFilters(f, { price }))}
        options={[
          { value: undefined, label: 'Any' },
          { value: 'free', label: 'Free', count: facets?.price.free },
          { value: 'paid', label: 'Paid', count: facets?.price.paid },
        ]}
      />
      <PriceRange filters={filters} change={change} />
    </div>
  );
}

type Bound = 'minPrice' | 'maxPrice';

function PriceRange({ filters, change }: Omit<PriceFacetProps, 'facets'>) {
  const commit = (bound: Bound, value: number | undefined) =>
    change((f) => {
      const range = { minPrice: f.minPrice, maxPrice: f.maxPrice, [bound]: value };
      // A range typed backwards still says what the visitor meant.
      const backwards = range.minPrice !== undefined && range.maxPrice !== undefined && range.minPrice > range.maxPrice;
      return changeFilters(f, backwards ? { minPrice: range.maxPrice, maxPrice: range.minPrice } : range);
    });
  return (
    <FacetGroup legend="Price range (US$)">
      <div className="grid grid-cols-2 gap-2">
        <PriceInput label="Minimum price" name="minPrice" value={filters.minPrice} onCommit={(value) => commit('minPrice', value)} />
        <PriceInput label="Maximum price" name="maxPrice" value={filters.maxPrice} onCommit={(value) => commit('maxPrice', value)} />
      </div>
      <p className="mt-1.5 text-xs text-muted">Applies when you press Enter or leave the box.</p>
    </FacetGroup>
  );
}

interface PriceInputProps {
  label: string;
  name: 'minPrice' | 'maxPrice';
  value: number | undefined;
  onCommit: (value: number | undefined) => void;
}

const asText = (value: number | undefined) => (value === undefined ? '' : String(value));

/** A price typed in full, then applied on Enter or on leaving the field. */
function PriceInput({ label, name, value, onCommit }: PriceInputProps) {
  const id = useId();
  const [draft, setDraft] = useState(asText(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(asText(value));
  }
  const commit = () => {
    const typed = draft.trim() === '' ? undefined : Number(draft);
    if (typed !== undefined && !(Number.isFinite(typed) && typed >= 0)) return setDraft(asText(value));
    if (typed !== value) onCommit(typed);
  };
  const commitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-muted">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        placeholder={label.startsWith('Min') ? '0' : 'Any'}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={commitOnEnter}
        className={`${inputStyle} px-2 py-1.5 text-sm`}
      />
    </div>
  );
}
