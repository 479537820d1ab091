import { useQuery } from '@tanstack/react-query';
import type { CategorySlug } from '../../shared/categories';
import { categoriesQuery } from './categories';

function labelFromSlug(slug: string): string {
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Display names of categories; falls back to a label made from the slug until the list arrives. */
export function useCategoryName(): (slug: CategorySlug) => string {
  const { data } = useQuery(categoriesQuery());
  return (slug) => data?.items.find((category) => category.slug === slug)?.name ?? labelFromSlug(slug);
}
