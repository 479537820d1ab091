import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { cleanUpUploads } from './service';

const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/** Sweeps unreferenced uploads hourly while the server runs; the timer never holds the process open. */
export function startUploadCleanup(app: FastifyInstance, db: Db, dir: string): void {
  const sweep = () => {
    cleanUpUploads(db, dir).then(
      (removed) => {
        if (removed.length > 0) app.log.info({ removed: removed.length }, 'removed unreferenced uploads');
      },
      (error: unknown) => app.log.warn({ err: error }, 'upload cleanup failed; will retry'),
    );
  };
  const timer = setInterval(sweep, CLEANUP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
