// Rendered pages kept by what they were made from (decision 0075): the key of their answers
// (src/web/server/render-key.ts) and the page's head. A member's full load whose answers have not
// changed since the last is sent from here, with no render, no state written out and nothing
// compressed but its last few bytes.
import type { CompressedStart } from '../http/spliced-gzip';

/** At most this many compressed bytes are kept (a page is 10-30 KB); the least recently sent go first. */
const BUDGET_BYTES = 32 * 1024 * 1024;

/** Past this age a page is made again: what is not an answer (the footer's year) stays current. */
const MAX_AGE_MS = 5 * 60_000;

interface Entry {
  start: CompressedStart;
  storedAt: number;
}

/** A least-recently-sent cache of compressed page starts by key, bounded by bytes and age. */
export function createKeptDocuments(budgetBytes = BUDGET_BYTES, maxAgeMs = MAX_AGE_MS) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.start.deflated.length;
  };

  return {
    get(key: string, now = Date.now()): CompressedStart | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      drop(key, entry);
      if (now - entry.storedAt >= maxAgeMs) return undefined;
      // Sent again: it moves to the newest end.
      entries.set(key, entry);
      bytes += entry.start.deflated.length;
      return entry.start;
    },
    set(key: string, start: CompressedStart, now = Date.now()): void {
      if (start.deflated.length > budgetBytes) return;
      const old = entries.get(key);
      if (old) drop(key, old);
      entries.set(key, { start, storedAt: now });
      bytes += start.deflated.length;
      for (const [oldest, entry] of entries) {
        if (bytes <= budgetBytes) break;
        drop(oldest, entry);
      }
    },
    /** Compressed bytes kept now. */
    get size() {
      return bytes;
    },
  };
}
