/** What an author's notice ends with: each decision about them can be appealed once (decision 0058). */
export const HOW_TO_APPEAL =
  'If you think this is wrong, you can appeal once from "Decisions about you" on your account page: another moderator will decide.';
/** A banned member cannot sign in to appeal, so they write instead. */
export const BANNED_APPEAL =
  'If you think this is wrong, write to the address on the support page, once, quoting this notice: another moderator will decide.';
export const APPEAL_LINK = '/account#decisions';
