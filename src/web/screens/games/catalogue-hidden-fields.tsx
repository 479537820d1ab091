import { writeCatalogueSearch, type CatalogueFilters } from '../../lib/catalogue-filters';

/**
 * The address's other parameters as hidden fields, so a catalogue form that sends only some of
 * them (the search box, the sort) keeps the rest when it is sent before scripts (decision 0062).
 */
export function CatalogueHiddenFields({ filters, only }: { filters: CatalogueFilters; only?: readonly string[] }) {
  const fields = [...writeCatalogueSearch(filters)].filter(([name]) => name !== 'page' && (!only || only.includes(name)));
  return fields.map(([name, value], nth) => <input key={`${name}-${value}-${nth}`} type="hidden" name={name} value={value} />);
}
