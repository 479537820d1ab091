import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config';
import { projectRoot } from './paths';

describe('loadConfig', () => {
  it('uses the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      baseUrl: 'http://127.0.0.1:3000',
      logLevel: 'info',
      trustProxy: false,
      writeLimits: { perUserPerMinute: 120, perAddressPerMinute: 600 },
      renderBudgetMs: 1500,
    });
    expect(config.auth).toEqual({
      secret: undefined,
      mode: 'accounts',
      adminEmails: [],
      demo: { enabled: true, email: 'demo@gamesource.example', password: 'Play-AI-games-2026' },
      github: undefined,
      google: undefined,
      oidcProviders: [],
    });
    expect(config.messages).toMatchObject({ smtpUrl: undefined, smsWebhookUrl: undefined, outboxAllowed: true });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/gamesource',
      DATABASE_URL: 'postgres://app@db:5432/gamesource',
      BASE_URL: 'https://gamesource.example/',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8',
      WRITES_PER_MINUTE_PER_USER: '5000',
      WRITES_PER_MINUTE_PER_ADDRESS: '9000',
      RENDER_BUDGET_MS: '8000',
      AUTH_SECRET: 'x'.repeat(40),
      AUTH_MODE: 'demo',
      ADMIN_EMAILS: 'Boss@Example.com, ops@example.com',
      DEMO_ACCOUNT: 'yes',
      SMTP_URL: 'smtp://mail.example:587',
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      OIDC_PROVIDERS: '[{"id":"acme","name":"Acme","issuer":"https://sso.acme.example","clientId":"c","clientSecret":"s"}]',
    });
    expect(config.auth).toMatchObject({
      mode: 'demo',
      adminEmails: ['boss@example.com', 'ops@example.com'],
      demo: { enabled: true },
      github: { clientId: 'gh-id', clientSecret: 'gh-secret' },
      oidcProviders: [{ id: 'acme', name: 'Acme' }],
    });
    expect(config.messages).toMatchObject({ smtpUrl: 'smtp://mail.example:587', outboxAllowed: false });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/gamesource',
      databaseUrl: 'postgres://app@db:5432/gamesource',
      baseUrl: 'https://gamesource.example',
      logLevel: 'warn',
      trustProxy: '10.0.0.0/8',
      writeLimits: { perUserPerMinute: 5000, perAddressPerMinute: 9000 },
      renderBudgetMs: 8000,
    });
  });

  it('requires AUTH_SECRET in production and checks the provider list', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET: is required in production/);
    expect(() => loadConfig({ OIDC_PROVIDERS: 'not json' })).toThrow(/OIDC_PROVIDERS: must be a JSON array/);
    expect(() => loadConfig({ OIDC_PROVIDERS: '[{"id":"Bad Id"}]' })).toThrow(/OIDC_PROVIDERS/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ WRITES_PER_MINUTE_PER_USER: '0' })).toThrow(/WRITES_PER_MINUTE_PER_USER: must be a whole number/);
  });

  it('treats an empty DATABASE_URL as unset (embedded database)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('shows localhost in the URL when listening on every interface', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '4000' }).baseUrl).toBe('http://localhost:4000');
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', BASE_URL: 'ftp://x', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems } = error as ConfigError;
    expect(problems).toHaveLength(4);
    expect(problems[0]).toBe('PORT: must be a whole number from 0 to 65535');
    expect(problems[1]).toBe('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(problems.join('\n')).toMatch(/BASE_URL/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
  });
});

describe('the documentation of the configuration', () => {
  const read = (name: string) => readFileSync(path.join(projectRoot, name), 'utf8');

  it("names every variable the server reads in .env.example and in the README's table", () => {
    const example = read('.env.example');
    const readme = read('README.md');
    const inExample = (name: string) => new RegExp(`^#? ?${name}=`, 'm').test(example);
    // A row of its own, or one shared with its pair (`A` / `B`); an old name is named in its successor's row.
    const inReadme = (name: string) =>
      new RegExp(`^\\| [^|]*\`${name}\`[^|]*\\|`, 'm').test(readme) || readme.includes(`\`${name}\`, its earlier name`);
    expect(
      CONFIG_VARIABLES.filter((name) => !inExample(name)),
      'missing from .env.example',
    ).toEqual([]);
    expect(
      CONFIG_VARIABLES.filter((name) => !inReadme(name)),
      "missing from the README's table",
    ).toEqual([]);
  });
});
