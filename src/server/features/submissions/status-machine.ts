import { and, eq, inArray } from 'drizzle-orm';
import {
  canTransition,
  submissionStatusLabels,
  submissionTransitions,
  type SubmissionAction,
  type SubmissionStatus,
} from '../../../shared/submissions';
import type { Db } from '../../db/client';
import { submissions } from '../../db/schema';
import { AppError } from '../../http/app-error';

type SubmissionRow = typeof submissions.$inferSelect;

export function illegalMove(status: SubmissionStatus, action: SubmissionAction): AppError {
  return new AppError('failed-precondition', `A submission that is "${submissionStatusLabels[status]}" cannot be ${actionVerbs[action]}.`);
}

const actionVerbs: Record<SubmissionAction, string> = {
  submit: 'submitted for review',
  withdraw: 'withdrawn',
  approve: 'approved',
  reject: 'rejected',
  'request-changes': 'sent back for changes',
};

/**
 * Moves a submission along the one legal path for `action`, in one conditional UPDATE: two
 * moderators deciding at once cannot both win. 412 when the submission is not where the action starts.
 */
export async function transition(
  tx: Db,
  row: SubmissionRow,
  action: SubmissionAction,
  changes: Partial<Pick<SubmissionRow, 'moderatorNote' | 'submittedAt' | 'gameId' | 'payload'>> = {},
): Promise<SubmissionRow> {
  if (!canTransition(row.status, action)) throw illegalMove(row.status, action);
  const { from, to } = submissionTransitions[action];
  const [moved] = await tx
    .update(submissions)
    .set({ ...changes, status: to, updatedAt: new Date() })
    .where(and(eq(submissions.id, row.id), inArray(submissions.status, [...from])))
    .returning();
  if (!moved) throw illegalMove(row.status, action);
  return moved;
}
