/** Local-storage key under which the theme choice is kept. */
export const THEME_STORAGE_KEY = 'gamesource-ui-theme';

export const themeChoices = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof themeChoices)[number];
export const DEFAULT_THEME: ThemeChoice = 'dark';

/** How long the showcase (demo) auth mode waits before it reports the demo user. */
export const MOCK_AUTH_DELAY_MS = 100;

export const SAMPLE_GAME_COUNT = 12;

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
/** Far past the end of any list, and keeps (page - 1) * pageSize within a 32-bit SQL OFFSET. */
export const MAX_PAGE = 1_000_000;

export const PRODUCT_NAME = 'GameSource';

/** The release years a game may have, and a year filter may ask for. */
export const FIRST_RELEASE_YEAR = 1970;
export const LAST_RELEASE_YEAR = 2100;

/** The longest catalogue search, in characters. */
export const MAX_SEARCH_LENGTH = 200;
