import { checkPassword } from '../../shared/password-policy';
import { keptWhileUsed } from './kept-while-used';
import { createZxcvbn } from './zxcvbn';

/**
 * The dictionaries' ranked tables (15 MB of the 25 MB the check adds) go a minute after the last
 * check: sign-ups and password changes come now and then, and the server holds them only
 * meanwhile. The next check builds them again (about 0.2 s).
 */
const DICTIONARIES_IDLE_MS = 60_000;

const dictionaries = keptWhileUsed(createZxcvbn, DICTIONARIES_IDLE_MS);

/** The shared policy with the full dictionaries. */
export async function passwordProblems(password: string, userInputs: unknown[]): Promise<string[]> {
  const zxcvbn = await dictionaries.get();
  return checkPassword(
    password,
    zxcvbn,
    userInputs.filter((v): v is string => typeof v === 'string'),
  ).problems;
}
