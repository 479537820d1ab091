import { describe, expect, it } from 'vitest';
import { timeAgo } from './still-works';

describe('timeAgo', () => {
  const now = Date.parse('2026-12-05T12:00:00Z');
  it.each([
    ['2026-12-05T11:59:30Z', 'just now'],
    ['2026-12-05T11:55:00Z', '5 minutes ago'],
    ['2026-12-05T09:00:00Z', '3 hours ago'],
    ['2026-12-04T11:00:00Z', 'yesterday'],
    ['2026-12-02T12:00:00Z', '3 days ago'],
  ])('%s reads %s', (iso, words) => {
    expect(timeAgo(iso, now)).toBe(words);
  });
});
