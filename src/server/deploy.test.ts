import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from './config';
import { projectRoot } from './paths';

// deploy/ cannot be run here (no image registry, no Docker); this checks what can be checked
// without it: the compose file parses, sets only settings the server reads, with values it
// accepts, and the image and the proxy ask the readiness endpoint.

const deployFile = (name: string) => readFileSync(path.join(projectRoot, 'deploy', name), 'utf8');

interface ComposeService {
  environment?: Record<string, string>;
  healthcheck?: unknown;
  networks?: Record<string, { ipv4_address?: string }>;
}
const compose = parse(deployFile('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
const appServices = Object.entries(compose.services).filter(([name]) => name.startsWith('app-'));

/** What the operator sets (see README "Deploying"). */
const operatorEnv: Record<string, string> = {
  POSTGRES_PASSWORD: 'a-database-password',
  SITE_ADDRESS: 'gamesource.example',
  AUTH_SECRET: 'an-auth-secret-of-at-least-32-characters',
};

/** Compose's interpolation: ${NAME}, ${NAME:-default}, ${NAME:?error}. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    const set = env[name];
    if (set !== undefined && set !== '') return set;
    if (kind === '?') throw new Error(`${name} must be set: ${rest}`);
    return kind === '-' ? (rest ?? '') : '';
  });
}

describe('deploy/compose.yaml', () => {
  it('runs PostgreSQL, two app instances and the proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app-1', 'app-2', 'postgres', 'proxy']);
    expect(compose.services.postgres!.healthcheck).toBeDefined();
  });

  it('gives the instances only settings the server reads', () => {
    for (const [, service] of appServices) {
      for (const name of Object.keys(service.environment ?? {})) expect(CONFIG_VARIABLES).toContain(name);
    }
  });

  it('gives the instances values the server accepts: production, PostgreSQL, the site address, the proxy trusted', () => {
    const proxyAddress = compose.services.proxy!.networks?.default?.ipv4_address;
    for (const [, service] of appServices) {
      const env = Object.fromEntries(
        Object.entries(service.environment!).map(([name, value]) => [name, interpolate(String(value), operatorEnv)]),
      );
      const config = loadConfig(env);
      expect(config.nodeEnv).toBe('production');
      expect(config.databaseUrl).toBe('postgres://gamesource:a-database-password@postgres:5432/gamesource');
      expect(config.baseUrl).toBe('https://gamesource.example');
      expect(config.trustProxy).toBe(proxyAddress);
      expect(config.messages.smtpUrl).toBeUndefined();
      expect(config.metricsToken).toBeUndefined();
    }
  });

  it('refuses to start without the secrets', () => {
    const [, service] = appServices[0]!;
    expect(() => interpolate(service.environment!.AUTH_SECRET!, {})).toThrow(/AUTH_SECRET must be set/);
  });
});

describe('deploy/Dockerfile and deploy/Caddyfile', () => {
  const dockerfile = deployFile('Dockerfile');

  it('runs the production build as a non-root user, checked by readiness', () => {
    expect(dockerfile).toMatch(/^ENV NODE_ENV=production/m);
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [^]*'\/api\/ready'/m);
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
  });

  it('sends requests only to ready instances, every one of them', () => {
    const caddyfile = deployFile('Caddyfile');
    expect(caddyfile).toContain('health_uri /api/ready');
    for (const [name] of appServices) expect(caddyfile).toContain(`${name}:3000`);
  });
});
