// Where a live stream stands: the SSE event id "<txid>-<id>" (writing transaction, event row).
// Events are delivered in this order; see server/live/event-store.ts.

export interface LiveCursor {
  txid: number;
  id: number;
}

/** Before every event. */
export const liveStart: LiveCursor = { txid: 0, id: 0 };

/** A cursor, or a bare event id as servers sent before cursors (those events all have txid 0). */
export const LIVE_CURSOR_PATTERN = /^(?:(\d{1,18})-)?(\d{1,18})$/;

export function formatLiveCursor(cursor: LiveCursor): string {
  return `${cursor.txid}-${cursor.id}`;
}

/** The cursor the text names, or null when it is not one. */
export function parseLiveCursor(text: string): LiveCursor | null {
  const match = LIVE_CURSOR_PATTERN.exec(text);
  if (!match) return null;
  return { txid: Number(match[1] ?? 0), id: Number(match[2]) };
}

/** Negative when `a` comes first, 0 when they are the same place, positive when `b` does. */
export function compareLiveCursors(a: LiveCursor, b: LiveCursor): number {
  return a.txid - b.txid || a.id - b.id;
}

export function laterLiveCursor(a: LiveCursor, b: LiveCursor): LiveCursor {
  return compareLiveCursors(a, b) >= 0 ? a : b;
}
