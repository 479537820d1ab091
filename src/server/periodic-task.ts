import type { FastifyInstance } from 'fastify';

export interface PeriodicTask {
  /** What the log calls it. */
  name: string;
  everyMs: number;
  /** Does one round and says how many things it changed. */
  run: () => Promise<number>;
}

/**
 * Runs a task once the app is ready and then every `everyMs` until it closes. A failed round
 * is logged and tried again next time; the timer never holds the process open.
 */
export function runPeriodically(app: FastifyInstance, task: PeriodicTask): void {
  const round = () => {
    task.run().then(
      (changed) => {
        if (changed > 0) app.log.info({ changed }, task.name);
      },
      (error: unknown) => app.log.warn({ err: error }, `${task.name} failed; will retry`),
    );
  };
  const timer = setInterval(round, task.everyMs);
  timer.unref();
  app.addHook('onReady', async () => round());
  app.addHook('onClose', async () => clearInterval(timer));
}
