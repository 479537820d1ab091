import { useId, useRef } from 'react';
import { aiProviderLabels, aiProviders, type AiProvider } from '../../../shared/ai-disclosure-values';
import type { CatalogueFacets } from '../../../shared/catalogue';
import { aiRoleLabels, aiRunsOnLabels, platformFilterLabels, type AiRunsOn } from '../../../shared/catalogue-values';
import { pathOf } from '../../../shared/routes';
import { buttonStyles } from '../../components/styles';
import { inputStyle } from '../../components/styles';
import {
  catalogueAiRoles,
  cataloguePlatforms,
  catalogueRunsOn,
  changeFilters,
  ratingSteps,
  toggleAiRole,
  togglePlatform,
  yesNoFilters,
  disclosureFilterValues,
  type CatalogueFilters,
  type YesNoFilter,
} from '../../lib/catalogue-filters';
import { formatCount } from '../../lib/format';
import { useHydrated } from '../../lib/use-hydrated';
import { CatalogueHiddenFields } from './catalogue-hidden-fields';
import { CategoryFacet } from './category-facet';
import { CheckboxOption, FacetGroup, RadioFacet } from './facet-controls';
import { disclosureLegends, disclosureValueLabels, ratingLabel, yesNoLegends } from './filter-labels';
import { PriceFacet } from './price-facet';
import type { ChangeCatalogue } from './use-catalogue-filters';
import { useTakeOverTouchedForm } from './use-take-over-touched-form';

export interface FiltersPanelProps {
  filters: CatalogueFilters;
  /** Absent while the first page loads (or from a server without facets): no counts then. */
  facets?: CatalogueFacets;
  change: ChangeCatalogue;
}

/**
 * Every filter, each option with how many games it would give. A real GET form of the address's
 * parameters: before the page's code arrives, 'Apply filters' sends it; then each change applies
 * at once and the button goes (decision 0062).
 */
export function FiltersPanel(props: FiltersPanelProps) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  useTakeOverTouchedForm(form, props.change);
  return (
    <form
      ref={form}
      method="get"
      action={pathOf('games')}
      aria-label="Filters"
      onSubmit={(event) => event.preventDefault()}
      className="space-y-7"
    >
      <CatalogueHiddenFields filters={props.filters} only={['q', 'sort']} />
      <CategoryFacet {...props} />
      <PriceFacet {...props} />
      <RatingFacet {...props} />
      <YearFacet {...props} />
      <PlatformFacet {...props} />
      <AiFacets {...props} />
      {!hydrated && (
        <button type="submit" className={`${buttonStyles.primary} sticky bottom-4 w-full`}>
          Apply filters
        </button>
      )}
    </form>
  );
}

function RatingFacet({ filters, change }: FiltersPanelProps) {
  return (
    <RadioFacet<number>
      legend="Minimum rating"
      name="minRating"
      columns
      value={filters.minRating}
      onChange={(minRating) => change((f) => changeFilters(f, { minRating }))}
      options={[{ value: undefined, label: 'Any' }, ...ratingSteps.map((step) => ({ value: step, label: ratingLabel(step) }))]}
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
        name="year"
        value={filters.year ?? ''}
        onChange={(event) => change((f) => changeFilters(f, { year: event.target.value ? Number(event.target.value) : undefined }))}
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
              name="platform"
              value={platform}
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
                name="aiRole"
                value={role}
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
        name="runsOn"
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
      <DisclosureFacets filters={filters} facets={facets} change={change} />
    </div>
  );
}

/** The second edition's facts (decision 0064): what the AI asks of the player, and whose it is. */
function DisclosureFacets(props: FiltersPanelProps) {
  const { filters, facets, change } = props;
  return (
    <>
      <OneBoxFacet {...props} legend="API key" label="No API key needed" name="noApiKey" count={facets?.noApiKey.true} />
      {(['inputGoes', 'made', 'playCost'] as const).map((name) => (
        <DisclosureFacet key={name} name={name} filters={filters} facets={facets} change={change} />
      ))}
      <ProviderFacet filters={filters} facets={facets} change={change} />
      <OneBoxFacet
        {...props}
        legend="Still works"
        label="Show games that don't work"
        name="showNotWorking"
        count={facets?.notWorking.true}
      />
    </>
  );
}

/** A filter that is on or absent (`?name=true`), as one box. */
function OneBoxFacet({
  filters,
  change,
  legend,
  label,
  name,
  count,
}: FiltersPanelProps & { legend: string; label: string; name: 'noApiKey' | 'showNotWorking'; count?: number }) {
  return (
    <FacetGroup legend={legend}>
      <CheckboxOption
        label={label}
        name={name}
        value="true"
        checked={filters[name] === true}
        count={count}
        onChange={() => change((f) => changeFilters(f, { [name]: f[name] ? undefined : true }))}
      />
    </FacetGroup>
  );
}

function DisclosureFacet({ name, filters, facets, change }: FiltersPanelProps & { name: 'inputGoes' | 'made' | 'playCost' }) {
  const labels = disclosureValueLabels[name] as Record<string, string>;
  return (
    <RadioFacet<string>
      legend={disclosureLegends[name]}
      name={name}
      value={filters[name]}
      onChange={(value) => change((f) => changeFilters(f, { [name]: value }))}
      options={[
        { value: undefined, label: 'Any' },
        ...disclosureFilterValues[name].map((value) => ({
          value,
          label: labels[value],
          count: (facets?.[name] as Record<string, number> | undefined)?.[value],
        })),
      ]}
    />
  );
}

function ProviderFacet({ filters, facets, change }: FiltersPanelProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-semibold text-ink">
        {disclosureLegends.provider}
      </label>
      <select
        id={id}
        name="provider"
        value={filters.provider ?? ''}
        onChange={(event) => change((f) => changeFilters(f, { provider: (event.target.value || undefined) as AiProvider | undefined }))}
        className={`${inputStyle} py-2 text-sm`}
      >
        <option value="">Any provider</option>
        {aiProviders.map((provider) => {
          const count = facets?.provider[provider];
          return (
            <option key={provider} value={provider}>
              {count === undefined ? aiProviderLabels[provider] : `${aiProviderLabels[provider]} (${formatCount(count)})`}
            </option>
          );
        })}
      </select>
    </div>
  );
}

function YesNoFacet({ name, filters, facets, change }: FiltersPanelProps & { name: YesNoFilter }) {
  return (
    <RadioFacet<boolean>
      legend={yesNoLegends[name]}
      name={name}
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
