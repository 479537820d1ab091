import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { PasswordHashing } from '../../server/auth/auth';

// Better Auth's scrypt (N=16384, r=16) takes a few hundred milliseconds of CPU, twice per member
// a test makes (sign-up, sign-in). Tests make hundreds: the same scrypt at a sixteenth of the cost.
const COST = { N: 1024, r: 16, p: 1, maxmem: 64 * 1024 * 1024 };
const PREFIX = 'test-scrypt';
const KEY_LENGTH = 64;

const derive = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, COST, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** Hashes made here verify here; any other hash (the template database's demo account) is Better Auth's own. */
export const fastPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${PREFIX}:${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [prefix, salt, key] = hash.split(':');
    if (prefix !== PREFIX || !salt || !key) return verifyPassword({ hash, password });
    return timingSafeEqual(await derive(password, salt), Buffer.from(key, 'hex'));
  },
};
