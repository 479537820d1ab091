import type { CategorySlug } from '../../../shared/categories';
import { aiRoleLabels, aiRunsOnLabels, platformFilterLabels } from '../../../shared/catalogue-values';
import type { ActiveFilter, CatalogueFilters, YesNoFilter } from '../../lib/catalogue-filters';

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

export function formatMoney(amount: number): string {
  return usd.format(amount);
}

export function ratingLabel(minRating: number): string {
  return `${minRating}+ stars`;
}

/** The words on a filter's chip: short, and clear out of the panel's context. */
export function activeFilterLabel(
  filter: ActiveFilter,
  filters: CatalogueFilters,
  categoryName: (slug: CategorySlug) => string,
): string {
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
    default:
      return yesNoChips[filter.kind][filters[filter.kind] ? 'true' : 'false'];
  }
}
