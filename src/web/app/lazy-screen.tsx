import { Suspense, type ComponentType } from 'react';
import { FullScreenLoading } from '../components/full-screen-loading';
import { useLiveStreamHold } from '../lib/live';
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
    </Suspense>
  );
}

/** Until the screen's code arrives its live topics are unknown: the page's stream waits for them. */
function ScreenCodeLoading({ text }: { text: string }) {
  useLiveStreamHold();
  return <FullScreenLoading text={text} />;
}
