import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import type { Category, CategorySlug } from '../../shared/categories';
import { MAX_FAVOURITE_CATEGORIES } from '../../shared/profiles';
import { categoriesQuery } from '../lib/categories';
import { pluralise } from '../lib/format';
import { gamesHref } from '../lib/games-href';
import { loginPathFor } from '../lib/guard-paths';
import { favouriteCategoriesQuery, useSaveFavouriteCategories } from '../lib/profiles';
import { FormAlert } from './forms/form-messages';
import { cardStyle } from './styles';

const gridStyle = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

interface CategoryPickerProps {
  /** Each category's name opens its games (on /categories; onboarding keeps the user in place). */
  browseLinks?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/**
 * Every category with its game count and a favourite toggle, saved to the account at once.
 * The one picker of /categories and onboarding.
 */
export function CategoryPicker({ browseLinks = false, headingLevel = 'h2' }: CategoryPickerProps) {
  const { data: categories } = useSuspenseQuery(categoriesQuery());
  const { data: favourites } = useSuspenseQuery(favouriteCategoriesQuery());
  const save = useSaveFavouriteCategories();
  const chosen = favourites.categories;
  const full = chosen.length >= MAX_FAVOURITE_CATEGORIES;

  const toggle = (slug: CategorySlug) => {
    const next = chosen.includes(slug) ? chosen.filter((other) => other !== slug) : [...chosen, slug];
    save.mutate(next);
  };

  return (
    <div className="space-y-5">
      <p role="status" aria-live="polite" className="text-sm font-medium text-muted">
        {chosen.length === 0
          ? `Pick up to ${MAX_FAVOURITE_CATEGORIES} favourite categories.`
          : `${chosen.length} of ${MAX_FAVOURITE_CATEGORIES} favourites picked${full ? ': remove one to pick another.' : '.'}`}
      </p>
      <FormAlert>{save.error ? `Your choice was not saved: ${save.error.message}` : undefined}</FormAlert>
      <ul className={gridStyle}>
        {categories.items.map((category) => (
          <li key={category.slug} className="flex">
            <CategoryCard
              category={category}
              chosen={chosen.includes(category.slug)}
              disabled={full && !chosen.includes(category.slug)}
              onToggle={() => toggle(category.slug)}
              browseLink={browseLinks}
              Heading={headingLevel}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

interface CategoryCardProps {
  category: Category;
  chosen: boolean;
  disabled: boolean;
  onToggle: () => void;
  browseLink: boolean;
  Heading: 'h2' | 'h3';
  /** No favourite toggle: a visitor has no favourites to keep. */
  visitor?: boolean;
}

function CategoryCard({ category, chosen, disabled, onToggle, browseLink, Heading, visitor = false }: CategoryCardProps) {
  const count = category.gameCount === 0 ? 'No games yet' : pluralise(category.gameCount, 'game', 'games');
  return (
    <article className={`${cardStyle} flex w-full flex-col p-5 transition ${chosen ? 'border-accent ring-1 ring-accent' : ''}`}>
      <div className="flex items-start justify-between gap-3">
        <Heading className="text-lg font-semibold text-ink">
          {browseLink ? (
            <Link to={gamesHref({ category: category.slug })} className="hover:underline">
              {category.name}
            </Link>
          ) : (
            category.name
          )}
        </Heading>
        {!visitor && <FavouriteToggle name={category.name} chosen={chosen} disabled={disabled} onToggle={onToggle} />}
      </div>
      <p className="mt-2 flex-1 text-sm text-muted">{category.description}</p>
      <p className="mt-4 text-sm font-semibold text-accent-ink">
        {browseLink ? <Link to={gamesHref({ category: category.slug })}>{count}</Link> : count}
      </p>
    </article>
  );
}

interface FavouriteToggleProps {
  name: string;
  chosen: boolean;
  disabled: boolean;
  onToggle: () => void;
}

function FavouriteToggle({ name, chosen, disabled, onToggle }: FavouriteToggleProps) {
  return (
    <button
      type="button"
      aria-pressed={chosen}
      disabled={disabled}
      onClick={onToggle}
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${
        chosen ? 'border-accent bg-accent text-on-accent' : 'border-line bg-surface text-ink hover:bg-raised'
      }`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-4"
        fill={chosen ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path d="m10 2.5 2.3 4.8 5.2.7-3.8 3.6.9 5.2L10 14.3l-4.6 2.5.9-5.2L2.5 8l5.2-.7L10 2.5Z" strokeLinejoin="round" />
      </svg>
      {/* The name starts with the words shown, so voice control finds it by them. */}
      {chosen ? 'Favourite' : 'Add'}
      <span className="sr-only"> {name}</span>
    </button>
  );
}

/**
 * The categories for a visitor (when the catalogue is public): each opens its games, and
 * starring one asks to sign in first.
 */
export function CategoryBrowser() {
  const { data: categories } = useSuspenseQuery(categoriesQuery());
  const { pathname, search } = useLocation();
  return (
    <div className="space-y-5">
      <p className="text-sm font-medium text-muted">
        <Link to={loginPathFor(pathname, search)} className="font-semibold text-accent-ink underline">
          Sign in
        </Link>{' '}
        to pick up to {MAX_FAVOURITE_CATEGORIES} favourite categories.
      </p>
      <ul className={gridStyle}>
        {categories.items.map((category) => (
          <li key={category.slug} className="flex">
            <CategoryCard category={category} chosen={false} disabled onToggle={() => undefined} browseLink Heading="h2" visitor />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CategoryPickerSkeleton() {
  return (
    <div role="status" aria-live="polite" className={gridStyle}>
      <span className="sr-only">Loading categories…</span>
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} aria-hidden="true" className={`${cardStyle} h-40 animate-pulse bg-raised`} />
      ))}
    </div>
  );
}
