import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Category } from '../../../shared/categories';
import { cardStyle } from '../../components/styles';
import { pluralise } from '../../lib/format';
import { gamesHref } from '../../lib/games-href';
import { categoriesQuery } from '../../lib/queries';

const gridStyle = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

export function CategoryList() {
  const { data } = useSuspenseQuery(categoriesQuery());
  return (
    <ul className={gridStyle}>
      {data.items.map((category) => (
        <li key={category.slug} className="flex">
          <CategoryCard category={category} />
        </li>
      ))}
    </ul>
  );
}

function CategoryCard({ category }: { category: Category }) {
  const count = category.gameCount === 0 ? 'No games yet' : pluralise(category.gameCount, 'game', 'games');
  return (
    <article
      className={`${cardStyle} relative flex w-full flex-col p-5 transition hover:-translate-y-0.5 hover:border-accent-ink focus-within:ring-2 focus-within:ring-ring`}
    >
      <h2 className="text-lg font-semibold text-ink">
        <Link
          to={gamesHref({ category: category.slug })}
          className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
        >
          {category.name}
        </Link>
      </h2>
      <p className="mt-2 flex-1 text-sm text-muted">{category.description}</p>
      <p className="mt-4 text-sm font-semibold text-accent-ink">{count}</p>
    </article>
  );
}

export function CategoryListSkeleton() {
  return (
    <div role="status" aria-live="polite" className={gridStyle}>
      <span className="sr-only">Loading categories…</span>
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} aria-hidden="true" className={`${cardStyle} h-40 animate-pulse bg-raised`} />
      ))}
    </div>
  );
}
