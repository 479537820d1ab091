import { type ChangingWrite, Timestamp } from '../../../shared/documents';
import type { PendingBatch } from './pending-writes';

/** A listener as the writes of this tab reach it. */
export interface LocalListener {
  /** Whether a write to this document path can change what the listener shows. */
  watches(path: string): boolean;
  /** Shows the server's last answer with the pending writes applied (heard when it changed). */
  show(): void;
  /** The server confirmed the batch: keep showing it until an answer read after now arrives. */
  confirm(batch: PendingBatch): void;
}

const localListeners = new Set<LocalListener>();
/** Writes sent and not answered yet, in the order they were made. */
let pendingBatches: PendingBatch[] = [];
let lastBatchId = 0;

/** Lets the listener hear this tab's writes until the function returned is called. */
export function hearLocalWrites(listener: LocalListener): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

export const unansweredBatches = (): readonly PendingBatch[] => pendingBatches;

/**
 * Latency compensation: the writes show at once in every listener they touch (with
 * `hasPendingWrites`); when the server confirms them, each such listener reads again and shows the
 * server's state; when the server refuses them, the listeners go back to the server's state.
 */
export async function withLocalWrites<R>(writes: ChangingWrite[], send: () => Promise<R>): Promise<R> {
  const batch: PendingBatch = { id: ++lastBatchId, writes, at: Timestamp.now().toISOString() };
  const touched = () => [...localListeners].filter((listener) => writes.some((write) => listener.watches(write.path)));
  pendingBatches = [...pendingBatches, batch];
  for (const listener of touched()) listener.show();
  try {
    const result = await send();
    pendingBatches = pendingBatches.filter((other) => other !== batch);
    for (const listener of touched()) listener.confirm(batch);
    return result;
  } catch (error) {
    pendingBatches = pendingBatches.filter((other) => other !== batch);
    for (const listener of touched()) listener.show();
    throw error;
  }
}
