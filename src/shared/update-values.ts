// A maker's update posts' limits (issue 37, part 4), with no Zod: the game page's first paint
// needs only these.

export const UPDATE_TITLE_MAX_LENGTH = 120;
export const UPDATE_BODY_MAX_LENGTH = 10_000;
export const UPDATE_AI_MODEL_MAX_LENGTH = 120;
/** Posts a game's maker may make in one UTC day (decision 0066). */
export const UPDATES_PER_GAME_PER_DAY = 3;
export const UPDATES_MAX_PAGE_SIZE = 20;
export const UPDATES_DEFAULT_PAGE_SIZE = 5;
