import { useSuspenseQuery } from '@tanstack/react-query';
import { pathOf } from '../../../shared/routes';
import { CategoryChip, CategoryChipsSkeleton } from '../../components/category-chip';
import { LiveSuspense } from '../../components/live-suspense';
import { categoriesQuery } from '../../lib/categories';
import { gamesHref } from '../../lib/games-href';
import { HomeSection } from './home-section';

export function HomeCategories() {
  return (
    <HomeSection id="categories-title" title="Browse by category" more={{ to: pathOf('categories'), label: 'All categories' }}>
      <LiveSuspense fallback={<CategoryChipsSkeleton count={14} />}>
        <CategoryChips />
      </LiveSuspense>
    </HomeSection>
  );
}

function CategoryChips() {
  const { data } = useSuspenseQuery(categoriesQuery());
  return (
    <ul className="flex flex-wrap gap-2">
      {data.items.map((category) => (
        <li key={category.slug}>
          <CategoryChip to={gamesHref({ category: category.slug })} name={category.name} gameCount={category.gameCount} />
        </li>
      ))}
    </ul>
  );
}
