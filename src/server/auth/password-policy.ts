import { checkPassword, type PasswordCheck } from '../../shared/password-policy';
import { createZxcvbn } from './zxcvbn';

let checker: Promise<(password: string, userInputs: string[]) => PasswordCheck> | undefined;

/** The shared policy with the full dictionaries (the server loads them once). */
export async function passwordProblems(password: string, userInputs: unknown[]): Promise<string[]> {
  checker ??= createZxcvbn().then((zxcvbn) => (pw: string, inputs: string[]) => checkPassword(pw, zxcvbn, inputs));
  const check = await checker;
  return check(
    password,
    userInputs.filter((v): v is string => typeof v === 'string'),
  ).problems;
}
