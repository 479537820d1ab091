import { and, asc, count, desc, eq, inArray, min, or, sql } from 'drizzle-orm';
import type { ReportedText, ReportGroup, ReportKind, ReportQueue, ReportReason } from '../../../shared/reports';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { reports, users } from '../../db/schema';
import { heldAmong } from './holds';
import { findReportTarget } from './report-targets';

const open = eq(reports.status, 'open');

export const OWN_CONTENT_DECISION_MESSAGE = "You can't decide a report about your own content: another moderator will.";
export const OWN_REPORT_DECISION_MESSAGE = "You can't decide a report you filed: another moderator will.";

type OpenReport = typeof reports.$inferSelect;

/** Whether this moderator may decide these reports, and if not, why (the refusal's words). */
export function whyNotDecide(actor: Actor, authorId: string | null, open: readonly OpenReport[]): string {
  if (authorId === actor.id) return OWN_CONTENT_DECISION_MESSAGE;
  if (open.some((report) => report.reporterId === actor.id)) return OWN_REPORT_DECISION_MESSAGE;
  return '';
}

/** The open reports about one item, oldest first. */
export async function openReportsAbout(db: Db, kind: ReportKind, targetId: string, lock = false): Promise<OpenReport[]> {
  const query = db
    .select()
    .from(reports)
    .where(and(open, eq(reports.targetKind, kind), eq(reports.targetId, targetId)))
    .orderBy(asc(reports.createdAt), asc(reports.id));
  return lock ? query.for('update') : query;
}

function countReasons(rows: readonly OpenReport[]) {
  const counted = new Map<ReportReason, number>();
  for (const row of rows) counted.set(row.reason as ReportReason, (counted.get(row.reason as ReportReason) ?? 0) + 1);
  return [...counted].map(([reason, n]) => ({ reason, count: n })).sort((a, b) => b.count - a.count);
}

async function toGroup(
  db: Db,
  actor: Actor,
  kind: ReportKind,
  targetId: string,
  rows: OpenReport[],
  names: Map<string, string>,
  held: Set<string>,
): Promise<ReportGroup> {
  const first = rows[0]!;
  const target = await findReportTarget(db, kind, targetId);
  const authorId = target?.authorId ?? first.authorId;
  const whyNot = whyNotDecide(actor, authorId, rows);
  return {
    kind,
    targetId,
    count: rows.length,
    firstReportedAt: first.createdAt.toISOString(),
    author: authorId ? { id: authorId, name: names.get(authorId) ?? 'A member' } : null,
    link: target?.link ?? '',
    reasons: countReasons(rows),
    notes: rows
      .filter((row) => row.note)
      .map((row) => ({ reason: row.reason as ReportReason, note: row.note, createdAt: row.createdAt.toISOString() })),
    whenReported: first.snapshot as ReportedText,
    now: target?.text ?? null,
    mayDecide: whyNot === '',
    whyNot,
    held: held.has(`${kind}:${targetId}`),
  };
}

/** Open reports grouped by item: the most reported first, then the longest waiting. */
export async function reportQueue(db: Db, actor: Actor, page: number, pageSize: number): Promise<ReportQueue> {
  const reported = count().as('reported');
  const firstAt = min(reports.createdAt).as('first_at');
  const groups = db
    .$with('groups')
    .as(
      db
        .select({ kind: reports.targetKind, targetId: reports.targetId, reported, firstAt })
        .from(reports)
        .where(open)
        .groupBy(reports.targetKind, reports.targetId),
    );
  const [pageRows, [total]] = await Promise.all([
    db
      .with(groups)
      .select()
      .from(groups)
      .orderBy(desc(groups.reported), asc(groups.firstAt), asc(groups.kind), asc(groups.targetId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(distinct (${reports.targetKind}, ${reports.targetId}))`.mapWith(Number) })
      .from(reports)
      .where(open),
  ]);
  if (pageRows.length === 0) return { items: [], total: total?.n ?? 0, page, pageSize };
  const rows = await db
    .select()
    .from(reports)
    .where(and(open, or(...pageRows.map((group) => and(eq(reports.targetKind, group.kind), eq(reports.targetId, group.targetId))))))
    .orderBy(asc(reports.createdAt), asc(reports.id));
  const authorIds = [...new Set(rows.map((row) => row.authorId).filter((id): id is string => id !== null))];
  const names = new Map(
    authorIds.length === 0
      ? []
      : (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, authorIds))).map((u) => [u.id, u.name]),
  );
  const held = await heldAmong(db, pageRows);
  const items = await Promise.all(
    pageRows.map((group) =>
      toGroup(
        db,
        actor,
        group.kind,
        group.targetId,
        rows.filter((row) => row.targetKind === group.kind && row.targetId === group.targetId),
        names,
        held,
      ),
    ),
  );
  return { items, total: total?.n ?? 0, page, pageSize };
}
