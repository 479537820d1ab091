import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAccounts } from './auth/accounts';
import { promoteAdmins } from './auth/admin-emails';
import { ensureDemoAccount } from './auth/demo-account';
import { mountAuth } from './auth/mount';
import type { Config } from './config';
import type { Database } from './db/client';
import { accountsRoutes } from './features/accounts/routes';
import { registerOpenApi } from './features/api-docs/openapi';
import { apiDocsRoutes } from './features/api-docs/routes';
import { categoriesRoutes } from './features/categories/routes';
import { devRoutes } from './features/dev/routes';
import { documentsRoutes } from './features/documents/routes';
import type { FeatureOptions } from './features/feature-options';
import { favouritesRoutes } from './features/favourites/routes';
import { createCatalogueSource } from './features/games/catalogue-source';
import { gameViewerRoutes } from './features/game-viewer/routes';
import { gamesRoutes, samplePlayRoutes } from './features/games/routes';
import { homeRoutes } from './features/home/routes';
import { createLiveHub } from './features/live/hub';
import { liveRoutes } from './features/live/routes';
import { moderationRoutes } from './features/moderation/routes';
import { notificationsRoutes } from './features/notifications/routes';
import { profilesRoutes } from './features/profiles/routes';
import { reviewsRoutes } from './features/reviews/routes';
import { submissionsRoutes } from './features/submissions/routes';
import { systemRoutes } from './features/system/routes';
import { uploadsRoutes } from './features/uploads/routes';
import { registerErrorHandler } from './http/error-handler';
import { registerInputChecks } from './http/input-checks';
import { registerOriginCheck } from './http/origin-check';
import { registerPublicReads } from './http/public-reads';
import { requestLimitOptions } from './http/request-limits';
import { createLimiter } from './http/limits/limiter';
import { registerWriteLimits } from './http/limits/write-limits';
import { registerSecurityHeaders } from './http/security-headers';
import { createPeriodicJobs, type JobTiming, type PeriodicJobs } from './jobs/periodic-jobs';
import { projectPaths } from './paths';
import { serveWeb } from './web/serve-web';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Folder of the built web app; defaults to dist/web. */
  webDist?: string;
  /** Shorter job intervals and leases, for tests. */
  jobTiming?: JobTiming;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic jobs and this instance's record of their runs. */
    periodicJobs: PeriodicJobs;
  }
}

function loggerOptions(config: Config) {
  const pretty = config.nodeEnv === 'development' && process.stdout.isTTY;
  return {
    level: config.logLevel,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}),
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const serverOptions: FastifyServerOptions = { logger: loggerOptions(config), trustProxy: config.trustProxy, ...requestLimitOptions };
  const app = Fastify(serverOptions);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  registerInputChecks(app);
  registerOriginCheck(app, config.baseUrl);
  await app.register(compress, { threshold: 1024 });
  await registerOpenApi(app, config.baseUrl);

  const jobs = createPeriodicJobs(database, options.jobTiming);
  app.decorate('periodicJobs', jobs);
  const accounts = createAccounts(config, database, app.log);
  if (config.auth.mode === 'demo') {
    app.log.warn('AUTH_MODE=demo: showcase mode is on, every visitor is signed in as the demo user');
  }
  await mountAuth(app, accounts.auth, config.baseUrl);
  await registerWriteLimits(app, {
    limiter: createLimiter(database),
    sessions: accounts.sessions,
    ...config.writeLimits,
    sharedAccountEmail: config.auth.demo.email,
    jobs,
  });
  registerPublicReads(app, config.publicReadsPerMinutePerAddress);
  const live = createLiveHub(database, app.log);
  // Open event streams would hold the server open; the hub ends them before it closes.
  app.addHook('preClose', async () => live.endSubscribers());
  app.addHook('onClose', async () => live.close());
  // Messages already accepted go out before the database closes.
  app.addHook('onClose', async () => accounts.messenger.settled());
  // Lists, game pages, categories and similar games are answered from memory, with every committed change taken in first.
  const catalogue = createCatalogueSource(
    database.db,
    config.baseUrl,
    database.kind === 'pglite' ? () => database.connection.writesWhileOpen() : undefined,
  );
  const features: FeatureOptions = { config, database, accounts, live, catalogue, jobs };
  await app.register(systemRoutes, { prefix: '/api', ...features });
  await app.register(apiDocsRoutes, { prefix: '/api', ...features });
  await app.register(accountsRoutes, { prefix: '/api', ...features });
  if (config.nodeEnv !== 'production') await app.register(devRoutes, features);
  await app.register(gamesRoutes, { prefix: '/api', ...features });
  await app.register(gameViewerRoutes, { prefix: '/api', ...features });
  await app.register(categoriesRoutes, { prefix: '/api', ...features });
  await app.register(favouritesRoutes, { prefix: '/api', ...features });
  await app.register(documentsRoutes, { prefix: '/api', ...features });
  await app.register(reviewsRoutes, { prefix: '/api', ...features });
  await app.register(liveRoutes, { prefix: '/api', ...features });
  await app.register(homeRoutes, { prefix: '/api', ...features });
  await app.register(profilesRoutes, { prefix: '/api', ...features });
  await app.register(submissionsRoutes, { prefix: '/api', ...features });
  await app.register(moderationRoutes, { prefix: '/api', ...features });
  await app.register(notificationsRoutes, { prefix: '/api', ...features });
  await app.register(samplePlayRoutes, features);
  await app.register(uploadsRoutes, features);

  await serveWeb(app, options.webDist ?? projectPaths.webDist);
  await promoteAdmins(database.db, config);
  await ensureDemoAccount(accounts.auth, database, config, app.log);
  return app;
}
