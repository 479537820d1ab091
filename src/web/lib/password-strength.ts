import { checkPassword, zxcvbnOptionsFrom, type PasswordCheck } from '../../shared/password-policy';

export type PasswordChecker = (password: string, userInputs?: readonly string[]) => PasswordCheck;

let checker: Promise<PasswordChecker> | undefined;

/**
 * Loads zxcvbn and its dictionaries (about 400 KB, so only on the screens that ask for a new
 * password) and returns the shared policy bound to it. Loaded once per page.
 */
export function createPasswordChecker(): Promise<PasswordChecker> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([{ ZxcvbnFactory }, common, en]) => {
      const zxcvbn = new ZxcvbnFactory(zxcvbnOptionsFrom({ common, en }));
      return (password, userInputs = []) => checkPassword(password, zxcvbn, userInputs);
    },
  );
  checker.catch(() => {
    checker = undefined;
  });
  return checker;
}
