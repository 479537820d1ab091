// The catalogue's value lists and their labels, with no Zod: screens that only need the
// names can import them without loading the schema library.

/** What the AI does in a game: the facets no other catalogue has. */
export const aiRoles = ['npc-dialogue', 'story', 'world-generation', 'art', 'music-voice', 'opponent-companion', 'other'] as const;
export type AiRole = (typeof aiRoles)[number];

export const aiRoleLabels: Record<AiRole, string> = {
  'npc-dialogue': 'NPC dialogue',
  story: 'Story',
  'world-generation': 'Level or world generation',
  art: 'Art',
  'music-voice': 'Music or voice',
  'opponent-companion': 'Opponent or companion behaviour',
  other: 'Other',
};

/** Where a game plays; 'web' is "plays in the browser". */
export const platforms = ['web', 'windows', 'macos', 'linux', 'android', 'ios', 'vr'] as const;
export type Platform = (typeof platforms)[number];
export const platformLabels: Record<Platform, string> = {
  web: 'Web browser',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  android: 'Android',
  ios: 'iOS',
  vr: 'VR headset',
};
/** The catalogue filter's words: a visitor looks for where a game plays. */
export const platformFilterLabels: Record<Platform, string> = { ...platformLabels, web: 'Plays in the browser' };

export const aiRunsOnValues = ['device', 'cloud', 'both'] as const;
export type AiRunsOn = (typeof aiRunsOnValues)[number];
export const aiRunsOnLabels: Record<AiRunsOn, string> = { device: 'On device', cloud: 'Cloud', both: 'Both' };

export const catalogueSorts = [
  'relevance',
  'top-rated',
  'most-played',
  'trending',
  'newest',
  'release-date',
  'title',
  'price',
  'price-desc',
] as const;
export type CatalogueSort = (typeof catalogueSorts)[number];

export const catalogueSortLabels: Record<CatalogueSort, string> = {
  relevance: 'Best match',
  'top-rated': 'Top rated',
  'most-played': 'Most played',
  trending: 'Trending this week',
  newest: 'Newest on GameSource',
  'release-date': 'Release date',
  title: 'Title A–Z',
  price: 'Price: low to high',
  'price-desc': 'Price: high to low',
};

/** Best match while searching; otherwise the most recently released first. */
export function defaultCatalogueSort(q: string | undefined): CatalogueSort {
  return q ? 'relevance' : 'release-date';
}
