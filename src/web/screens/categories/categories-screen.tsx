import { Suspense } from 'react';
import { CategoryBrowser, CategoryPicker, CategoryPickerSkeleton } from '../../components/category-picker';
import { PageIntro } from '../../components/page-intro';
import { Screen } from '../../components/screen';
import { useAuthStatus } from '../../lib/auth-status';

export default function CategoriesScreen() {
  // A visitor is here only when the operator made the catalogue public.
  const status = useAuthStatus();
  return (
    <Screen>
      <PageIntro title="Categories">
        The kinds of games in the catalogue. Open one to see its games, and star your favourites: the home page picks games for you from
        them.
      </PageIntro>
      <Suspense fallback={<CategoryPickerSkeleton />}>
        {status === 'loading' ? <CategoryPickerSkeleton /> : status === 'signed-in' ? <CategoryPicker browseLinks /> : <CategoryBrowser />}
      </Suspense>
    </Screen>
  );
}
