import { Suspense } from 'react';
import { FullScreenLoading } from '../../components/full-screen-loading';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SomethingWentWrongScreen } from '../screen-registry';

/** The root route's errorElement: routing errors land here, outside the layout. */
export function RouteErrorPage() {
  useDocumentTitle('Something went wrong');
  return (
    <Suspense fallback={<FullScreenLoading text="Loading error page..." />}>
      <SomethingWentWrongScreen />
    </Suspense>
  );
}
