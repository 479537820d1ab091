import { Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { holdLiveStream } from '../lib/live';

/**
 * A Suspense boundary that holds the page's live stream until its content is on the page. On a
 * page rendered on the server, React hydrates a boundary inside the screen after the screen
 * itself: a change arriving in between (a play counted a moment ago) would reach the content
 * before it hydrates, and the content would no longer match its markup. Use it for the boundaries
 * inside the screens the server renders.
 */
export function LiveSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const release = useRef<() => void>(undefined);
  // A layout effect: taken in the screen's own commit, before the screen's passive effects let the stream open.
  useLayoutEffect(() => {
    release.current = holdLiveStream();
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
  useEffect(() => release.current?.(), [release]);
  return null;
}
