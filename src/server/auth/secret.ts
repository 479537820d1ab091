import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * AUTH_SECRET from the environment; outside production, a random one kept in DATA_DIR so a
 * bare `npm start` works and sessions survive restarts (config.ts demands it in production).
 */
export function resolveAuthSecret(config: Config): string {
  if (config.auth.secret) return config.auth.secret;
  const file = path.join(config.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
