/**
 * Runs `task` for each caller, sharing a run with others only when it started after they
 * called: a caller never gets the result of a run that began before it asked.
 */
export function coalesced<T>(task: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const request = (): Promise<T> => {
    if (!running) {
      running = task().finally(() => (running = undefined));
      return running;
    }
    queued ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = undefined;
        return request();
      });
    return queued;
  };
  return request;
}
