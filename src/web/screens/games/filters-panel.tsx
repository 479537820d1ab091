import { useId } from 'react';
import type { CatalogueFacets } from '../../../shared/catalogue';
import { aiRoleLabels, aiRunsOnLabels, platformFilterLabels, type AiRunsOn } from '../../../shared/catalogue-values';
import { inputStyle } from '../../components/styles';
import { formatCount } from '../../lib/format';
import { CategoryFacet } from './category-facet';
import {
  catalogueAiRoles,
  cataloguePlatforms,
  catalogueRunsOn,
  changeFilters,
  ratingSteps,
  toggleAiRole,
  togglePlatform,
  yesNoFilters,
  type CatalogueFilters,
  type YesNoFilter,
} from '../../lib/catalogue-filters';
import { CheckboxOption, FacetGroup, RadioFacet } from './facet-controls';
import { ratingLabel, yesNoLegends } from './filter-labels';
import { PriceFacet } from './price-facet';
import type { ChangeCatalogue } from './use-catalogue-filters';

export interface FiltersPanelProps {
  filters: CatalogueFilters;
  /** Absent while the first page loads (or from a server without facets): no counts then. */
  facets?: CatalogueFacets;
  change: ChangeCatalogue;
}

/** Every filter, each option with how many games it would give. */
export function FiltersPanel(props: FiltersPanelProps) {
  return (
    <div className="space-y-7">
      <CategoryFacet {...props} />
      <PriceFacet {...props} />
      <RatingFacet {...props} />
      <YearFacet {...props} />
      <PlatformFacet {...props} />
      <AiFacets {...props} />
    </div>
  );
}

function RatingFacet({ filters, change }: FiltersPanelProps) {
  return (
    <RadioFacet<number>
      legend="Minimum rating"
      columns
      value={filters.minRating}
      onChange={(minRating) => change((f) => changeFilters(f, { minRating }))}
      options={[
        { value: undefined, label: 'Any' },
        ...ratingSteps.map((step) => ({ value: step, label: ratingLabel(step) })),
      ]}
    />
  );
}

function YearFacet({ filters, facets, change }: FiltersPanelProps) {
  const id = useId();
  const years = new Set(Object.keys(facets?.year ?? {}).map(Number));
  if (filters.year !== undefined) years.add(filters.year);
  const options = [...years].filter(Number.isInteger).sort((a, b) => b - a);
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-semibold text-ink">
        Release year
      </label>
      <select
        id={id}
        value={filters.year ?? ''}
        onChange={(event) =>
          change((f) => changeFilters(f, { year: event.target.value ? Number(event.target.value) : undefined }))
        }
        className={`${inputStyle} py-2 text-sm`}
      >
        <option value="">Any year</option>
        {options.map((year) => {
          const count = facets?.year[String(year)];
          return (
            <option key={year} value={year}>
              {count === undefined ? year : `${year} (${formatCount(count)})`}
            </option>
          );
        })}
      </select>
    </div>
  );
}

function PlatformFacet({ filters, facets, change }: FiltersPanelProps) {
  return (
    <FacetGroup legend="Platform">
      <ul className="space-y-0.5">
        {cataloguePlatforms.map((platform) => (
          <li key={platform}>
            <CheckboxOption
              label={platformFilterLabels[platform]}
              checked={filters.platform.includes(platform)}
              count={facets?.platform[platform]}
              onChange={() => change((f) => togglePlatform(f, platform))}
            />
          </li>
        ))}
      </ul>
    </FacetGroup>
  );
}

function AiFacets({ filters, facets, change }: FiltersPanelProps) {
  return (
    <div className="space-y-7 border-t border-line pt-6">
      <p className="text-xs font-semibold uppercase tracking-wider text-accent-ink">How the AI is used</p>
      <FacetGroup legend="AI role">
        <ul className="space-y-0.5">
          {catalogueAiRoles.map((role) => (
            <li key={role}>
              <CheckboxOption
                label={aiRoleLabels[role]}
                checked={filters.aiRole.includes(role)}
                count={facets?.aiRole[role]}
                onChange={() => change((f) => toggleAiRole(f, role))}
              />
            </li>
          ))}
        </ul>
      </FacetGroup>
      <RadioFacet<AiRunsOn>
        legend="Where the AI runs"
        value={filters.runsOn}
        onChange={(runsOn) => change((f) => changeFilters(f, { runsOn }))}
        options={[
          { value: undefined, label: 'Any' },
          ...catalogueRunsOn.map((runsOn) => ({
            value: runsOn,
            label: aiRunsOnLabels[runsOn],
            count: facets?.runsOn[runsOn],
          })),
        ]}
      />
      {yesNoFilters.map((name) => (
        <YesNoFacet key={name} name={name} filters={filters} facets={facets} change={change} />
      ))}
    </div>
  );
}

function YesNoFacet({ name, filters, facets, change }: FiltersPanelProps & { name: YesNoFilter }) {
  return (
    <RadioFacet<boolean>
      legend={yesNoLegends[name]}
      value={filters[name]}
      onChange={(value) => change((f) => changeFilters(f, { [name]: value }))}
      options={[
        { value: undefined, label: 'Any' },
        { value: true, label: 'Yes', count: facets?.[name].true },
        { value: false, label: 'No', count: facets?.[name].false },
      ]}
    />
  );
}
