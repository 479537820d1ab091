import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import type { CategorySlug } from '../../../shared/categories';
import { CategoryChip, CategoryChipsSkeleton } from '../../components/category-chip';
import { gamesHref } from '../../lib/games-href';
import { categoriesQuery } from '../../lib/queries';

interface CategoryFilterProps {
  selected?: CategorySlug;
}

export function CategoryFilter({ selected }: CategoryFilterProps) {
  return (
    <nav aria-label="Filter by category" className="mb-8">
      <Suspense fallback={<CategoryChipsSkeleton count={15} />}>
        <CategoryChipList selected={selected} />
      </Suspense>
    </nav>
  );
}

function CategoryChipList({ selected }: CategoryFilterProps) {
  const { data } = useSuspenseQuery(categoriesQuery());
  return (
    <ul className="flex flex-wrap gap-2">
      <li>
        <CategoryChip to={gamesHref()} name="All games" selected={!selected} />
      </li>
      {data.items.map((category) => (
        <li key={category.slug}>
          <CategoryChip
            to={gamesHref({ category: category.slug })}
            name={category.name}
            gameCount={category.gameCount}
            selected={category.slug === selected}
          />
        </li>
      ))}
    </ul>
  );
}
