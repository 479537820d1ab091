import { useEffect } from 'react';
import { holdLiveStream } from './live';
import { useHydrated } from './use-hydrated';

let onTheirWay = 0;
const afterEveryPart: (() => void)[] = [];

/**
 * A part of the screen that is not on the page yet: the screen while a page the server rendered
 * hydrates, or the content of a boundary inside it, which React hydrates after the screen. The
 * live stream waits for it (a change reaching it before it hydrates would no longer match its
 * markup), and the page says it can be used (`data-interactive` on <html>, for tests that act as
 * soon as a person could) only once the last part is shown. Call the answer once it is.
 */
export function holdUntilShown(): () => void {
  onTheirWay += 1;
  const releaseStream = holdLiveStream();
  let shown = false;
  return () => {
    if (shown) return;
    shown = true;
    onTheirWay -= 1;
    releaseStream();
    if (onTheirWay > 0) return;
    document.documentElement.dataset.interactive = '';
    for (const then of afterEveryPart.splice(0)) then();
  };
}

/**
 * Runs `then` once no part of the page is on its way (at once if none is): what would change a
 * part's markup before it hydrates (a rendered page's member facts, decision 0081) waits for it.
 */
export function whenEveryPartShown(then: () => void): void {
  if (onTheirWay === 0) then();
  else afterEveryPart.push(then);
}

/**
 * Calls `shown` once the component is on the page with the browser's values in place (the
 * controls that wait for the code enabled), not merely hydrated with the server's.
 */
export function useShown(shown: () => void): void {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) shown();
  }, [hydrated, shown]);
}
