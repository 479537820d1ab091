/**
 * Runs `task` for each caller, sharing a run with others only when it started after they
 * called: a caller never gets the result of a run that began before it asked.
 */
export function coalesced(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const request = (): Promise<void> => {
    if (!running) {
      running = task().finally(() => (running = undefined));
      return running;
    }
    queued ??= running.catch(() => undefined).then(() => {
      queued = undefined;
      return request();
    });
    return queued;
  };
  return request;
}
