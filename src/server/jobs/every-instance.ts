import type { FastifyInstance } from 'fastify';

export interface InstanceTask {
  /** What the log calls it. */
  name: string;
  everyMs: number;
  /** Does one round and says how many things it changed. */
  run: () => Promise<number>;
}

/**
 * Runs a task on this instance, once the app is ready and then every `everyMs` until it closes:
 * for what each instance must do for itself (checking its own database connection), unlike the
 * periodic jobs, which run once for the whole cluster. A failed round is logged and tried again
 * next time; the timer never holds the process open.
 */
export function runOnThisInstance(app: FastifyInstance, task: InstanceTask): void {
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
