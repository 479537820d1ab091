import { Suspense } from 'react';
import { PageIntro } from '../../components/page-intro';
import { Screen } from '../../components/screen';
import { CategoryPicker, CategoryPickerSkeleton } from '../../components/category-picker';

export default function CategoriesScreen() {
  return (
    <Screen>
      <PageIntro title="Categories">
        The kinds of games in the catalogue. Open one to see its games, and star your favourites: the home
        page picks games for you from them.
      </PageIntro>
      <Suspense fallback={<CategoryPickerSkeleton />}>
        <CategoryPicker browseLinks />
      </Suspense>
    </Screen>
  );
}
