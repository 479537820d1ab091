import { describe, expect, it } from 'vitest';
import { compareLiveCursors, formatLiveCursor, laterLiveCursor, liveStart, parseLiveCursor } from './live-cursor';

describe('live cursors', () => {
  it('formats and parses "<txid>-<id>" both ways', () => {
    const cursor = { txid: 9_876_543, id: 42 };
    expect(formatLiveCursor(cursor)).toBe('9876543-42');
    expect(parseLiveCursor('9876543-42')).toEqual(cursor);
    expect(formatLiveCursor(liveStart)).toBe('0-0');
  });

  it('reads a bare event id from an older client as one written before transaction ids were kept', () => {
    expect(parseLiveCursor('17')).toEqual({ txid: 0, id: 17 });
    expect(compareLiveCursors(parseLiveCursor('17')!, { txid: 1, id: 3 })).toBeLessThan(0);
  });

  it('rejects text that is not a cursor', () => {
    for (const text of ['', 'soon', '-5', '1-', '1-2-3', '1.5', ' 1-2', '1234567890123456789-1', '0x10']) {
      expect(parseLiveCursor(text)).toBeNull();
    }
  });

  it('orders by transaction first, then by event id', () => {
    expect(compareLiveCursors({ txid: 5, id: 100 }, { txid: 6, id: 1 })).toBeLessThan(0);
    expect(compareLiveCursors({ txid: 6, id: 2 }, { txid: 6, id: 1 })).toBeGreaterThan(0);
    expect(compareLiveCursors({ txid: 6, id: 2 }, { txid: 6, id: 2 })).toBe(0);
    expect(laterLiveCursor({ txid: 5, id: 100 }, { txid: 6, id: 1 })).toEqual({ txid: 6, id: 1 });
  });
});
