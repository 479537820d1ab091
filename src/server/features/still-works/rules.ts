import type { WorkStatus } from '../../../shared/still-works';

/** The rules of decision 0067, in one place. */
export const STILL_WORKS_RULES = {
  /** Failed checks in a row that make a game Not working. */
  failedChecksForNotWorking: 3,
  /** Distinct members saying "It doesn't work for me" within the window that make it Having problems. */
  reportsForHavingProblems: 3,
  reportWindowDays: 7,
  /** How often one member may say it of one game. */
  reportEveryDays: 7,
  /** How often a maker may ask for a check of one game. */
  checkNowEveryMinutes: 10,
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
