import { asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { AppealQueue, AppealQueueItem, AppealQueueStatus } from '../../../shared/appeals';
import type { ReportedText } from '../../../shared/reports';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { descending } from '../../db/order';
import { moderationAppeals, moderationDecisions, reports, users } from '../../db/schema';
import { whyNotDecideAppeal, type AppealRow, type DecisionRow } from './appeals';

/** What the reported item said when first reported, for each decision that closed reports. */
async function snapshotsOf(db: Db, decisionIds: number[]): Promise<Map<number, ReportedText>> {
  if (decisionIds.length === 0) return new Map();
  const rows = await db
    .select({ decisionId: reports.decisionId, snapshot: reports.snapshot })
    .from(reports)
    .where(inArray(reports.decisionId, decisionIds))
    .orderBy(asc(reports.createdAt), asc(reports.id));
  const first = new Map<number, ReportedText>();
  for (const row of rows)
    if (row.decisionId !== null && !first.has(row.decisionId)) first.set(row.decisionId, row.snapshot as ReportedText);
  return first;
}

async function namesOf(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const people = [...new Set(ids.filter((id): id is string => id !== null))];
  if (people.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, people));
  return new Map(rows.map((row) => [row.id, row.name]));
}

const moderatorName = (names: Map<string, string>, id: string | null) => (id ? (names.get(id) ?? 'A moderator') : 'A former moderator');

function toItem(
  actor: Actor,
  { appeal, decision }: { appeal: AppealRow; decision: DecisionRow },
  names: Map<string, string>,
  snapshot: ReportedText | undefined,
): AppealQueueItem {
  const whyNot = whyNotDecideAppeal(actor, appeal, decision);
  return {
    id: appeal.id,
    text: appeal.text,
    createdAt: appeal.createdAt.toISOString(),
    appellant: appeal.appellantId ? { id: appeal.appellantId, name: names.get(appeal.appellantId) ?? 'A member' } : null,
    decision: {
      id: decision.id,
      action: decision.action,
      targetKind: decision.targetKind,
      targetId: decision.targetId,
      suspendDays: decision.suspendDays,
      reason: decision.reason,
      createdAt: decision.createdAt.toISOString(),
      moderatorName: moderatorName(names, decision.moderatorId),
    },
    whenReported: snapshot ?? null,
    mayDecide: appeal.status === 'open' && whyNot === '',
    whyNot,
    verdict:
      appeal.status === 'open'
        ? null
        : {
            status: appeal.status,
            reason: appeal.reason ?? '',
            decidedAt: (appeal.decidedAt ?? appeal.createdAt).toISOString(),
            moderatorName: moderatorName(names, appeal.moderatorId),
          },
  };
}

/** Appeals for `/moderation`: the open ones oldest first, or the decided ones latest decided first. */
export async function appealQueue(db: Db, actor: Actor, status: AppealQueueStatus, page: number, pageSize: number): Promise<AppealQueue> {
  const which = status === 'open' ? eq(moderationAppeals.status, 'open') : ne(moderationAppeals.status, 'open');
  const order =
    status === 'open'
      ? [asc(moderationAppeals.createdAt), asc(moderationAppeals.id)]
      : [descending(moderationAppeals.decidedAt), descending(moderationAppeals.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ appeal: moderationAppeals, decision: moderationDecisions })
      .from(moderationAppeals)
      .innerJoin(moderationDecisions, eq(moderationDecisions.id, moderationAppeals.decisionId))
      .where(which)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(moderationAppeals).where(which),
  ]);
  const [names, snapshots] = await Promise.all([
    namesOf(
      db,
      rows.flatMap(({ appeal, decision }) => [appeal.appellantId, appeal.moderatorId, decision.moderatorId]),
    ),
    snapshotsOf(
      db,
      rows.map(({ decision }) => decision.id),
    ),
  ]);
  const items = rows.map((row) => toItem(actor, row, names, snapshots.get(row.decision.id)));
  return { items, total: total?.n ?? 0, page, pageSize };
}
