import { Suspense, type ComponentType } from 'react';
import { FullScreenLoading } from '../components/full-screen-loading';
import { useDocumentTitle } from '../lib/use-document-title';

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
  useDocumentTitle(title);
  return (
    <Suspense fallback={<FullScreenLoading text={loadingText} />}>
      <Screen />
    </Suspense>
  );
}
