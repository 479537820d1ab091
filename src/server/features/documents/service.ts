import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  applyWrite,
  type ChangingWrite,
  childPath,
  DELETE_IN_SET_MESSAGE,
  type FieldTransform,
  type DocumentQuery,
  type DocumentResponse,
  type DocumentPathParts,
  type DocumentWrite,
  documentSize,
  type EncodedData,
  evaluateDocumentQuery,
  newDocumentId,
  parseDocumentPath,
  type Precondition,
  type QueryResponse,
  type StoredDocument,
  validateDocumentData,
  validateSize,
} from '../../../shared/documents';
import { collectionTopic, documentTopic } from '../../../shared/live';
import { requireGoodStanding } from '../../auth/standing';
import type { Db } from '../../db/client';
import { documents, moderationAppeals, moderationDecisions, reportHolds } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { publish } from '../../live/publish';
import { documentEventAccess } from './live-access';
import { candidatesSql } from './query-sql';
import { canQuery, canRead, canWrite, dataProblem, isListPath, type RulesActor } from './rules';

/** Firestore's wording; the same answer whether or not the document exists. */
export const PERMISSION_DENIED_MESSAGE = 'Missing or insufficient permissions.';
const denied = () => new AppError('permission-denied', PERMISSION_DENIED_MESSAGE);

interface Row {
  path: string;
  documentId: string;
  data: EncodedData;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  path: documents.path,
  documentId: documents.documentId,
  data: documents.data,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
};

/** A row's updateTime exactly as answered, which a precondition names. */
const updateTimeOf = (row: Row) => new Date(row.updatedAt).toISOString();

function toResponse(path: string, row: Row | undefined): DocumentResponse {
  return {
    path,
    id: parseDocumentPath(path).id,
    exists: row !== undefined,
    data: row?.data ?? null,
    createTime: row ? new Date(row.createdAt).toISOString() : null,
    updateTime: row ? updateTimeOf(row) : null,
  };
}

async function loadRow(db: Db, path: string, lock = false): Promise<Row | undefined> {
  const query = db.select(columns).from(documents).where(eq(documents.path, path));
  const [row] = lock ? await query.for('update') : await query;
  return row as Row | undefined;
}

export async function getDocument(db: Db, actor: RulesActor, path: string): Promise<DocumentResponse> {
  parseDocumentPath(path);
  const row = await loadRow(db, path);
  if (!canRead(actor, path, row?.data ?? null)) throw denied();
  return toResponse(path, row);
}

export async function runQuery(db: Db, actor: RulesActor, collection: string, query: DocumentQuery): Promise<QueryResponse> {
  if (!canQuery(actor, collection, query)) throw denied();
  const result = (await db.execute(candidatesSql(collection, query))) as unknown as {
    rows: { path: string; document_id: string; data: EncodedData; created_at: Date | string; updated_at: Date | string }[];
  };
  const candidates = result.rows.map((row) => ({ id: row.document_id, data: row.data, row }));
  const { documents: page, hasMore } = evaluateDocumentQuery(candidates, query);
  return {
    documents: page.map(({ row }): StoredDocument => ({
      path: row.path,
      id: row.document_id,
      data: row.data,
      createTime: new Date(row.created_at).toISOString(),
      updateTime: new Date(row.updated_at).toISOString(),
    })),
    hasMore,
  };
}

function afterWrite(write: ChangingWrite, before: Row | undefined, now: string): EncodedData | null {
  return applyWrite(before?.data ?? {}, write, now);
}

export const CHANGED_SINCE_READ_MESSAGE = 'The document changed since it was read: read it again and retry.';

function requirePrecondition(precondition: Precondition | undefined, before: Row | undefined): void {
  if (!precondition) return;
  const holds = 'exists' in precondition ? before === undefined : before !== undefined && updateTimeOf(before) === precondition.updateTime;
  if (!holds) throw new AppError('failed-precondition', CHANGED_SINCE_READ_MESSAGE);
}

/** A verify reads under the same rules as any read, then holds the batch to its precondition. */
async function verifyOne(tx: Db, actor: RulesActor, path: string, precondition: Precondition): Promise<DocumentResponse> {
  const before = await loadRow(tx, path, true);
  if (!canRead(actor, path, before?.data ?? null)) throw denied();
  requirePrecondition(precondition, before);
  return toResponse(path, before);
}

/** A write with its path read once, for the lock, the rules, the row and the events alike. */
interface ParsedWrite {
  write: DocumentWrite;
  at: DocumentPathParts;
}

export const HELD_LIST_MESSAGE =
  'This list is held for review: several members reported it, and it stays private until a moderator decides. You can still edit it; you will hear the decision on the bell.';
export const REMOVED_LIST_MESSAGE =
  'A moderator made this list private, so it stays private. You can still edit it; "Decisions about you" on your account page says why, and how to appeal.';

/** A moderator's removal of the list that no appeal has overturned; read through its author's index. */
async function removedByModerator(tx: Db, ownerId: string, listId: string): Promise<boolean> {
  const [removal] = await tx
    .select({ id: moderationDecisions.id })
    .from(moderationDecisions)
    .leftJoin(moderationAppeals, and(eq(moderationAppeals.decisionId, moderationDecisions.id), eq(moderationAppeals.status, 'overturned')))
    .where(
      and(
        eq(moderationDecisions.authorId, ownerId),
        eq(moderationDecisions.targetKind, 'list'),
        eq(moderationDecisions.targetId, listId),
        eq(moderationDecisions.action, 'remove'),
        isNull(moderationAppeals.id),
      ),
    )
    .limit(1);
  return removal !== undefined;
}

/**
 * A list the automatic hold made private stays so until a moderator decides, and one a moderator
 * made private stays so unless an appeal overturns it (decision 0061).
 */
async function requireMayBePublic(tx: Db, ownerId: string, listId: string): Promise<void> {
  const [held] = await tx
    .select({ at: reportHolds.heldAt })
    .from(reportHolds)
    .where(and(eq(reportHolds.targetKind, 'list'), eq(reportHolds.targetId, listId)));
  if (held) throw new AppError('failed-precondition', HELD_LIST_MESSAGE);
  if (await removedByModerator(tx, ownerId, listId)) throw new AppError('failed-precondition', REMOVED_LIST_MESSAGE);
}

async function applyOne(tx: Db, actor: RulesActor, { write, at }: ParsedWrite, now: string): Promise<DocumentResponse> {
  const { path, collection, id } = at;
  if (write.op === 'verify') return verifyOne(tx, actor, path, write.precondition);
  const before = await loadRow(tx, path, true);
  const after = afterWrite(write, before, now);
  if (!canWrite(actor, path, before?.data ?? null, after)) throw denied();
  // After the rules, so that a precondition tells nothing of a document one may not write.
  requirePrecondition(write.precondition, before);
  const problem = dataProblem(path, after);
  if (problem) throw new AppError('invalid-argument', problem);
  if (isListPath(path) && after?.public === true && before?.data.public !== true) await requireMayBePublic(tx, String(after.ownerId), id);
  // Transforms and merges can build what no single request holds (an array grown past a nesting level).
  if (after !== null && write.op !== 'delete' && write.transforms) validateDocumentData(after);
  if (write.op === 'update' && !before) throw notFound(`No document to update: ${path}`);
  if (after === null) {
    if (before) await tx.delete(documents).where(eq(documents.path, path));
  } else {
    validateSize(after);
    const sizeBytes = documentSize(after);
    await tx
      .insert(documents)
      .values({ path, collection, documentId: id, data: after, sizeBytes })
      .onConflictDoUpdate({
        target: documents.path,
        // At least a millisecond on from the last write, so that the updateTime a reader was
        // answered (to the millisecond) names one version and a precondition on it is exact.
        set: { data: after, sizeBytes, updatedAt: sql`greatest(now(), ${documents.updatedAt} + interval '1 millisecond')` },
      });
  }
  return toResponse(path, after === null ? undefined : await loadRow(tx, path));
}

// Two-key advisory locks live apart from the one-key ones (the trending sweep).
const DOCUMENT_LOCK_CLASS = 0x646f6373;

/**
 * Takes each written path's lock, in path order so that two batches cannot wait on each other.
 * A row lock cannot hold a document that does not exist yet; this does, so that of two batches
 * creating one document on `{ exists: false }` the second sees the first's and is refused.
 */
async function lockPaths(tx: Db, writes: ParsedWrite[]): Promise<void> {
  const paths = [...new Set(writes.map(({ at }) => at.path))].sort();
  for (const path of paths) await tx.execute(sql`select pg_advisory_xact_lock(${DOCUMENT_LOCK_CLASS}, hashtext(${path}))`);
}

/** The transaction's time to the microsecond, for serverTimestamp() (asked only when one is used). */
async function transactionTime(tx: Db, writes: ParsedWrite[]): Promise<string> {
  const used = writes.some(
    ({ write }) => 'transforms' in write && write.transforms?.some((transform) => transform.op === 'serverTimestamp'),
  );
  if (!used) return '';
  const result = (await tx.execute(sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as now`)) as unknown as {
    rows: { now: string }[];
  };
  return result.rows[0]!.now;
}

/**
 * Applies writes in one transaction: every write is authorised and applied, or none is. Events
 * are published after the last write, each saying who may read its document after the batch.
 */
export async function commitWrites(db: Db, actor: RulesActor, writes: DocumentWrite[]): Promise<DocumentResponse[]> {
  const parsed = writes.map((write) => ({ write, at: parseDocumentPath(write.path) }));
  // Lists can be public, so a suspended member writes none; their own private space stays theirs.
  if (actor && parsed.some(({ write, at }) => write.op !== 'verify' && isListPath(at.path)))
    requireGoodStanding({ suspension: actor.suspension ?? null });
  return db.transaction(async (tx) => {
    await lockPaths(tx, parsed);
    const now = await transactionTime(tx, parsed);
    const results: DocumentResponse[] = [];
    for (const one of parsed) results.push(await applyOne(tx, actor, one, now));
    // Each document's events say who may read it once the whole batch is applied.
    const finalData = new Map(results.map((result) => [result.path, result.data]));
    for (const { write, at } of parsed) {
      if (write.op === 'verify') continue;
      const { path, collection } = at;
      const access = documentEventAccess(path, finalData.get(path) ?? null);
      await publish(tx, documentTopic(path), { path, op: write.op }, access);
      await publish(tx, collectionTopic(collection), {});
    }
    return results;
  });
}

export async function addDocument(db: Db, actor: RulesActor, collection: string, data: EncodedData, transforms: FieldTransform[] = []) {
  const write: DocumentWrite = { op: 'set', path: childPath(collection, newDocumentId()), data };
  if (transforms.some((transform) => transform.op === 'delete')) throw new AppError('invalid-argument', DELETE_IN_SET_MESSAGE);
  const [result] = await commitWrites(db, actor, [transforms.length > 0 ? { ...write, transforms } : write]);
  return result!;
}

/**
 * A moderator's removal of a public list (or a hold on it): it becomes private again, its owner
 * still has it; `public` true puts it back (an overturned appeal, a released hold). In the
 * caller's transaction; readers and subscribers are told as after the owner's own write.
 * Answers whether the list was found in the other state.
 */
export async function setListPublic(tx: Db, listId: string, visible: boolean): Promise<boolean> {
  const path = `lists/${listId}`;
  const [row] = await tx
    .update(documents)
    .set({
      data: sql`jsonb_set(${documents.data}, '{public}', ${visible ? sql`'true'::jsonb` : sql`'false'::jsonb`})`,
      updatedAt: sql`greatest(now(), ${documents.updatedAt} + interval '1 millisecond')`,
    })
    .where(sql`${documents.path} = ${path} and (${documents.data} -> 'public') = ${visible ? sql`'false'::jsonb` : sql`'true'::jsonb`}`)
    .returning({ data: documents.data, collection: documents.collection });
  if (!row) return false;
  await publish(tx, documentTopic(path), { path, op: 'update' }, documentEventAccess(path, row.data as EncodedData));
  await publish(tx, collectionTopic(row.collection), {});
  return true;
}

export const makeListPrivate = (tx: Db, listId: string) => setListPublic(tx, listId, false);
