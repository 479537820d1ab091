/**
 * A screen's code could not be downloaded. It is a routing failure, not an application one:
 * the app error boundary passes it on to the router's something-went-wrong page.
 */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'A screen of GameSource could not be loaded.', { cause });
    this.name = 'ScreenLoadError';
  }
}
