import { categorySlugSchema, type CategorySlug } from '../../../shared/categories';

export interface CatalogueFilters {
  page: number;
  category?: CategorySlug;
  /** A `?category=` value that is not a known category, to tell the visitor about it. */
  unknownCategory?: string;
}

function readPage(raw: string | null): number {
  if (!raw || !/^[1-9]\d{0,5}$/.test(raw)) return 1;
  return Number(raw);
}

export function readCatalogueFilters(search: URLSearchParams): CatalogueFilters {
  const page = readPage(search.get('page'));
  const rawCategory = search.get('category');
  if (!rawCategory) return { page };
  const parsed = categorySlugSchema.safeParse(rawCategory);
  return parsed.success ? { page, category: parsed.data } : { page, unknownCategory: rawCategory };
}
