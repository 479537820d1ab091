import { Suspense, type ComponentType } from 'react';
import { FullScreenLoading } from '../components/full-screen-loading';
import { useLiveStreamHold } from '../lib/live';
import { holdUntilShown, useShown } from '../lib/parts-on-their-way';
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

let untilScreenShown: (() => void) | undefined;

/**
 * A server-rendered page hydrates its header before its screen, whose code may still be on its
 * way; no fallback shows meanwhile to hold the stream, so the screen is a part on its way until
 * it is shown.
 */
export function holdUntilScreenShown(): void {
  untilScreenShown ??= holdUntilShown();
}

/** Its effect runs after the screen's own: the screen is on the page and answers. */
function ScreenShown() {
  useShown(screenShown);
  return null;
}

/** The screen held on a rendered page is released; a screen rendered in the browser is one more part shown. */
const screenShown = () => (untilScreenShown ?? holdUntilShown())();
