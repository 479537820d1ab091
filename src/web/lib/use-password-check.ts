import { useEffect, useMemo, useState } from 'react';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblemMessages, type PasswordCheck } from '../../shared/password-policy';
import { createPasswordChecker, type PasswordChecker } from './password-strength';

export interface PasswordFeedback extends PasswordCheck {
  /** False while zxcvbn loads, or if it could not: then only the length is judged (the server judges the rest). */
  estimated: boolean;
}

function lengthOnly(password: string): PasswordFeedback {
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) problems.push(passwordProblemMessages.tooShort);
  if (password.length > MAX_PASSWORD_LENGTH) problems.push(passwordProblemMessages.tooLong);
  return { ok: problems.length === 0, score: 0, problems, estimated: false };
}

type CheckerState = { status: 'loading' } | { status: 'ready'; check: PasswordChecker } | { status: 'failed' };

/** Live feedback on a new password, by the shared policy. */
export function usePasswordCheck(password: string, userInputs: readonly string[] = []): PasswordFeedback & { loading: boolean } {
  const [checker, setChecker] = useState<CheckerState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    createPasswordChecker().then(
      (check) => live && setChecker({ status: 'ready', check }),
      (error: unknown) => {
        console.error('The password strength checker could not be loaded.', error);
        if (live) setChecker({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const inputsKey = userInputs.join('\n');
  return useMemo(() => {
    if (checker.status === 'ready') {
      return { ...checker.check(password, inputsKey.split('\n')), estimated: true, loading: false };
    }
    // Nothing passes before zxcvbn arrives; if it never can, the length decides here and the server decides the rest.
    const basic = lengthOnly(password);
    return { ...basic, ok: checker.status === 'failed' && basic.ok, loading: checker.status === 'loading' };
  }, [checker, password, inputsKey]);
}
