import type { CatalogueFacets } from '../../../shared/catalogue';
import type { CategorySlug } from '../../../shared/categories';
import { catalogueCategories, categoryState, setCategoryState, type CatalogueFilters } from '../../lib/catalogue-filters';
import { useCategoryName } from '../../lib/use-category-name';
import { choiceInputStyle, FacetCount, FacetGroup, optionRowStyle } from './facet-controls';
import type { ChangeCatalogue } from './use-catalogue-filters';

interface CategoryFacetProps {
  filters: CatalogueFilters;
  facets?: CatalogueFacets;
  change: ChangeCatalogue;
}

/** Each category: ticked to include it, or 'Exclude' ticked to leave its games out. */
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
  return (
    <li className="flex items-center gap-1">
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
      {/* A box of the form that looks like a button: ticked before the page's code arrives, it is sent by 'Apply filters'. */}
      <label className={excludeStyle}>
        <input
          type="checkbox"
          name="exclude"
          value={slug}
          checked={excluded}
          onChange={() => change((f) => setCategoryState(f, slug, excluded ? 'any' : 'exclude'))}
          className="absolute inset-0 cursor-pointer appearance-none opacity-0"
        />
        Exclude<span className="sr-only"> {name}</span>
      </label>
    </li>
  );
}

const excludeStyle =
  'relative shrink-0 cursor-pointer rounded-md border border-line px-2 py-1 text-xs font-medium text-muted transition-colors hover:border-danger-ink hover:text-danger-ink has-[:checked]:border-danger-ink has-[:checked]:bg-danger-soft has-[:checked]:text-danger-ink has-[:focus-visible]:outline-none has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring';
