import { eq } from 'drizzle-orm';
import type { AccountStandingInput } from '../../../shared/reports';
import type { Actor } from '../../auth/session';
import { asSentenceEnd } from '../../auth/standing';
import type { Db } from '../../db/client';
import { moderationDecisions, moderationLog } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { notify, type NewNotification } from '../notifications';
import { accountToActOn, ban, lastBanKept, reinstate, suspend, suspensionNotice } from './account-standing';
import { APPEAL_LINK, BANNED_APPEAL, HOW_TO_APPEAL } from './appeal-words';

export type AccountAction = 'suspend' | 'ban' | 'reinstate';

export interface AccountOutcome {
  standing: 'good' | 'suspended' | 'banned';
  until: string | null;
  notification: NewNotification;
}

function noticeOf(action: AccountAction, reason: string, until: Date | null): NewNotification {
  if (action === 'reinstate')
    return {
      kind: 'moderation-decision',
      title: 'Your account is in good standing again',
      body: `A moderator lifted the restriction on your account. Reason: ${asSentenceEnd(reason)}`,
      link: '',
    };
  if (action === 'ban')
    return {
      kind: 'moderation-decision',
      title: 'Your account was banned',
      body: `We banned your account. Reason: ${asSentenceEnd(reason)} ${BANNED_APPEAL}`,
      link: '',
    };
  return {
    kind: 'moderation-decision',
    title: 'Your account was suspended',
    body: `${suspensionNotice(until!, reason)} ${HOW_TO_APPEAL}`,
    link: APPEAL_LINK,
  };
}

/** Suspends, bans or reinstates an account from `/moderation`'s account list, logged like any decision. */
export async function actOnAccount(
  db: Db,
  actor: Actor,
  userId: string,
  action: AccountAction,
  input: AccountStandingInput,
): Promise<AccountOutcome> {
  if (action === 'suspend' && input.days === undefined) throw new AppError('invalid-argument', 'A suspension lasts 1, 7 or 30 days');
  return db.transaction(async (tx) => {
    const member = await accountToActOn(tx, actor, userId);
    if (action === 'ban' && member.banned) throw new AppError('failed-precondition', `${member.name} is already banned.`);
    const [decision] = await tx
      .insert(moderationDecisions)
      .values({ moderatorId: actor.id, authorId: userId, action, suspendDays: input.days ?? null, reason: input.reason })
      .returning({ id: moderationDecisions.id });
    let until: Date | null = null;
    if (action === 'suspend') until = await suspend(tx, userId, input.days!, input.reason);
    else if (action === 'ban')
      await tx
        .update(moderationDecisions)
        .set({ kept: await ban(tx, userId, input.reason) })
        .where(eq(moderationDecisions.id, decision!.id));
    else await reinstate(tx, userId, member.banned ? await lastBanKept(tx, userId) : null);
    await tx
      .insert(moderationLog)
      .values({ actorId: actor.id, action: `account-${action}`, reason: input.reason, decisionId: decision!.id });
    const notification = noticeOf(action, input.reason, until);
    await notify(tx, userId, notification);
    const standing = action === 'reinstate' ? 'good' : action === 'ban' ? 'banned' : 'suspended';
    return { standing, until: until?.toISOString() ?? null, notification };
  });
}
