import { describe, expect, it } from 'vitest';
import type { BuildStatus } from '../../../shared/builds';
import { KEEP_APPROVED, REMOVE_AFTER_MS, removableVersions } from './old-versions';

const now = new Date('2026-12-05T06:00:00Z');
const old = new Date(now.getTime() - REMOVE_AFTER_MS - 1);
const recent = new Date(now.getTime() - REMOVE_AFTER_MS + 60_000);
const rows = (...statuses: BuildStatus[]) => statuses.map((status, i) => ({ version: i + 1, status, createdAt: old }));

describe('removableVersions', () => {
  it('keeps the newest version, the newest pending one and the last approved ones; removes the rest once old', () => {
    expect(KEEP_APPROVED).toBe(3);
    expect(
      removableVersions(rows('rejected', 'approved', 'approved', 'approved', 'approved', 'pending', 'pending', 'rejected'), now),
    ).toEqual([6, 2, 1]);
  });

  it('never removes the newest version, even rejected, nor anything younger than the grace period', () => {
    expect(removableVersions(rows('rejected'), now)).toEqual([]);
    expect(removableVersions(rows('approved', 'rejected', 'rejected'), now)).toEqual([2]);
    expect(
      removableVersions(
        [
          { version: 1, status: 'rejected', createdAt: recent },
          { version: 2, status: 'pending', createdAt: old },
        ],
        now,
      ),
    ).toEqual([]);
  });

  it('keeps the one that plays with no newer approved ones, however old', () => {
    expect(removableVersions(rows('approved', 'rejected', 'pending', 'pending'), now)).toEqual([3, 2]);
  });
});
