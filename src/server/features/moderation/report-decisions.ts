import { eq, inArray } from 'drizzle-orm';
import { userTopic } from '../../../shared/live';
import { actionsFor, type ReportAction, type ReportDecisionInput, type ReportKind } from '../../../shared/reports';
import type { Actor } from '../../auth/session';
import { asSentenceEnd } from '../../auth/standing';
import type { Db } from '../../db/client';
import { moderationDecisions, moderationLog, reports } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { publish } from '../../live/publish';
import { notify, type NewNotification } from '../notifications';
import { accountToActOn, ban, suspend, suspensionNotice } from './account-standing';
import { APPEAL_LINK, BANNED_APPEAL, HOW_TO_APPEAL } from './appeal-words';
import { applyToContent } from './content-actions';
import { releaseHold } from './holds';
import { openReportsAbout, whyNotDecide } from './report-queue';
import { findReportTarget, reportedThing } from './report-targets';

/** Who to tell once the decision committed: the author (bell and, if they chose it, e-mail) and the reporters (bell). */
export interface DecisionOutcome {
  decisionId: number;
  reportsClosed: number;
  author: { userId: string; notification: NewNotification } | null;
  /** Members whose cached standing must be read again (suspended or banned). */
  restricted: string | null;
}

/** Actions after which a held item stays hidden: the decision took it away. */
const takesAway: readonly ReportAction[] = ['remove', 'unlist'];

const NO_AUTHOR_MESSAGE = 'This item has no author to warn, suspend or ban (their account is gone, or it is a sample).';
const authorActions: readonly ReportAction[] = ['warn', 'suspend', 'ban'];

/** What the author is told was done to their item, in words. */
function doneTo(kind: ReportKind, action: ReportAction, title: string, days?: number): string {
  const thing = `your ${reportedThing[kind]} "${title}"`;
  if (action === 'remove')
    return kind === 'list'
      ? `We made ${thing} private`
      : kind === 'profile'
        ? "We reset your profile's name, bio, links and picture"
        : `We removed ${thing}`;
  if (action === 'unlist') return `We unlisted ${thing}`;
  if (action === 'warn') return `This is a warning about ${thing}`;
  if (action === 'suspend') return `We suspended your account for ${days === 1 ? '1 day' : `${days} days`} because of ${thing}`;
  return `We banned your account because of ${thing}`;
}

const reporterOutcome = (action: ReportAction) =>
  action === 'dismiss'
    ? 'A moderator looked at it and found that it does not break the community guidelines.'
    : 'A moderator looked at it and acted on it. Thank you for telling us.';

/**
 * Decides every open report about one item at once: the action, its effect, a decision row the
 * author's notice (and a later appeal) points to, the audit log, and a word to each reporter.
 */
export async function decideReports(
  db: Db,
  actor: Actor,
  kind: ReportKind,
  targetId: string,
  input: ReportDecisionInput,
): Promise<DecisionOutcome> {
  if (!actionsFor(kind).includes(input.action))
    throw new AppError('invalid-argument', `A ${reportedThing[kind]} cannot be given "${input.action}".`);
  return db.transaction(async (tx) => {
    const open = await openReportsAbout(tx, kind, targetId, true);
    if (open.length === 0) throw notFound(`No open reports about ${reportedThing[kind]} ${targetId}`);
    const target = await findReportTarget(tx, kind, targetId);
    const authorId = target?.authorId ?? open[0]!.authorId;
    const whyNot = whyNotDecide(actor, authorId, open);
    if (whyNot) throw new AppError('permission-denied', whyNot);
    if (authorActions.includes(input.action) && !authorId) throw new AppError('failed-precondition', NO_AUTHOR_MESSAGE);
    if (authorId && (input.action === 'suspend' || input.action === 'ban')) await accountToActOn(tx, actor, authorId);

    const [decision] = await tx
      .insert(moderationDecisions)
      .values({
        moderatorId: actor.id,
        targetKind: kind,
        targetId,
        authorId,
        action: input.action,
        suspendDays: input.days ?? null,
        reason: input.reason,
      })
      .returning({ id: moderationDecisions.id });
    const decisionId = decision!.id;
    await releaseHold(tx, kind, targetId, !takesAway.includes(input.action));
    let kept = await applyToContent(tx, kind, targetId, input.action);
    let restricted: string | null = null;
    let suspendedUntil: Date | undefined;
    if (authorId && input.action === 'suspend') suspendedUntil = await suspend(tx, authorId, input.days!, input.reason);
    if (authorId && input.action === 'ban') kept = await ban(tx, authorId, input.reason);
    if (kept) await tx.update(moderationDecisions).set({ kept }).where(eq(moderationDecisions.id, decisionId));
    if (suspendedUntil || input.action === 'ban') restricted = authorId;

    const closed = await tx
      .update(reports)
      .set({ status: input.action === 'dismiss' ? 'dismissed' : 'actioned', decisionId, closedAt: new Date() })
      .where(
        inArray(
          reports.id,
          open.map((report) => report.id),
        ),
      )
      .returning({ reporterId: reports.reporterId });
    await tx.insert(moderationLog).values({
      actorId: actor.id,
      action: `report-${input.action}`,
      gameId: kind === 'game' ? Number(targetId) : null,
      reason: input.reason,
      decisionId,
    });

    const title = (target?.text ?? (open[0]!.snapshot as { title: string })).title;
    for (const reporterId of new Set(closed.map((row) => row.reporterId))) {
      await notify(tx, reporterId, {
        kind: 'report-outcome',
        title: `Your report about "${title}"`,
        body: reporterOutcome(input.action),
        link: '',
      });
      await publish(tx, userTopic(reporterId), { kind: 'notification' });
    }
    if (!authorId || input.action === 'dismiss') return { decisionId, reportsClosed: closed.length, author: null, restricted };
    const until = suspendedUntil ? ` ${suspensionNotice(suspendedUntil, input.reason)}` : '';
    const notification: NewNotification = {
      kind: 'moderation-decision',
      title: input.action === 'warn' ? 'A warning from the moderators' : 'A moderator acted on something you posted',
      body: `${doneTo(kind, input.action, title, input.days)}. Reason: ${asSentenceEnd(input.reason)}${until} ${input.action === 'ban' ? BANNED_APPEAL : HOW_TO_APPEAL}`,
      link: input.action === 'ban' ? '' : APPEAL_LINK,
    };
    await notify(tx, authorId, notification);
    await publish(tx, userTopic(authorId), { kind: 'notification' });
    return { decisionId, reportsClosed: closed.length, author: { userId: authorId, notification }, restricted };
  });
}
