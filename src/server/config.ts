import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { BuildLimits } from '../shared/builds';
import { SESSION_CACHE_MS } from './auth/session-cache';
import {
  DEFAULT_LIVE_STREAMS_PER_ADDRESS,
  DEFAULT_LIVE_STREAMS_PER_MEMBER,
  DEFAULT_PUBLIC_READS_PER_MINUTE_PER_ADDRESS,
  DEFAULT_PUBLIC_READS_PER_MINUTE_PER_MEMBER,
  DEFAULT_WRITES_PER_MINUTE_PER_ADDRESS,
  DEFAULT_WRITES_PER_MINUTE_PER_USER,
} from './http/limits/policies';

/** Where uploaded images are kept: DATA_DIR/uploads, or the database (every instance sharing it serves them). */
export const uploadStorageKinds = ['files', 'database'] as const;
export type UploadStorageKind = (typeof uploadStorageKinds)[number];

/** Where hosted web builds are kept: DATA_DIR/builds, or an S3-compatible object store every instance reads (decision 0068). */
export const buildStorageKinds = ['files', 's3'] as const;
export type BuildStorageKind = (typeof buildStorageKinds)[number];

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUndefined, schema.optional());

const portNumber = 'must be a whole number from 0 to 65535';
const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v));

const perMinute = 'must be a whole number of writes a minute, at least 1';
const writesPerMinute = (fallback: number) =>
  z.coerce.number({ error: perMinute }).int({ error: perMinute }).min(1, { error: perMinute }).default(fallback);

const readsPerMinuteText = 'must be a whole number of reads a minute, at least 1';
const readsPerMinute = (fallback: number) =>
  z.coerce.number({ error: readsPerMinuteText }).int({ error: readsPerMinuteText }).min(1, { error: readsPerMinuteText }).default(fallback);
const streamCount = 'must be a whole number of open streams from 1 to 100000';
const openStreams = (fallback: number) =>
  z.coerce
    .number({ error: streamCount })
    .int({ error: streamCount })
    .min(1, { error: streamCount })
    .max(100_000, { error: streamCount })
    .default(fallback);

const someMilliseconds = (min: number, max: number) => {
  const error = `must be a whole number of milliseconds from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};
const milliseconds = (min: number, max: number, fallback: number) => someMilliseconds(min, max).default(fallback);

const reporterCount = 'must be a whole number of members from 1 to 100';
const threadCount = 'must be a whole number of threads from 0 to 16';

/** One render thread per core beside the main thread's, at least one, at most four (decision 0082). */
const DEFAULT_RENDER_THREADS = Math.min(4, Math.max(1, availableParallelism() - 1));

const reporters = (fallback: number) =>
  z.coerce
    .number({ error: reporterCount })
    .int({ error: reporterCount })
    .min(1, { error: reporterCount })
    .max(100, { error: reporterCount })
    .default(fallback);

const attemptCount = 'must be a whole number of attempts from 1 to 100';
const attempts = (fallback: number) =>
  z.coerce
    .number({ error: attemptCount })
    .int({ error: attemptCount })
    .min(1, { error: attemptCount })
    .max(100, { error: attemptCount })
    .default(fallback);

const oidcProviderSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, 'id must be lowercase letters, digits and -'),
  name: z.string().min(1),
  issuer: z.url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});
export type OidcProviderConfig = z.infer<typeof oidcProviderSchema>;

const oidcProvidersSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array' });
      return z.NEVER;
    }
  })
  .pipe(z.array(oidcProviderSchema));

/** 'true', 'false', or the proxies' addresses / CIDR ranges, comma-separated. */
const trustProxySchema = z
  .string()
  .transform((value): boolean | string => (value === 'true' || value === 'false' ? value === 'true' : value));

const envVariables = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: portNumber })
    .int({ error: portNumber })
    .min(0, { error: portNumber })
    .max(65535, { error: portNumber })
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(100, 60_000, 3000),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(100, 600_000, 3000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(100, 600_000, 10_000),
  BASE_URL: optional(z.url({ protocol: /^https?$/ })),
  GAMES_PORT: optional(
    z.coerce.number({ error: portNumber }).int({ error: portNumber }).min(0, { error: portNumber }).max(65535, { error: portNumber }),
  ),
  BUILD_MAX_MB: z.coerce.number({ error: 'must be a whole number of MB from 1 to 4096' }).int().min(1).max(4096).default(500),
  BUILD_QUOTA_MB: z.coerce.number({ error: 'must be a whole number of MB, at least 1' }).int().min(1).default(2048),
  BUILD_STORAGE: z.enum(buildStorageKinds, { error: 'must be files or s3' }).default('files'),
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: optional(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens'),
  ),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(booleanFlag),
  GAMES_ORIGIN: optional(
    z
      .string()
      .regex(
        /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/,
        'must be an origin such as https://play.example.net or https://*.play.example.net (one label per game), without a path',
      ),
  ),
  LOG_LEVEL: optional(z.enum(logLevels)),
  TRUST_PROXY: optional(trustProxySchema),
  HOME_CACHE_MS: optional(someMilliseconds(0, 1000)),
  // The setting's earlier name, from when it also cached lists; HOME_CACHE_MS wins.
  CATALOGUE_CACHE_MS: optional(someMilliseconds(0, 1000)),
  SESSION_CACHE_MS: milliseconds(0, SESSION_CACHE_MS, SESSION_CACHE_MS),
  VISITOR_PAGE_CACHE_MS: milliseconds(0, 1000, 1000),
  WRITES_PER_MINUTE_PER_USER: writesPerMinute(DEFAULT_WRITES_PER_MINUTE_PER_USER),
  WRITES_PER_MINUTE_PER_ADDRESS: writesPerMinute(DEFAULT_WRITES_PER_MINUTE_PER_ADDRESS),
  PUBLIC_READS_PER_MINUTE_PER_ADDRESS: readsPerMinute(DEFAULT_PUBLIC_READS_PER_MINUTE_PER_ADDRESS),
  PUBLIC_READS_PER_MINUTE_PER_MEMBER: readsPerMinute(DEFAULT_PUBLIC_READS_PER_MINUTE_PER_MEMBER),
  LIVE_STREAMS_PER_MEMBER: openStreams(DEFAULT_LIVE_STREAMS_PER_MEMBER),
  LIVE_STREAMS_PER_ADDRESS: openStreams(DEFAULT_LIVE_STREAMS_PER_ADDRESS),
  REPORT_HOLD_THRESHOLD: reporters(3),
  GAME_CHECKS: optional(booleanFlag),
  CHECK_INTERVAL_HOURS: z.coerce
    .number({ error: 'must be a whole number of hours from 1 to 168' })
    .int({ error: 'must be a whole number of hours from 1 to 168' })
    .min(1, { error: 'must be a whole number of hours from 1 to 168' })
    .max(168, { error: 'must be a whole number of hours from 1 to 168' })
    .default(24),
  OUTGOING_ALLOW_HOSTS: optional(z.string()),
  UPLOAD_STORAGE: optional(z.enum(uploadStorageKinds, { error: 'must be files or database' })),
  AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  AUTH_MODE: z.enum(['accounts', 'demo']).default('accounts'),
  ADMIN_EMAILS: optional(z.string()),
  DEMO_ACCOUNT: optional(booleanFlag),
  DEMO_EMAIL: z.email().default('demo@gamesource.example'),
  DEMO_PASSWORD: z.string().min(10).default('Play-AI-games-2026'),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: z.string().min(3).default('GameSource <no-reply@gamesource.example>'),
  SMS_WEBHOOK_URL: optional(z.url({ protocol: /^https?$/ })),
  SMS_WEBHOOK_TOKEN: optional(z.string()),
  OUTBOX_TOKEN: optional(z.string().regex(/^[A-Za-z0-9_-]{32,}$/, 'must be at least 32 letters, digits, - or _')),
  MESSAGE_POLL_MS: milliseconds(10, 600_000, 5000),
  MESSAGE_RETRY_BASE_MS: milliseconds(10, 3_600_000, 5000),
  MESSAGE_MAX_ATTEMPTS: attempts(12),
  GITHUB_CLIENT_ID: optional(z.string()),
  GITHUB_CLIENT_SECRET: optional(z.string()),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  OIDC_PROVIDERS: optional(oidcProvidersSchema),
  PUBLIC_CATALOGUE: optional(booleanFlag),
  RENDER_FIRST_SCREENS: optional(booleanFlag),
  RENDER_BUDGET_MS: milliseconds(1, 60_000, 1500),
  RENDER_THREADS: z.coerce
    .number({ error: threadCount })
    .int({ error: threadCount })
    .min(0, { error: threadCount })
    .max(16, { error: threadCount })
    .default(DEFAULT_RENDER_THREADS),
  METRICS_TOKEN: optional(z.string().regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 characters, without spaces')),
});

/** Every environment variable the server reads. */
export const CONFIG_VARIABLES = Object.keys(envVariables.shape);

const envSchema = envVariables
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    }
    if (env.BUILD_STORAGE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when BUILD_STORAGE is s3' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
    }
  })
  .transform((env) => {
    const port = env.PORT;
    const production = env.NODE_ENV === 'production';
    return {
      nodeEnv: env.NODE_ENV,
      port,
      host: env.HOST,
      dataDir: path.resolve(env.DATA_DIR),
      databaseUrl: env.DATABASE_URL,
      databaseTimeouts: {
        connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
        statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      },
      baseUrl: (env.BASE_URL ?? `http://${displayHost(env.HOST)}:${port}`).replace(/\/$/, ''),
      /** Hosted web builds: their own origin, served by a second listener of this process (decision 0065). */
      games: {
        ...gamesOrigin(env.GAMES_ORIGIN, env.GAMES_PORT ?? (port === 0 ? 0 : port + 1)),
        limits: buildLimitsOf(env.BUILD_MAX_MB),
        quotaBytes: env.BUILD_QUOTA_MB * 1024 * 1024,
        /** Where builds are kept (`storage/build-storage.ts`); the S3 keys never leave the server. */
        storage: buildStorageOf(env),
      },
      logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
      trustProxy: env.TRUST_PROXY ?? false,
      /** Visitors browse /games, /game-detail and /categories without signing in (decision 0031). */
      publicCatalogue: env.PUBLIC_CATALOGUE ?? false,
      /** The server renders the first screen of home, /games and a game page for each visitor (decision 0048). */
      renderFirstScreens: env.RENDER_FIRST_SCREENS ?? true,
      /** Threads that render first screens beside the main thread (src/server/web/render-threads.ts); 0: the main thread renders them. */
      renderThreads: env.RENDER_THREADS,
      /** Past this, a first screen not yet read and rendered is sent as the loading screen (server-render.ts). */
      renderBudgetMs: env.RENDER_BUDGET_MS,
      /** A page made for a visitor who sent no cookie is sent to others like them for this long (serve-web.ts). */
      visitorPageCacheMs: env.VISITOR_PAGE_CACHE_MS,
      homeCacheMs: env.HOME_CACHE_MS ?? env.CATALOGUE_CACHE_MS ?? 1000,
      sessionCacheMs: env.SESSION_CACHE_MS,
      /** Where uploaded images are kept; unset: by the database (`storage/upload-storage.ts`). */
      uploadStorage: env.UPLOAD_STORAGE,
      writeLimits: {
        perUserPerMinute: env.WRITES_PER_MINUTE_PER_USER,
        perAddressPerMinute: env.WRITES_PER_MINUTE_PER_ADDRESS,
      },
      publicReadsPerMinutePerAddress: env.PUBLIC_READS_PER_MINUTE_PER_ADDRESS,
      /** A signed-in member's reads count against this budget of their own instead (decision 0055). */
      publicReadsPerMinutePerMember: env.PUBLIC_READS_PER_MINUTE_PER_MEMBER,
      /** Open `/api/live` streams, counted on every instance together (`live/stream-places.ts`). */
      liveStreams: { perMember: env.LIVE_STREAMS_PER_MEMBER, perAddress: env.LIVE_STREAMS_PER_ADDRESS },
      /** Distinct members in good standing whose reports hide an item until a moderator decides (decision 0058). */
      reportHoldThreshold: env.REPORT_HOLD_THRESHOLD,
      /** "Still works" (decision 0067): off by default under test, so no test reaches outside. */
      gameChecks: { enabled: env.GAME_CHECKS ?? env.NODE_ENV !== 'test', intervalHours: env.CHECK_INTERVAL_HOURS },
      /** Hosts the guarded outgoing client contacts even though they are not public: none unless named. */
      outgoingAllowHosts: splitList(env.OUTGOING_ALLOW_HOSTS).map((host) => host.toLowerCase()),
      auth: {
        secret: env.AUTH_SECRET,
        mode: env.AUTH_MODE,
        adminEmails: splitList(env.ADMIN_EMAILS).map((email) => email.toLowerCase()),
        demo: {
          enabled: env.DEMO_ACCOUNT ?? !production,
          email: env.DEMO_EMAIL.toLowerCase(),
          password: env.DEMO_PASSWORD,
        },
        github: pair(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET),
        google: pair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
        oidcProviders: env.OIDC_PROVIDERS ?? [],
      },
      /** Lets `GET /metrics` answer clients off this machine that send it as a bearer token. */
      metricsToken: env.METRICS_TOKEN,
      messages: {
        smtpUrl: env.SMTP_URL,
        mailFrom: env.MAIL_FROM,
        smsWebhookUrl: env.SMS_WEBHOOK_URL,
        smsWebhookToken: env.SMS_WEBHOOK_TOKEN,
        /** Without a transport, messages go to the outbox: never in production. */
        outboxAllowed: !production,
        /** What reading the outbox takes besides being on this machine: made at each start unless set (decision 0053). */
        outboxToken: production ? undefined : (env.OUTBOX_TOKEN ?? randomBytes(24).toString('base64url')),
        sending: {
          pollMs: env.MESSAGE_POLL_MS,
          retryBaseMs: env.MESSAGE_RETRY_BASE_MS,
          maxAttempts: env.MESSAGE_MAX_ATTEMPTS,
        },
      },
    };
  });

export type Config = z.output<typeof envSchema>;

export interface S3Settings {
  /** Unset: AWS S3 itself. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export type BuildStorageSettings = { kind: 'files' } | { kind: 's3'; s3: S3Settings };

function buildStorageOf(env: {
  BUILD_STORAGE: BuildStorageKind;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
}): BuildStorageSettings {
  if (env.BUILD_STORAGE === 'files') return { kind: 'files' };
  const credentials =
    env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
      : undefined;
  return {
    kind: 's3',
    s3: {
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET!,
      credentials,
      // MinIO and most stand-ins want path-style addresses; AWS and R2 take either.
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    },
  };
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function pair(clientId: string | undefined, clientSecret: string | undefined) {
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}

/**
 * Builds are served on their own port under another loopback name than the site's (cookies
 * ignore ports, but never cross host names): `*.games.localhost`, which browsers resolve to this
 * machine, one name per game so one game's storage is its own.
 */
function gamesOrigin(origin: string | undefined, port: number) {
  return { origin: origin ?? `http://*.games.localhost:${port}`, port };
}

/** One file may take at most 100 MB, and never more than the whole build; the zip as sent a little more than its files. */
function buildLimitsOf(maxMb: number): BuildLimits {
  const totalBytes = maxMb * 1024 * 1024;
  return {
    totalBytes,
    fileBytes: Math.min(100 * 1024 * 1024, totalBytes),
    files: 1000,
    uploadBytes: Math.ceil(totalBytes * 1.04) + 1024 * 1024,
  };
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once at start; every problem is listed, not just the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(problems);
}
