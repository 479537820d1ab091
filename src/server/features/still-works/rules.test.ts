import { describe, expect, it } from 'vitest';
import { deriveStatus } from './rules';

describe('still works: the status rules', () => {
  it.each([
    [{ hosted: false, failedStreak: 0, recentReports: 0 }, 'working'],
    [{ hosted: false, failedStreak: 0, recentReports: 2 }, 'working'],
    [{ hosted: false, failedStreak: 0, recentReports: 3 }, 'having-problems'],
    [{ hosted: false, failedStreak: 1, recentReports: 0 }, 'having-problems'],
    [{ hosted: false, failedStreak: 2, recentReports: 0 }, 'having-problems'],
    [{ hosted: false, failedStreak: 3, recentReports: 0 }, 'not-working'],
    [{ hosted: true, failedStreak: 5, recentReports: 0 }, 'working'],
    [{ hosted: true, failedStreak: 0, recentReports: 3 }, 'having-problems'],
  ] as const)('%o is %s', (signals, status) => {
    expect(deriveStatus(signals)).toBe(status);
  });
});
