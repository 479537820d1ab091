import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { formatLiveCursor } from '../shared/live-cursor';
import { createAccounts } from './auth/accounts';
import { promoteAdmins } from './auth/admin-emails';
import type { PasswordHashing } from './auth/auth';
import { ensureDemoAccount } from './auth/demo-account';
import { mountAuth } from './auth/mount';
import { createCatalogueSource, registerCatalogueMetrics } from './catalogue';
import type { Config } from './config';
import type { Database } from './db/client';
import type { FeatureOptions } from './feature-options';
import { accountsRoutes } from './features/accounts/routes';
import { registerOpenApi } from './features/api-docs/openapi';
import { apiDocsRoutes } from './features/api-docs/routes';
import { buildsRoutes } from './features/builds/routes';
import { categoriesRoutes } from './features/categories/routes';
import { dataExportRoutes } from './features/data-export/routes';
import { devRoutes } from './features/dev/routes';
import { documentsRoutes } from './features/documents/routes';
import { favouritesRoutes } from './features/favourites/routes';
import { followsRoutes } from './features/follows/routes';
import { gameViewerRoutes } from './features/game-viewer/routes';
import { gamesRoutes, samplePlayRoutes } from './features/games/routes';
import { homeRoutes } from './features/home/routes';
import { listsRoutes } from './features/lists/routes';
import { moderationRoutes } from './features/moderation/routes';
import { notInterestedRoutes } from './features/not-interested/routes';
import { notificationsRoutes } from './features/notifications/routes';
import { pageFormsRoutes } from './features/page-forms/routes';
import { placesRoutes } from './features/places/routes';
import { describePage } from './features/previews/describe-page';
import { previewsRoutes } from './features/previews/routes';
import { profilesRoutes } from './features/profiles/routes';
import { reviewsRoutes } from './features/reviews/routes';
import { stillWorksRoutes } from './features/still-works/routes';
import { submissionsRoutes } from './features/submissions/routes';
import { systemRoutes } from './features/system/routes';
import { updatesRoutes } from './features/updates/routes';
import { uploadsRoutes } from './features/uploads/routes';
import { registerErrorHandler } from './http/error-handler';
import { registerInputChecks } from './http/input-checks';
import { createLimiter } from './http/limits/limiter';
import { registerWriteLimits } from './http/limits/write-limits';
import { registerOriginCheck } from './http/origin-check';
import { registerPublicReads } from './http/public-reads';
import { rememberingZlib } from './http/remembered-compression';
import { registerRequestIdHeader, requestIdOptions } from './http/request-id';
import { requestLimitOptions } from './http/request-limits';
import { registerSecurityHeaders } from './http/security-headers';
import { registerQueueMetrics } from './jobs/outgoing-messages/queue';
import { createPeriodicJobs, type JobTiming, type PeriodicJobs } from './jobs/periodic-jobs';
import { createLiveHub } from './live/hub';
import { liveRoutes } from './live/routes';
import { createStreamPlaces } from './live/stream-places';
import { liveEventLagHistogram, registerDatabaseMetrics, registerJobMetrics, registerLiveMetrics } from './metrics/app-metrics';
import { registerHttpMetrics } from './metrics/http-metrics';
import { Metrics } from './metrics/metrics';
import { registerMetricsRoute } from './metrics/metrics-route';
import { projectPaths } from './paths';
import { scheduledJobs } from './scheduled-jobs';
import { serveWeb } from './web/serve-web';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Folder of the built web app; defaults to dist/web. */
  webDist?: string;
  /** Shorter job intervals and leases, for tests. */
  jobTiming?: JobTiming;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: DestinationStream;
  /** A cheaper password hash than Better Auth's scrypt, for tests that make many accounts. */
  passwordHashing?: PasswordHashing;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic jobs and this instance's record of their runs. */
    periodicJobs: PeriodicJobs;
    /** This instance's metrics (`GET /metrics`); `metrics.gauge(...)` adds a number to them. */
    metrics: Metrics;
  }
}

/** JSON lines (with each request's id) for log collectors; one readable line each in a development terminal. */
function loggerOptions(config: Config, stream: DestinationStream | undefined) {
  if (stream) return { level: config.logLevel, stream };
  const pretty = config.nodeEnv === 'development' && process.stdout.isTTY;
  const prettyOptions = { translateTime: 'HH:MM:ss', singleLine: true, ignore: 'pid,hostname' };
  return {
    level: config.logLevel,
    ...(pretty ? { transport: { target: 'pino-pretty', options: prettyOptions } } : {}),
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const serverOptions: FastifyServerOptions = {
    logger: loggerOptions(config, options.logStream),
    trustProxy: config.trustProxy,
    ...requestIdOptions(),
    ...requestLimitOptions,
  };
  const app = Fastify(serverOptions);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestIdHeader(app);
  const metrics = new Metrics();
  app.decorate('metrics', metrics);
  registerHttpMetrics(app, metrics);
  registerDatabaseMetrics(metrics, database);
  registerQueueMetrics(metrics, database);
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  registerInputChecks(app);
  registerOriginCheck(app, config.baseUrl);
  // Answers up to 256 KiB are compressed in one call rather than through a zlib stream each (that
  // took about a quarter of the server's time under load), and remembered (decision 0044).
  await app.register(compress, { threshold: 1024, syncThreshold: 256 * 1024, zlib: rememberingZlib() });
  await registerOpenApi(app, config.baseUrl);

  const jobs = createPeriodicJobs(database, options.jobTiming);
  app.decorate('periodicJobs', jobs);
  registerJobMetrics(metrics, jobs.runs);
  const accounts = createAccounts(config, database, app.log, options.passwordHashing);
  if (config.auth.mode === 'demo') {
    app.log.warn('AUTH_MODE=demo: showcase mode is on, every visitor is signed in as the demo user');
  }
  await mountAuth(app, accounts.auth, config.baseUrl);
  const limiter = createLimiter(database);
  await registerWriteLimits(app, {
    limiter,
    sessions: accounts.sessions,
    ...config.writeLimits,
    sharedAccountEmail: config.auth.demo.email,
  });
  registerPublicReads(app, {
    limiter,
    sessions: accounts.sessions,
    perAddressPerMinute: config.publicReadsPerMinutePerAddress,
    perMemberPerMinute: config.publicReadsPerMinutePerMember,
    sharedAccountEmail: config.auth.demo.email,
  });
  const eventLag = liveEventLagHistogram(metrics);
  const live = createLiveHub(database, app.log, { onEventAge: (seconds) => eventLag.observe(seconds) });
  registerLiveMetrics(metrics, live);
  // Open event streams would hold the server open; the hub ends them before it closes.
  app.addHook('preClose', async () => live.endSubscribers());
  app.addHook('onClose', async () => live.close());
  const streamPlaces = createStreamPlaces(database, app.log, config.liveStreams);
  // The places of the streams ended at close are given back before the database closes.
  app.addHook('onClose', async () => streamPlaces.close());
  // Attempts under way finish before the database closes; the rest stay queued in it.
  app.addHook('onClose', async () => accounts.messenger.close());
  // Lists, game pages, categories and similar games are answered from memory, with every committed change taken in first.
  const catalogue = createCatalogueSource(
    database.db,
    { baseUrl: config.baseUrl, gamesOrigin: config.games.origin },
    database.kind === 'pglite' ? () => database.connection.writesWhileOpen() : undefined,
  );
  registerCatalogueMetrics(metrics, catalogue);
  for (const job of scheduledJobs({ config, database, accounts, limiter, log: app.log })) jobs.schedule(app, job);
  const features: FeatureOptions = { config, database, accounts, live, catalogue };
  await app.register(systemRoutes, { prefix: '/api', ...features });
  await app.register(apiDocsRoutes, { prefix: '/api', ...features });
  await app.register(accountsRoutes, { prefix: '/api', ...features });
  if (config.nodeEnv !== 'production') await app.register(devRoutes, features);
  await app.register(gamesRoutes, { prefix: '/api', ...features });
  await app.register(gameViewerRoutes, { prefix: '/api', ...features });
  await app.register(categoriesRoutes, { prefix: '/api', ...features });
  await app.register(favouritesRoutes, { prefix: '/api', ...features });
  await app.register(followsRoutes, { prefix: '/api', ...features });
  await app.register(notInterestedRoutes, { prefix: '/api', ...features });
  await app.register(documentsRoutes, { prefix: '/api', ...features });
  await app.register(listsRoutes, { prefix: '/api', ...features });
  await app.register(reviewsRoutes, { prefix: '/api', ...features });
  await app.register(updatesRoutes, { prefix: '/api', ...features });
  await app.register(liveRoutes, { prefix: '/api', ...features, streamPlaces });
  await app.register(homeRoutes, { prefix: '/api', ...features });
  await app.register(profilesRoutes, { prefix: '/api', ...features });
  await app.register(placesRoutes, { prefix: '/api', ...features });
  await app.register(submissionsRoutes, { prefix: '/api', ...features });
  await app.register(moderationRoutes, { prefix: '/api', ...features });
  await app.register(notificationsRoutes, { prefix: '/api', ...features });
  await app.register(dataExportRoutes, { prefix: '/api', ...features });
  await app.register(pageFormsRoutes, { prefix: '/api', ...features });
  await app.register(buildsRoutes, { prefix: '/api', ...features });
  await app.register(stillWorksRoutes, { prefix: '/api', ...features });
  await app.register(samplePlayRoutes, features);
  await app.register(uploadsRoutes, features);
  await app.register(previewsRoutes, features);

  registerMetricsRoute(app, metrics, config.metricsToken);
  const { publicCatalogue, renderFirstScreens, renderThreads, renderBudgetMs, visitorPageCacheMs, baseUrl } = config;
  await serveWeb(app, options.webDist ?? projectPaths.webDist, {
    baseUrl,
    publicCatalogue,
    renderFirstScreens,
    renderThreads,
    renderBudgetMs,
    visitorPageCacheMs,
    liveCursor: () => {
      const position = live.position();
      return position && formatLiveCursor(position);
    },
    describe: (pathname, query) => describePage({ db: database.db, catalogue, publicCatalogue }, pathname, query),
  });
  await promoteAdmins(database.db, config);
  await ensureDemoAccount(accounts.auth, database, config, app.log);
  return app;
}
