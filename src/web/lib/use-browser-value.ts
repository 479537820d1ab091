import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/**
 * A value only the browser knows (its storage, its time zone). A page the server rendered is
 * hydrated with `onServer`, as the server rendered it, and then shows `inBrowser()`: the two
 * never disagree while React hydrates. `inBrowser` must answer the same value until it changes.
 */
export function useBrowserValue<T>(inBrowser: () => T, onServer: T): T {
  return useSyncExternalStore(nothingToWatch, inBrowser, () => onServer);
}
