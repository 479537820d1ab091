// Latency compensation, as Cloud Firestore's client has it: this tab's writes that the server has
// not confirmed yet, applied to the documents its listeners hold, with the same write rules
// (shared/documents/apply-write.ts) and the same query evaluator as the server.
import {
  applyWrite,
  type ChangingWrite,
  type DocumentQuery,
  type DocumentResponse,
  type EncodedData,
  type EncodedValue,
  evaluateDocumentQuery,
  isCoveredBy,
  parseDocumentPath,
  type QueryResponse,
  TIMESTAMP_TAG,
  valueAt,
  valuesEqual,
} from '../../../shared/documents';

/** Writes sent together (one call, or a batch), applied locally until the server answers. */
export interface PendingBatch {
  readonly id: number;
  readonly writes: ChangingWrite[];
  /** The local estimate of the server's time, for serverTimestamp() (ISO, to the microsecond). */
  readonly at: string;
}

/** A field holding a pending serverTimestamp(): the estimate written there and the value before. */
export interface PendingServerTime {
  readonly estimate: EncodedValue;
  readonly previous: EncodedValue | null;
}

/** A document as a listener shows it: the server's, with this tab's pending writes applied. */
export interface LocalDocument extends DocumentResponse {
  /** A write of this tab to the document awaits the server. */
  readonly pending: boolean;
  readonly serverTimes: ReadonlyMap<string, PendingServerTime>;
}
export type LocalStoredDocument = LocalDocument & { data: EncodedData; createTime: string | null; updateTime: string | null };

export interface LocalQueryAnswer {
  documents: LocalStoredDocument[];
  hasMore: boolean;
}

const noServerTimes: ReadonlyMap<string, PendingServerTime> = new Map();

export const confirmed = (doc: DocumentResponse): LocalDocument => ({ ...doc, pending: false, serverTimes: noServerTimes });

export const collectionOf = (path: string) => parseDocumentPath(path).collection;

function applyLocally(doc: LocalDocument, write: ChangingWrite, at: string): LocalDocument {
  // An update needs the document: Firestore's client leaves a missing one as it is (the server refuses).
  if (write.op === 'update' && !doc.exists) return doc;
  const before = doc.data ?? {};
  const data = applyWrite(before, write, at);
  if (data === null) return { ...doc, exists: false, data: null, pending: true, serverTimes: noServerTimes };
  const serverTimes = new Map([...doc.serverTimes].filter(([field, mark]) => valuesEqual(valueAt(data, field) ?? null, mark.estimate)));
  const estimate = { [TIMESTAMP_TAG]: at };
  const mergeFields = write.op === 'set' ? write.mergeFields : undefined;
  for (const transform of write.op === 'delete' ? [] : (write.transforms ?? [])) {
    if (transform.op !== 'serverTimestamp') continue;
    if (mergeFields && !mergeFields.some((mask) => isCoveredBy(transform.field, mask))) continue;
    const previous = doc.serverTimes.get(transform.field)?.previous ?? valueAt(before, transform.field) ?? null;
    serverTimes.set(transform.field, { estimate, previous });
  }
  return { ...doc, exists: true, data, pending: true, serverTimes };
}

/** One document with the pending writes to it applied in the order they were made. */
export function localDocument(server: DocumentResponse, batches: readonly PendingBatch[]): LocalDocument {
  let doc = confirmed(server);
  for (const batch of batches) {
    for (const write of batch.writes) if (write.path === server.path) doc = applyLocally(doc, write, batch.at);
  }
  return doc;
}

const missing = (path: string): DocumentResponse => ({
  path,
  id: parseDocumentPath(path).id,
  exists: false,
  data: null,
  createTime: null,
  updateTime: null,
});

/**
 * A query's answer with the pending writes applied: the server's documents plus those written
 * here, evaluated again by the shared evaluator. A document the listener does not hold is known
 * only by what this tab wrote (an update to it changes nothing until the server answers).
 */
export function localQuery(
  collection: string,
  spec: DocumentQuery,
  server: QueryResponse,
  batches: readonly PendingBatch[],
): LocalQueryAnswer {
  const written = new Set(
    batches.flatMap((batch) => batch.writes.map((write) => write.path)).filter((path) => collectionOf(path) === collection),
  );
  const held = server.documents.map((doc) => confirmed({ ...doc, exists: true }) as LocalStoredDocument);
  if (written.size === 0) return { documents: held, hasMore: server.hasMore };
  const known = new Map(held.map((doc) => [doc.path, doc]));
  for (const path of written) {
    const doc = localDocument(known.get(path) ?? missing(path), batches);
    if (doc.exists) known.set(path, doc as LocalStoredDocument);
    else known.delete(path);
  }
  const answer = evaluateDocumentQuery([...known.values()], spec);
  return { documents: answer.documents, hasMore: server.hasMore || answer.hasMore };
}

/**
 * Whether a listener would see the same data: two confirmed versions by their update time (as
 * before latency compensation), otherwise by existence and fields (Firestore compares data).
 */
export function sameData(a: LocalDocument, b: LocalDocument): boolean {
  if (a.exists !== b.exists) return false;
  if (!a.pending && !b.pending) return a.updateTime === b.updateTime;
  return !a.exists || valuesEqual(a.data ?? {}, b.data ?? {});
}

/** A copy of the data with each pending server time as Firestore's `serverTimestamps` option reads it. */
export function withServerTimes(doc: LocalDocument, mode: ServerTimestampBehavior): EncodedData | null {
  if (doc.data === null || doc.serverTimes.size === 0 || mode === 'estimate') return doc.data;
  const data = structuredClone(doc.data);
  for (const [field, mark] of doc.serverTimes) {
    const segments = field.split('.');
    const parent = segments
      .slice(0, -1)
      .reduce<EncodedValue | undefined>((at, segment) => (at as EncodedData | undefined)?.[segment], data);
    if (parent && typeof parent === 'object') (parent as EncodedData)[segments.at(-1)!] = mode === 'previous' ? mark.previous : null;
  }
  return data;
}

/** How a snapshot reads a serverTimestamp() the server has not set yet (Firestore's option). */
export type ServerTimestampBehavior = 'none' | 'estimate' | 'previous';
