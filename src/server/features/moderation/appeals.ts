import { and, count, eq, inArray } from 'drizzle-orm';
import { appealableActions, type AppealDecisionInput, type AppealInput } from '../../../shared/appeals';
import { userTopic } from '../../../shared/live';
import type { ReportKind } from '../../../shared/reports';
import type { Actor } from '../../auth/session';
import { asSentenceEnd } from '../../auth/standing';
import type { Db } from '../../db/client';
import { descending } from '../../db/order';
import { pageOf } from '../../db/paging';
import { moderationAppeals, moderationDecisions, moderationLog, users } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { publish } from '../../live/publish';
import { notify, type NewNotification } from '../notifications';
import { reinstate } from './account-standing';
import { undoRemoval, type Kept } from './content-actions';
import { setGameListed } from './holds';

export const ALREADY_APPEALED_MESSAGE = 'You have already appealed this decision: each decision can be appealed once.';
export const NOT_APPEALABLE_MESSAGE = 'Only a decision that acted on you or on what you posted can be appealed.';
export const OWN_DECISION_APPEAL_MESSAGE = 'You made this decision: another moderator decides its appeal.';
export const OWN_APPEAL_MESSAGE = "You can't decide your own appeal.";
export const APPEAL_DECIDED_MESSAGE = 'This appeal has been decided, and that decision is final.';

export type AppealRow = typeof moderationAppeals.$inferSelect;
export type DecisionRow = typeof moderationDecisions.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const toAppeal = (row: AppealRow) => ({
  id: row.id,
  decisionId: row.decisionId,
  status: row.status,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  reason: row.reason,
  decidedAt: iso(row.decidedAt),
});

const appealable = (decision: DecisionRow) => appealableActions.includes(decision.action);

/** The author of a decision appeals it, once; a suspended member may, a dismissal cannot be. */
export async function fileAppeal(db: Db, actor: Actor, decisionId: number, input: AppealInput) {
  const [decision] = await db.select().from(moderationDecisions).where(eq(moderationDecisions.id, decisionId));
  // Another member's decision answers as a missing one: which decisions exist is not theirs to learn.
  if (!decision || decision.authorId !== actor.id) throw notFound(`No decision about you with id ${decisionId}`);
  if (!appealable(decision)) throw new AppError('failed-precondition', NOT_APPEALABLE_MESSAGE);
  const [filed] = await db
    .insert(moderationAppeals)
    .values({ decisionId, appellantId: actor.id, text: input.text })
    .onConflictDoNothing()
    .returning();
  if (!filed) throw new AppError('already-exists', ALREADY_APPEALED_MESSAGE);
  return { appeal: toAppeal(filed) };
}

/** The decisions about the signed-in member, newest first, each with its appeal if any. */
export async function myDecisions(db: Db, actor: Actor, page: number, pageSize: number) {
  const theirs = and(eq(moderationDecisions.authorId, actor.id), inArray(moderationDecisions.action, [...appealableActions]));
  return pageOf(
    db
      .select({ decision: moderationDecisions, appeal: moderationAppeals })
      .from(moderationDecisions)
      .leftJoin(moderationAppeals, eq(moderationAppeals.decisionId, moderationDecisions.id))
      .where(theirs)
      .orderBy(descending(moderationDecisions.createdAt), descending(moderationDecisions.id))
      .$dynamic(),
    db.select({ total: count() }).from(moderationDecisions).where(theirs),
    { page, pageSize },
    ({ decision, appeal }) => ({
      id: decision.id,
      action: decision.action,
      targetKind: decision.targetKind,
      targetId: decision.targetId,
      suspendDays: decision.suspendDays,
      reason: decision.reason,
      createdAt: decision.createdAt.toISOString(),
      appeal: appeal ? toAppeal(appeal) : null,
      mayAppeal: appeal === null,
    }),
  );
}

/** Why this moderator may not decide the appeal: they made the decision, or it is their own. */
export function whyNotDecideAppeal(actor: Actor, appeal: AppealRow, decision: DecisionRow): string {
  if (decision.moderatorId === actor.id) return OWN_DECISION_APPEAL_MESSAGE;
  if (appeal.appellantId === actor.id) return OWN_APPEAL_MESSAGE;
  return '';
}

/** Undoes what can be undone of a decision; answers what the author is told was put back. */
async function undoDecision(tx: Db, decision: DecisionRow): Promise<string> {
  const kept = decision.kept as Kept | null;
  const authorId = decision.authorId;
  if (decision.action === 'remove' && decision.targetKind && decision.targetId)
    return undoRemoval(tx, decision.targetKind as ReportKind, decision.targetId, kept);
  if (decision.action === 'unlist' && decision.targetId) {
    await setGameListed(tx, Number(decision.targetId), true);
    return 'Your game is listed again.';
  }
  if (decision.action === 'warn') return 'The warning is withdrawn.';
  if (!authorId) return '';
  if (decision.action === 'suspend') {
    await tx.update(users).set({ suspendedUntil: null, suspensionReason: null, updatedAt: new Date() }).where(eq(users.id, authorId));
    await publish(tx, userTopic(authorId), { kind: 'standing' });
    return 'Your suspension is lifted.';
  }
  await reinstate(tx, authorId, kept);
  return 'Your account is restored: your games, lists, reviews and replies are back as they were.';
}

export interface AppealOutcome {
  appeal: ReturnType<typeof toAppeal>;
  undone: string;
  author: { userId: string; notification: NewNotification } | null;
  /** A member whose cached standing must be read again (a suspension or ban lifted). */
  restored: string | null;
}

/**
 * A moderator other than the one who decided upholds or overturns an appeal; final, logged, and
 * the author is told. Overturning undoes what can be undone (decision 0058).
 */
export async function decideAppeal(db: Db, actor: Actor, appealId: number, input: AppealDecisionInput): Promise<AppealOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ appeal: moderationAppeals, decision: moderationDecisions })
      .from(moderationAppeals)
      .innerJoin(moderationDecisions, eq(moderationDecisions.id, moderationAppeals.decisionId))
      .where(eq(moderationAppeals.id, appealId))
      .for('update', { of: moderationAppeals });
    if (!row) throw notFound(`No appeal with id ${appealId}`);
    const { appeal, decision } = row;
    const whyNot = whyNotDecideAppeal(actor, appeal, decision);
    if (whyNot) throw new AppError('permission-denied', whyNot);
    if (appeal.status !== 'open') throw new AppError('failed-precondition', APPEAL_DECIDED_MESSAGE);
    const overturn = input.outcome === 'overturn';
    const undone = overturn ? await undoDecision(tx, decision) : '';
    const [decided] = await tx
      .update(moderationAppeals)
      .set({ status: overturn ? 'overturned' : 'upheld', moderatorId: actor.id, reason: input.reason, decidedAt: new Date() })
      .where(eq(moderationAppeals.id, appealId))
      .returning();
    await tx.insert(moderationLog).values({
      actorId: actor.id,
      action: overturn ? 'appeal-overturn' : 'appeal-uphold',
      gameId: decision.targetKind === 'game' ? Number(decision.targetId) : null,
      reason: input.reason,
      decisionId: decision.id,
    });
    if (!appeal.appellantId) return { appeal: toAppeal(decided!), undone, author: null, restored: null };
    const notification: NewNotification = {
      kind: 'moderation-decision',
      title: overturn ? 'Your appeal succeeded' : 'Your appeal was turned down',
      body: `${overturn ? 'Another moderator overturned the decision.' : 'Another moderator looked again and kept the decision.'} Reason: ${asSentenceEnd(input.reason)}${undone ? ` ${undone}` : ''} This decision is final.`,
      link: '/account#decisions',
    };
    await notify(tx, appeal.appellantId, notification);
    await publish(tx, userTopic(appeal.appellantId), { kind: 'notification' });
    const restored = overturn && (decision.action === 'suspend' || decision.action === 'ban') ? decision.authorId : null;
    return { appeal: toAppeal(decided!), undone, author: { userId: appeal.appellantId, notification }, restored };
  });
}
