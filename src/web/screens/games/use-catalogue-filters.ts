import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readCatalogueFilters, writeCatalogueSearch, type CatalogueFilters } from '../../lib/catalogue-filters';

export interface ChangeOptions {
  /** Replace the current history entry instead of adding one (typing in the search box). */
  replace?: boolean;
}

export type ChangeCatalogue = (change: (current: CatalogueFilters) => CatalogueFilters, options?: ChangeOptions) => void;

/**
 * The catalogue's filters, kept in the address, and a way to change them. A change shows at
 * once (a ticked box stays ticked while the router catches up) and builds on the latest
 * change rather than the last render, so two quick ones (a price typed, then a box ticked)
 * both stay. Back, Forward and links put the address's filters back in charge.
 */
export function useCatalogueFilters(): [CatalogueFilters, ChangeCatalogue] {
  const [searchParams, setSearchParams] = useSearchParams();
  const address = searchParams.toString();
  const [seenAddress, setSeenAddress] = useState(address);
  const [filters, setFilters] = useState(() => readCatalogueFilters(searchParams));
  if (address !== seenAddress) {
    setSeenAddress(address);
    setFilters(readCatalogueFilters(searchParams));
  }

  const latest = useRef(filters);
  useEffect(() => {
    latest.current = filters;
  }, [filters]);

  const change = useCallback<ChangeCatalogue>(
    (update, { replace = false } = {}) => {
      const next = update(latest.current);
      latest.current = next;
      setFilters(next);
      // The list changes beside the panel: keep the visitor where they are on the page.
      setSearchParams(writeCatalogueSearch(next), { replace, preventScrollReset: true });
    },
    [setSearchParams],
  );
  return [filters, change];
}
