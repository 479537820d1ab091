import { Suspense, useEffect, type ComponentType } from 'react';
import { FullScreenLoading } from '../components/full-screen-loading';
import { holdLiveStream, useLiveStreamHold } from '../lib/live';
import { useRouteTitle } from '../lib/use-document-title';

interface LazyScreenProps {
  screen: ComponentType;
  title: string;
  loadingText: string;
}

/**
 * Shows a lazily loaded screen, with a full-screen placeholder while its code arrives.
 * Give each element a distinct `key`: a freshly mounted Suspense boundary shows its fallback
 * even inside the router's transition, instead of silently keeping the previous screen.
 */
export function LazyScreen({ screen: Screen, title, loadingText }: LazyScreenProps) {
  useRouteTitle(title);
  return (
    <Suspense fallback={<ScreenCodeLoading text={loadingText} />}>
      <Screen />
      <ScreenShown />
    </Suspense>
  );
}

/** Until the screen's code arrives its live topics are unknown: the page's stream waits for them. */
function ScreenCodeLoading({ text }: { text: string }) {
  useLiveStreamHold();
  return <FullScreenLoading text={text} />;
}

let untilScreenHydrates: (() => void) | undefined;

/**
 * A server-rendered page hydrates its header before its screen, whose code may still be on its
 * way; no fallback shows meanwhile to hold the stream, so this holds it instead.
 */
export function holdLiveStreamUntilScreenHydrates(): void {
  untilScreenHydrates ??= holdLiveStream();
}

/**
 * Its effect runs after the screen's own, once the screen is on the page and answers: the page
 * then says so (`data-interactive` on <html>), for tests that act as soon as it can be used.
 */
function ScreenShown() {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
    untilScreenHydrates?.();
  }, []);
  return null;
}
