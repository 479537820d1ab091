import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults on an empty environment', () => {
    expect(loadConfig({})).toEqual({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      baseUrl: 'http://127.0.0.1:3000',
      logLevel: 'info',
    });
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
    });
    expect(config).toEqual({
      nodeEnv: 'production',
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/gamesource',
      databaseUrl: 'postgres://app@db:5432/gamesource',
      baseUrl: 'https://gamesource.example',
      logLevel: 'warn',
    });
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
