// `npm run bench:password-check`: how long the password policy takes to judge one password, on
// the server at every sign-up, reset and change, and in the browser at every key pressed. Kinds
// of password people use and ones made to be slow (digits and symbols zxcvbn reads as letters),
// 10 to 128 characters. Prints the milliseconds of one check; fails past the budget (decision 0083).
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { checkPassword, zxcvbnOptionsFrom } from '../src/shared/password-policy';
import { seededRandom } from '../src/test-support/seeded-random';

/** One check on this 2-core machine; a phone's CPU is about 4 times slower. */
const BUDGET_MS = 100;
const LENGTHS = [10, 20, 32, 64, 128];

const random = seededRandom(83);
const drawn = (alphabet: string) => (length: number) => Array.from({ length }, () => random.pick([...alphabet])).join('');

const kinds: Record<string, (length: number) => string> = {
  'a password manager’s': drawn('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*'),
  'words and dashes': (length) => 'tangerine-glacier-harbor-62-'.repeat(5).slice(0, length),
  'l33t, repeated': (length) => 'p@ssw0rd1!'.repeat(13).slice(0, length),
  'digits and symbols': drawn('0123456789!@$|+'),
};

const zxcvbn = new ZxcvbnFactory(zxcvbnOptionsFrom({ common, en }));
checkPassword('warm-up-the-dictionaries', zxcvbn);

function millisecondsToCheck(password: string): number {
  const runs = 5;
  const started = performance.now();
  for (let run = 0; run < runs; run++) checkPassword(password, zxcvbn, ['ada.l@example.com', 'Ada Lovelace']);
  return (performance.now() - started) / runs;
}

console.log(`One password check, ms (budget ${BUDGET_MS} ms)`);
console.log(`${'password'.padEnd(22)}${LENGTHS.map((length) => `${length} chars`.padStart(10)).join('')}`);
let worst = 0;
for (const [kind, make] of Object.entries(kinds)) {
  const times = LENGTHS.map((length) => millisecondsToCheck(make(length)));
  worst = Math.max(worst, ...times);
  console.log(`${kind.padEnd(22)}${times.map((ms) => ms.toFixed(1).padStart(10)).join('')}`);
}
console.log(`\nSlowest: ${worst.toFixed(1)} ms, ${worst <= BUDGET_MS ? 'within the budget' : `over the budget of ${BUDGET_MS} ms`}`);
if (worst > BUDGET_MS) process.exitCode = 1;
