import { type DocumentData, type DocumentReference, onSnapshot } from '../../lib/documents';
import { within } from './run-steps';

/**
 * Listens to a document, makes a change once the listener has its first snapshot, and
 * resolves with the milliseconds from the change to the server's snapshot that shows it.
 */
export function listenForChange(
  ref: DocumentReference,
  change: () => Promise<void>,
  shows: (data: DocumentData | undefined) => boolean,
  timeoutMs: number,
): Promise<number> {
  return within(timeoutMs, 'The live snapshot of the change', (signal) => {
    return new Promise<number>((resolve, reject) => {
      let changedAt: number | undefined;
      // The server's answer counts, not this tab's own pending write (which shows at once): a step
      // after this one must find the change stored, or its request could overtake the change's.
      const stop = onSnapshot(
        ref,
        { includeMetadataChanges: true },
        (snapshot) => {
          if (changedAt === undefined) {
            changedAt = performance.now();
            change().catch(finish(reject));
          } else if (!snapshot.metadata.hasPendingWrites && shows(snapshot.data())) {
            finish(resolve)(performance.now() - changedAt);
          }
        },
        (error) => finish(reject)(error),
      );
      signal.addEventListener('abort', () => stop());
      function finish<T>(settle: (value: T) => void) {
        return (value: T) => {
          stop();
          settle(value);
        };
      }
    });
  });
}

export const millis = (ms: number) => `${ms.toFixed(0)} ms`;
