import type { CatalogueFacets } from '../../../shared/catalogue';
import type { CategorySlug } from '../../../shared/categories';
import { catalogueCategories, categoryState, setCategoryState, type CatalogueFilters } from '../../lib/catalogue-filters';
import { useCategoryName } from '../../lib/use-category-name';
import { useHydrated } from '../../lib/use-hydrated';
import { choiceInputStyle, FacetCount, FacetGroup, optionRowStyle } from './facet-controls';
import type { ChangeCatalogue } from './use-catalogue-filters';

interface CategoryFacetProps {
  filters: CatalogueFilters;
  facets?: CatalogueFacets;
  change: ChangeCatalogue;
}

/** Each category: ticked to include it, or 'Exclude' pressed to leave its games out. */
export function CategoryFacet({ filters, facets, change }: CategoryFacetProps) {
  const categoryName = useCategoryName();
  return (
    <FacetGroup legend="Categories">
      <ul className="space-y-0.5">
        {catalogueCategories.map((slug) => (
          <CategoryRow
            key={slug}
            slug={slug}
            name={categoryName(slug)}
            state={categoryState(filters, slug)}
            count={facets?.category[slug]}
            change={change}
          />
        ))}
      </ul>
    </FacetGroup>
  );
}

interface CategoryRowProps {
  slug: CategorySlug;
  name: string;
  state: ReturnType<typeof categoryState>;
  count?: number;
  change: ChangeCatalogue;
}

function CategoryRow({ slug, name, state, count, change }: CategoryRowProps) {
  const excluded = state === 'exclude';
  // Excluding takes a script: until the page's code arrives the button says it is not ready.
  const hydrated = useHydrated();
  return (
    <li className="flex items-center gap-1">
      {excluded && <input type="hidden" name="exclude" value={slug} />}
      <label className={`${optionRowStyle} min-w-0 flex-1`}>
        <input
          type="checkbox"
          name="category"
          value={slug}
          checked={state === 'include'}
          onChange={() => change((f) => setCategoryState(f, slug, state === 'include' ? 'any' : 'include'))}
          className={choiceInputStyle}
        />
        <span className={`truncate ${excluded ? 'text-muted line-through' : ''}`}>{name}</span>
        <FacetCount count={count} />
      </label>
      <button
        type="button"
        aria-pressed={excluded}
        disabled={!hydrated}
        onClick={() => change((f) => setCategoryState(f, slug, excluded ? 'any' : 'exclude'))}
        className={`shrink-0 rounded-md border px-2 py-1 text-xs font-medium transition-colors disabled:cursor-progress disabled:opacity-60 ${
          excluded
            ? 'border-danger-ink bg-danger-soft text-danger-ink'
            : 'border-line text-muted hover:border-danger-ink hover:text-danger-ink'
        }`}
      >
        Exclude<span className="sr-only"> {name}</span>
      </button>
    </li>
  );
}
