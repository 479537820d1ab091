/**
 * The password policy, shared by the browser (live feedback) and the server (the rule).
 * The zxcvbn estimator is passed in, so its large dictionaries load lazily in the browser
 * and once, eagerly, on the server; this module imports nothing.
 */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;
/** The lowest zxcvbn score (0 to 4) a password must reach. */
export const MIN_PASSWORD_SCORE = 3;
/**
 * zxcvbn judges this many characters from the start (decision 0083). Its matching grows with
 * the length times the ways letters can stand for others: a 128-character password of digits and
 * symbols took 1.9 s of one core to judge, on the server for every sign-up and in the browser
 * for every key pressed. Judging a prefix can only find a password weaker, never stronger.
 */
export const ESTIMATED_PASSWORD_LENGTH = 32;
/** At most this many ways of reading l33t letters are tried (zxcvbn's default is 100). */
const L33T_READINGS = 10;

export const passwordProblemMessages = {
  tooShort: `Use at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: `Use at most ${MAX_PASSWORD_LENGTH} characters`,
  common: 'This is one of the most common passwords',
  weak: 'This password is too easy to guess',
} as const;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** The parts of a zxcvbn-ts match the policy reads. */
export interface EstimatedMatch {
  pattern: string;
  i: number;
  j: number;
  dictionaryName?: string;
}

/** What the policy needs of zxcvbn: `ZxcvbnFactory` from `@zxcvbn-ts/core` fits. */
export interface PasswordEstimator {
  check(password: string, userInputs?: (string | number)[]): { score: number; sequence: readonly EstimatedMatch[] };
}

export interface PasswordCheck {
  ok: boolean;
  score: PasswordScore;
  problems: string[];
}

function isCommonPassword(password: string, sequence: readonly EstimatedMatch[]): boolean {
  return sequence.some(
    (match) =>
      match.pattern === 'dictionary' &&
      (match.dictionaryName ?? '').startsWith('passwords') &&
      match.i === 0 &&
      match.j === password.length - 1,
  );
}

/** The inputs and their parts: 'Ada Lovelace' and 'ada.l@example.com' give away 'lovelace' and 'ada.l'. */
function guessableWords(userInputs: readonly string[]): string[] {
  const words = userInputs.flatMap((input) => [input, ...input.split(/[\s@._+-]+/)]);
  return [...new Set(words.map((word) => word.trim().toLowerCase()).filter((word) => word.length >= 3))];
}

function toScore(score: number): PasswordScore {
  return Math.min(4, Math.max(0, Math.round(score))) as PasswordScore;
}

/**
 * Checks a new password. `userInputs` (the e-mail, the name) count as easy to guess.
 * `problems` lists every rule the password breaks, in the order to fix them.
 */
export function checkPassword(password: string, zxcvbn: PasswordEstimator, userInputs: readonly string[] = []): PasswordCheck {
  const inputs = guessableWords(userInputs);
  const { score, sequence } = zxcvbn.check(password, inputs);
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) problems.push(passwordProblemMessages.tooShort);
  if (password.length > MAX_PASSWORD_LENGTH) problems.push(passwordProblemMessages.tooLong);
  if (password.length > 0 && isCommonPassword(password, sequence)) problems.push(passwordProblemMessages.common);
  if (score < MIN_PASSWORD_SCORE) problems.push(passwordProblemMessages.weak);
  return { ok: problems.length === 0, score: toScore(score), problems };
}

/** The two language packages, as `@zxcvbn-ts/language-common` and `-en` export them. */
export interface ZxcvbnLanguagePackages<Translations = unknown> {
  common: { dictionary: Record<string, (string | number)[]>; adjacencyGraphs: Record<string, Record<string, (string | null)[]>> };
  en: { dictionary: Record<string, (string | number)[]>; translations: Translations };
}

/**
 * The zxcvbn options both sides use, so browser and server judge a password alike:
 * `new ZxcvbnFactory(zxcvbnOptionsFrom({ common, en }))`.
 */
export function zxcvbnOptionsFrom<Translations>({ common, en }: ZxcvbnLanguagePackages<Translations>) {
  return {
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    maxLength: ESTIMATED_PASSWORD_LENGTH,
    l33tMaxSubstitutions: L33T_READINGS,
  };
}
