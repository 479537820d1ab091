import { useBrowserValue } from './use-browser-value';

const inBrowser = () => true;

/**
 * False while a page the server rendered is painted but its code has not taken it over yet (and
 * during hydration), true from then on. A control that only a script can work is disabled until
 * then, so a tap on it is visibly refused rather than silently lost (decision 0062).
 */
export function useHydrated(): boolean {
  return useBrowserValue(inBrowser, false);
}
