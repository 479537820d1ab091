import type { CategorySlug } from '../../../shared/categories';
import type { Game } from '../../../shared/games';
import type { DraftPayload } from '../../../shared/submissions';

/** A submission as the game page will show it once approved (new games start with no plays or ratings). */
export function previewGame(payload: DraftPayload, id = 0): Game {
  const categories = (payload.categories ?? []) as CategorySlug[];
  const ai = payload.ai ?? {};
  return {
    id,
    slug: '',
    title: payload.title ?? 'Untitled game',
    tagline: payload.tagline ?? '',
    description: payload.description ?? '',
    image: payload.cover?.path ?? '',
    imageUrl: payload.cover?.path ?? '',
    imageAlt: payload.cover?.alt ?? '',
    category: categories[0] ?? ('casual' as CategorySlug),
    categories,
    ...(payload.price === 'paid' && payload.priceAmount !== undefined
      ? { price: 'paid' as const, priceAmount: payload.priceAmount }
      : { price: 'free' as const }),
    rating: 0,
    ratingCount: 0,
    releaseDate: payload.releaseDate ?? new Date().toISOString().slice(0, 10),
    developer: payload.developer ?? '',
    playCount: 0,
    ai: {
      roles: ai.roles ?? [],
      runsOn: ai.runsOn ?? 'cloud',
      worksOffline: ai.worksOffline ?? false,
      needsOwnApiKey: ai.needsOwnApiKey ?? false,
      modelFamily: ai.modelFamily ?? '',
      outputModerated: ai.outputModerated ?? false,
    },
    playUrl: payload.playUrl ?? '',
    createdAt: '',
    updatedAt: '',
  };
}
