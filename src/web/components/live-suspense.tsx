import { Suspense, useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import { holdUntilShown, useShown } from '../lib/parts-on-their-way';

/**
 * A Suspense boundary whose content counts as a part of the screen on its way until it is shown.
 * On a page rendered on the server, React hydrates a boundary inside the screen after the screen
 * itself: a change arriving in between (a play counted a moment ago) would reach the content
 * before it hydrates, and the content would no longer match its markup. Use it for the
 * boundaries inside the screens the server renders.
 */
export function LiveSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const release = useRef<() => void>(undefined);
  // A layout effect: taken in the screen's own commit, before the screen's passive effects say it is shown.
  useLayoutEffect(() => {
    release.current = holdUntilShown();
    return () => release.current?.();
  }, []);
  return (
    <Suspense fallback={fallback}>
      {children}
      <ContentShown release={release} />
    </Suspense>
  );
}

function ContentShown({ release }: { release: { current: (() => void) | undefined } }) {
  useShown(useCallback(() => release.current?.(), [release]));
  return null;
}
