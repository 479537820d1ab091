import type { ReportInput } from '../../../shared/reports';
import type { Actor } from '../../auth/session';
import { requireGoodStanding } from '../../auth/standing';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import type { Limiter } from '../../http/limits/limiter';
import { REPORT_WINDOW_MS, REPORTS_PER_HOUR_PER_USER, waitText } from '../../http/limits/policies';
import { RetryLater } from '../../http/limits/retry-later';
import { holdIfReportedEnough, lockReportedItem } from './holds';
import { findReportTarget, reportedThing } from './report-targets';

export const OWN_CONTENT_REPORT_MESSAGE = "You can't report what you posted yourself: edit or delete it instead.";
export const ALREADY_REPORTED_MESSAGE =
  'You have already reported this, and our moderators have it. You will hear the outcome on the bell.';

async function spendReportBudget(limiter: Limiter, actor: Actor): Promise<void> {
  const { count, ttlMs } = await limiter.hit(`reports:user:${actor.id}`, REPORT_WINDOW_MS);
  if (count <= REPORTS_PER_HOUR_PER_USER) return;
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  throw new RetryLater(
    `You have sent ${REPORTS_PER_HOUR_PER_USER} reports this hour, as many as we take. Try again in ${waitText(seconds)}.`,
    seconds,
  );
}

/**
 * Files a member's report of an item anyone can see, keeping a copy of what it says now. One
 * open report per member per item; each counts against the member's report budget. The report
 * that brings the item to `holdThreshold` members in good standing hides it (holds.ts).
 */
export async function fileReport(db: Db, limiter: Limiter, actor: Actor, input: ReportInput, holdThreshold: number) {
  requireGoodStanding(actor);
  const target = await findReportTarget(db, input.kind, input.targetId);
  if (!target) throw notFound(`No ${reportedThing[input.kind]} with id ${input.targetId} to report`);
  if (target.authorId === actor.id) throw new AppError('permission-denied', OWN_CONTENT_REPORT_MESSAGE);
  await spendReportBudget(limiter, actor);
  return db.transaction(async (tx) => {
    await lockReportedItem(tx, input.kind, input.targetId);
    const [filed] = await tx
      .insert(reports)
      .values({
        targetKind: input.kind,
        targetId: input.targetId,
        reporterId: actor.id,
        authorId: target.authorId,
        reason: input.reason,
        note: input.note,
        snapshot: target.text,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id, createdAt: reports.createdAt });
    if (!filed) throw new AppError('already-exists', ALREADY_REPORTED_MESSAGE);
    await holdIfReportedEnough(tx, input.kind, input.targetId, holdThreshold);
    return { report: { id: filed.id, status: 'open' as const, createdAt: filed.createdAt.toISOString() } };
  });
}
