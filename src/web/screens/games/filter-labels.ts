import { aiGenerationLabels, aiInputDestinationLabels, aiPlayCostLabels, aiProviderLabels } from '../../../shared/ai-disclosure-values';
import { aiRoleLabels, aiRunsOnLabels, platformFilterLabels } from '../../../shared/catalogue-values';
import type { CategorySlug } from '../../../shared/categories';
import type { ActiveFilter, CatalogueFilters, DisclosureFilter, YesNoFilter } from '../../lib/catalogue-filters';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0 });

export const yesNoLegends: Record<YesNoFilter, string> = {
  offline: 'Works offline',
  ownKey: 'Needs your own API key',
  moderated: 'Output moderated',
};

const yesNoChips: Record<YesNoFilter, Record<'true' | 'false', string>> = {
  offline: { true: 'Works offline', false: 'Needs a connection' },
  ownKey: { true: 'Needs your own API key', false: 'No API key needed' },
  moderated: { true: 'Output moderated', false: 'Output not moderated' },
};

/** The disclosure filters' legends, and each value's words in the panel. */
export const disclosureLegends: Record<DisclosureFilter, string> = {
  made: 'When AI content is made',
  provider: 'AI provider',
  inputGoes: 'Where what you type goes',
  playCost: 'Cost to play',
};
export const disclosureValueLabels: { [K in DisclosureFilter]: Record<NonNullable<CatalogueFilters[K]>, string> } = {
  made: aiGenerationLabels,
  provider: aiProviderLabels,
  inputGoes: aiInputDestinationLabels,
  playCost: aiPlayCostLabels,
};

const disclosureChip = (name: DisclosureFilter, filters: CatalogueFilters): string => {
  const labels = disclosureValueLabels[name] as Record<string, string>;
  const value = filters[name];
  if (value === undefined) return '';
  if (value === 'not-stated') return `${disclosureLegends[name]}: not stated`;
  return name === 'made' || name === 'inputGoes' ? labels[value]! : `${disclosureLegends[name]}: ${labels[value]!}`;
};

export function formatMoney(amount: number): string {
  return usd.format(amount);
}

export function ratingLabel(minRating: number): string {
  return `${minRating}+ stars`;
}

/** The words on a filter's chip: short, and clear out of the panel's context. */
export function activeFilterLabel(filter: ActiveFilter, filters: CatalogueFilters, categoryName: (slug: CategorySlug) => string): string {
  switch (filter.kind) {
    case 'q':
      return `Search: “${filters.q ?? ''}”`;
    case 'category':
      return categoryName(filter.slug);
    case 'exclude':
      return `Not ${categoryName(filter.slug)}`;
    case 'price':
      return filters.price === 'free' ? 'Free' : 'Paid';
    case 'minPrice':
      return `From ${formatMoney(filters.minPrice ?? 0)}`;
    case 'maxPrice':
      return `Up to ${formatMoney(filters.maxPrice ?? 0)}`;
    case 'minRating':
      return `Rated ${ratingLabel(filters.minRating ?? 0)}`;
    case 'year':
      return `Released in ${filters.year ?? ''}`;
    case 'aiRole':
      return `AI: ${aiRoleLabels[filter.role]}`;
    case 'platform':
      return filter.platform === 'web' ? platformFilterLabels.web : `Plays on ${platformFilterLabels[filter.platform]}`;
    case 'runsOn':
      return `Runs: ${filters.runsOn ? aiRunsOnLabels[filters.runsOn] : ''}`;
    case 'noApiKey':
      return 'No API key needed';
    case 'showNotWorking':
      return "Including games that don't work";
    case 'made':
    case 'provider':
    case 'inputGoes':
    case 'playCost':
      return disclosureChip(filter.kind, filters);
    default:
      return yesNoChips[filter.kind][filters[filter.kind] ? 'true' : 'false'];
  }
}
