import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { PasswordHashing } from '../../server/auth/auth';

// Better Auth's scrypt (N=16384, r=16) takes a few hundred milliseconds of CPU, twice per member
// a test makes (sign-up, sign-in), and tests make hundreds: they hash with the same scrypt at a
// cost of their own, written into each hash, so that any of these verifies what another made.
const PREFIX = 'test-scrypt';
const KEY_LENGTH = 64;

const derive = (password: string, salt: string, N: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: 16, p: 1, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** Hashes made here verify here; any other hash (the template database's demo account) is Better Auth's own. */
function scryptAtCost(N: number): PasswordHashing {
  return {
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      return `${PREFIX}:${N}:${salt}:${(await derive(password, salt, N)).toString('hex')}`;
    },
    async verify({ hash, password }) {
      const [prefix, cost, salt, key] = hash.split(':');
      if (prefix !== PREFIX || !cost || !salt || !key) return verifyPassword({ hash, password });
      return timingSafeEqual(await derive(password, salt, Number(cost)), Buffer.from(key, 'hex'));
    },
  };
}

/** Every test's hashing but one: scrypt at its least cost, 0.4 ms a hash (at a sixteenth of Better Auth's, 9 ms of a sign-up's 80). */
export const fastPasswordHashing = scryptAtCost(16);

/**
 * For a test that times sign-ins (answers-take-as-long-for-any-account): a sixteenth of Better
 * Auth's cost, so that a password check left out still shows.
 */
export const timedPasswordHashing = scryptAtCost(1024);
