import type { WorkStatus } from '../../../shared/work-status-values';
import { CHECK_NOW_EVERY_MINUTES, WORKS_FOR_ME_EVERY_DAYS } from '../../http/limits/policies';

/** The rules of decision 0067, in one place. */
export const STILL_WORKS_RULES = {
  /** Failed checks in a row that make a game Not working. */
  failedChecksForNotWorking: 3,
  /** Distinct members saying "It doesn't work for me" within the window that make it Having problems. */
  reportsForHavingProblems: 3,
  reportWindowDays: 7,
  reportEveryDays: WORKS_FOR_ME_EVERY_DAYS,
  checkNowEveryMinutes: CHECK_NOW_EVERY_MINUTES,
  /** Checks kept per game. */
  keptChecks: 30,
} as const;

export interface StatusSignals {
  /** Plays from a build we host: its address is ours, so it is not checked. */
  hosted: boolean;
  /** Failed checks in a row, up to the latest. */
  failedStreak: number;
  /** Distinct members who said it does not work in the report window. */
  recentReports: number;
}

export function deriveStatus({ hosted, failedStreak, recentReports }: StatusSignals): WorkStatus {
  const streak = hosted ? 0 : failedStreak;
  if (streak >= STILL_WORKS_RULES.failedChecksForNotWorking) return 'not-working';
  if (streak >= 1 || recentReports >= STILL_WORKS_RULES.reportsForHavingProblems) return 'having-problems';
  return 'working';
}
