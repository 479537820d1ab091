import { Suspense } from 'react';
import { PageIntro } from '../../components/page-intro';
import { Screen } from '../../components/screen';
import { CategoryList, CategoryListSkeleton } from './category-list';

export default function CategoriesScreen() {
  return (
    <Screen>
      <PageIntro title="Categories">
        The kinds of games in the catalogue. Choose one to see its games.
      </PageIntro>
      <Suspense fallback={<CategoryListSkeleton />}>
        <CategoryList />
      </Suspense>
    </Screen>
  );
}
