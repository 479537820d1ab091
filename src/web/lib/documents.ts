// The document store's client: Firestore-like functions over /api/documents, returning typed
// snapshots. Every write and query is checked by the shared rules before it is sent, so the
// browser refuses exactly what the server would (a DocumentError with the same code/message).
import { queryOptions } from '@tanstack/react-query';
import {
  type CursorName,
  cursorNames,
  decodeData,
  DOCUMENT_ID_FIELD,
  effectiveOrderBy,
  type QueryFilter,
  decodeValue,
  type DocumentData,
  type DocumentQuery,
  type DocumentResponse,
  type DocumentValue,
  type ChangingWrite,
  DocumentError,
  type DocumentWrite,
  type FieldTransform,
  FieldValue,
  type EncodedData,
  type EncodedValue,
  encodePathForUrl,
  encodeValue,
  isPlainObject,
  invalidDocumentArgument,
  newDocumentId,
  type OrderDirection,
  parseCollectionPath,
  parseDocumentPath,
  type QueryOperator,
  type QueryResponse,
  setOwn,
  type StoredDocument,
  Timestamp,
  type GeoPoint,
  type Bytes,
  transformOf,
  validateBatch,
  validateQuery,
  validateUpdateData,
  validateWrite,
} from '../../shared/documents';
import type { ErrorCode } from '../../shared/errors';
import { collectionTopic, documentTopic } from '../../shared/live';
import { followTopic } from './live';
import { ApiError, NetworkError } from './api';
import { type DocumentChangeType, documentChanges } from './document-changes';
import {
  collectionOf,
  confirmed,
  type LocalDocument,
  type LocalQueryAnswer,
  localDocument,
  localQuery,
  type PendingBatch,
  sameData,
  type ServerTimestampBehavior,
  withServerTimes,
} from './pending-writes';

export {
  arrayRemove, arrayUnion, Bytes, deleteField, DocumentError, FieldValue, GeoPoint, increment, serverTimestamp, Timestamp,
} from '../../shared/documents';
export type { DocumentData, DocumentValue } from '../../shared/documents';

export interface DocumentReference<T = DocumentData> {
  readonly kind: 'document';
  readonly path: string;
  readonly id: string;
  readonly parent: CollectionReference<T>;
}

export interface CollectionReference<T = DocumentData> {
  readonly kind: 'collection';
  /** Never set: carries the document type through references and queries. */
  readonly documentType?: T;
  readonly path: string;
  readonly id: string;
}

export interface Query<T = DocumentData> {
  readonly kind: 'query';
  readonly collection: CollectionReference<T>;
  readonly spec: DocumentQuery;
}

const joinPath = (path: string, more: string[]) => [path, ...more].join('/');

export function doc<T = DocumentData>(path: string, ...more: string[]): DocumentReference<T> {
  const parts = parseDocumentPath(joinPath(path, more));
  return { kind: 'document', path: parts.path, id: parts.id, parent: collection<T>(parts.collection) };
}

export function collection<T = DocumentData>(path: string, ...more: string[]): CollectionReference<T> {
  const full = parseCollectionPath(joinPath(path, more));
  return { kind: 'collection', path: full, id: full.split('/').at(-1)! };
}

export class DocumentSnapshot<T = DocumentData> {
  readonly id: string;
  readonly path: string;
  readonly ref: DocumentReference<T>;
  /** When the document was created and last written (ISO), or null when it does not exist. */
  readonly createTime: string | null;
  readonly updateTime: string | null;
  /** `hasPendingWrites`: the snapshot shows a write of this tab the server has not confirmed. */
  readonly metadata: SnapshotMetadata;
  private readonly response: LocalDocument;

  constructor(response: DocumentResponse | LocalDocument) {
    this.response = 'pending' in response ? response : confirmed(response);
    this.metadata = this.response.pending ? pendingMetadata : serverMetadata;
    this.ref = doc<T>(response.path);
    this.id = response.id;
    this.path = response.path;
    this.createTime = response.createTime;
    this.updateTime = response.updateTime;
  }

  exists(): boolean {
    return this.response.exists;
  }

  /**
   * The fields with timestamps, geo points and bytes as objects; undefined when missing. A
   * serverTimestamp() the server has not set yet reads as null (`serverTimestamps: 'none'`), or
   * as the local estimate ('estimate') or the field's value before the write ('previous').
   */
  data(options: SnapshotOptions = {}): T | undefined {
    const data = withServerTimes(this.response, options.serverTimestamps ?? 'none');
    return data ? (decodeData(data) as T) : undefined;
  }

  /** One field by a dotted path (pending server times as in data()). */
  get(field: string, options: SnapshotOptions = {}): DocumentValue | undefined {
    let value: EncodedValue | undefined = withServerTimes(this.response, options.serverTimestamps ?? 'none') ?? undefined;
    for (const segment of field.split('.')) value = isPlainObject(value) ? (value as EncodedData)[segment] : undefined;
    return value === undefined ? undefined : decodeValue(value);
  }
}

/**
 * Where a snapshot's data came from: `hasPendingWrites` when it shows this tab's writes before
 * the server confirmed them; `fromCache` is always false (there is no offline cache).
 */
export interface SnapshotMetadata {
  readonly hasPendingWrites: boolean;
  readonly fromCache: boolean;
}
const serverMetadata: SnapshotMetadata = Object.freeze({ hasPendingWrites: false, fromCache: false });
const pendingMetadata: SnapshotMetadata = Object.freeze({ hasPendingWrites: true, fromCache: false });

export interface SnapshotOptions {
  readonly serverTimestamps?: ServerTimestampBehavior;
}
export type { ServerTimestampBehavior } from './pending-writes';

export interface DocumentChange<T = DocumentData> {
  readonly type: DocumentChangeType;
  readonly doc: DocumentSnapshot<T>;
  readonly oldIndex: number;
  readonly newIndex: number;
}

export class QuerySnapshot<T = DocumentData> {
  readonly docs: DocumentSnapshot<T>[];
  /** More documents match beyond this page: continue with startAfter(the last snapshot). */
  readonly hasMore: boolean;
  /** `hasPendingWrites`: a document in it shows a write of this tab the server has not confirmed. */
  readonly metadata: SnapshotMetadata;
  private readonly changes: DocumentChange<T>[];
  private readonly metadataChanges: DocumentChange<T>[];

  /** `previous` is the listener's last answer: changes are counted from it (all added without it). */
  constructor(
    response: QueryResponse | LocalQueryAnswer,
    spec: Pick<DocumentQuery, 'where' | 'orderBy'> = { where: [], orderBy: [] },
    previous: QueryResponse | LocalQueryAnswer | null = null,
  ) {
    const local = (answer: QueryResponse | LocalQueryAnswer) =>
      answer.documents.map((stored: StoredDocument | LocalDocument) => ('pending' in stored ? stored : confirmed({ ...stored, exists: true })));
    const documents = local(response);
    const before = previous && local(previous);
    const snapshots = new Map(documents.map((entry) => [entry.path, new DocumentSnapshot<T>(entry)]));
    this.docs = documents.map((entry) => snapshots.get(entry.path)!);
    this.hasMore = response.hasMore;
    this.metadata = documents.some((entry) => entry.pending) ? pendingMetadata : serverMetadata;
    const changesWhere = (same: (a: LocalDocument, b: LocalDocument) => boolean) =>
      documentChanges(spec, before, documents, same).map((change) => ({
        ...change,
        doc: snapshots.get(change.doc.path) ?? new DocumentSnapshot<T>(change.doc),
      }));
    this.changes = changesWhere(sameData);
    this.metadataChanges = changesWhere((a, b) => sameData(a, b) && a.pending === b.pending);
  }

  get size(): number {
    return this.docs.length;
  }

  get empty(): boolean {
    return this.docs.length === 0;
  }

  /**
   * What changed since the listener's previous snapshot: added, modified and removed documents.
   * With `includeMetadataChanges`, a document whose pending state alone changed counts as modified.
   */
  docChanges(options: { includeMetadataChanges?: boolean } = {}): DocumentChange<T>[] {
    return [...(options.includeMetadataChanges ? this.metadataChanges : this.changes)];
  }

  forEach(callback: (doc: DocumentSnapshot<T>) => void): void {
    this.docs.forEach((doc) => callback(doc));
  }
}

// ---- query constraints ----

export type QueryConstraint = (spec: DocumentQuery) => DocumentQuery;

/** A field path by its segments (`new FieldPath('address', 'city')`), or documentId(). */
export class FieldPath {
  readonly path: string;
  constructor(...segments: string[]) {
    if (segments.length === 0 || segments.some((segment) => typeof segment !== 'string' || segment === '')) {
      throw invalidDocumentArgument('Field names must not be empty');
    }
    this.path = segments.join('.');
  }
  isEqual = (other: FieldPath) => other.path === this.path;
}

const DOCUMENT_ID = new FieldPath(DOCUMENT_ID_FIELD);
/** The document's id, for where() and orderBy() (`where(documentId(), 'in', ['a', 'b'])`). */
export const documentId = () => DOCUMENT_ID;

const fieldName = (field: string | FieldPath) => (field instanceof FieldPath ? field.path : field);

/** A filter that can stand alone in query() or inside or() / and(). */
export type QueryFilterConstraint = QueryConstraint & { readonly filter: QueryFilter };

function filterConstraint(filter: QueryFilter): QueryFilterConstraint {
  const apply: QueryConstraint = (spec) => ({ ...spec, where: [...spec.where, filter] });
  return Object.assign(apply, { filter });
}

const asId = (value: unknown) => (isPlainObject(value) && value.kind === 'document' && typeof value.id === 'string' ? value.id : value);

export function where(field: string | FieldPath, op: QueryOperator, value: unknown): QueryFilterConstraint {
  const name = fieldName(field);
  const operand = name === DOCUMENT_ID_FIELD ? (Array.isArray(value) ? value.map(asId) : asId(value)) : value;
  return filterConstraint({ field: name, op, value: encodeValue(operand, name) });
}

/** Matches documents that match any of the filters. */
export const or = (...filters: QueryFilterConstraint[]): QueryFilterConstraint =>
  filterConstraint({ op: 'or', filters: filters.map((constraint) => constraint.filter) });

/** Matches documents that match all of the filters. */
export const and = (...filters: QueryFilterConstraint[]): QueryFilterConstraint =>
  filterConstraint({ op: 'and', filters: filters.map((constraint) => constraint.filter) });

export const orderBy =
  (field: string | FieldPath, direction: OrderDirection = 'asc'): QueryConstraint =>
  (spec) => ({ ...spec, orderBy: [...spec.orderBy, { field: fieldName(field), direction }] });

export const limit =
  (n: number): QueryConstraint =>
  (spec) => ({ ...spec, limit: n });

export const limitToLast =
  (n: number): QueryConstraint =>
  (spec) => ({ ...spec, limitToLast: n });

/**
 * A cursor from a snapshot (its values for the query's whole order, the id last) or from values
 * for the order's fields in turn. Set after the filters and orderBy it depends on.
 */
function cursor(name: CursorName, values: [DocumentSnapshot<unknown>] | unknown[]): QueryConstraint {
  const [counterpart] = cursorNames.filter((other) => other !== name && other.slice(0, 3) === name.slice(0, 3));
  return (spec) => {
    const [first] = values;
    const encoded =
      first instanceof DocumentSnapshot
        ? effectiveOrderBy(spec).map((order) => (order.field === DOCUMENT_ID_FIELD ? first.id : encodeValue(first.get(order.field) ?? null)))
        : values.map((value) => encodeValue(value));
    const rest = { ...spec };
    delete rest[counterpart!];
    return { ...rest, [name]: encoded };
  };
}

/** Starts at a snapshot or at these orderBy values (inclusive). */
export const startAt = (...values: [DocumentSnapshot<unknown>] | unknown[]) => cursor('startAt', values);
/** Starts after a snapshot or after these orderBy values. */
export const startAfter = (...values: [DocumentSnapshot<unknown>] | unknown[]) => cursor('startAfter', values);
/** Ends at a snapshot or at these orderBy values (inclusive). */
export const endAt = (...values: [DocumentSnapshot<unknown>] | unknown[]) => cursor('endAt', values);
/** Ends before a snapshot or before these orderBy values. */
export const endBefore = (...values: [DocumentSnapshot<unknown>] | unknown[]) => cursor('endBefore', values);

export function query<T>(source: CollectionReference<T> | Query<T>, ...constraints: QueryConstraint[]): Query<T> {
  const base = source.kind === 'query' ? source : { kind: 'query' as const, collection: source, spec: { where: [], orderBy: [] } };
  return { ...base, spec: constraints.reduce((spec, constraint) => constraint(spec), base.spec) };
}

// ---- HTTP ----

async function request<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      signal,
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (response.ok) return answer as T;
  const error = isPlainObject(answer) && isPlainObject(answer.error) ? answer.error : {};
  const code = isErrorCode(error.code) ? error.code : 'internal';
  const message = typeof error.message === 'string' ? error.message : `The document store answered HTTP ${response.status}.`;
  throw new ApiError(code, response.status, message, response.headers.get('x-request-id') ?? undefined);
}

// Not `isErrorCode` from shared/errors: that module brings Zod into the bundle.
const knownCodes = new Set<string>([
  'invalid-argument', 'unauthenticated', 'permission-denied', 'not-found', 'already-exists',
  'failed-precondition', 'resource-exhausted', 'internal', 'unimplemented', 'unavailable',
] satisfies ErrorCode[]);
const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && knownCodes.has(code);

const documentUrl = (path: string) => `/api/documents/${encodePathForUrl(path)}`;

/** Data for a write: the document's fields, any of them (at any depth) a FieldValue instead. */
export type WithFieldValue<T> = T extends Timestamp | GeoPoint | Bytes | Date | null | boolean | number | string
  ? T | FieldValue
  : T extends (infer U)[]
    ? WithFieldValue<U>[] | FieldValue
    : T extends object
      ? { [K in keyof T]: WithFieldValue<T[K]> } | FieldValue
      : T | FieldValue;
type WriteData<T> = WithFieldValue<T> | Partial<WithFieldValue<T>>;

export interface SetOptions {
  /** Keep the fields not named in the data (maps merge field by field). */
  merge?: boolean;
  /** Change only these field paths, each to its value in the data. */
  mergeFields?: string[];
}

/** A document's data and the FieldValues found in it (as transforms for the server). */
function encodeData(data: unknown): { data: EncodedData; transforms: FieldTransform[] } {
  if (!isPlainObject(data)) throw invalidDocumentArgument('Data must be an object');
  const transforms: FieldTransform[] = [];
  const sink = (segments: string[], value: FieldValue, label: string) => transforms.push(transformOf(segments, value, label));
  const encoded = encodeValue(data, '', 0, { segments: [], inArray: false, sink }) as EncodedData;
  return { data: encoded, transforms };
}

function encodeFields(fields: Record<string, unknown>): { data: EncodedData; transforms: FieldTransform[] } {
  const data: EncodedData = {};
  const transforms: FieldTransform[] = [];
  const sink = (segments: string[], value: FieldValue, label: string) => transforms.push(transformOf(segments, value, label));
  for (const [path, value] of Object.entries(fields)) {
    if (value instanceof FieldValue) {
      transforms.push(transformOf(path.split('.'), value, path));
      continue;
    }
    const segments = path.split('.');
    setOwn(data, path, encodeValue(value, path, segments.length, { segments, inArray: false, sink }));
  }
  return { data, transforms };
}

const withTransforms = (transforms: FieldTransform[]) => (transforms.length > 0 ? { transforms } : {});

export async function getDoc<T>(ref: DocumentReference<T>, signal?: AbortSignal): Promise<DocumentSnapshot<T>> {
  return new DocumentSnapshot<T>(await request<DocumentResponse>('GET', documentUrl(ref.path), undefined, signal));
}

export async function getDocs<T>(source: Query<T> | CollectionReference<T>, signal?: AbortSignal): Promise<QuerySnapshot<T>> {
  const { collection: target, spec } = source.kind === 'query' ? source : query(source);
  const body = { collection: target.path, query: validateQuery(spec) };
  return new QuerySnapshot<T>(await request<QueryResponse>('POST', '/api/documents:query', body, signal), body.query);
}

/** The body a write's own request carries (set, update, add): the write without op, path and precondition. */
function bodyOf(write: DocumentWrite): Record<string, unknown> {
  const body: Record<string, unknown> = { ...write };
  for (const key of ['op', 'path', 'precondition']) delete body[key];
  return body;
}

export async function setDoc<T>(ref: DocumentReference<T>, data: WriteData<T>, options: SetOptions = {}) {
  const write = validateWrite(writeOf.set(ref, data, options)) as ChangingWrite;
  await withLocalWrites([write], () => request('PUT', documentUrl(ref.path), bodyOf(write)));
}

/** Sets fields by dotted paths (`{ 'address.city': 'Oslo' }`); the document must exist. */
export async function updateDoc<T>(ref: DocumentReference<T>, fields: Record<string, unknown>) {
  if (!isPlainObject(fields)) validateUpdateData(fields);
  const write = validateWrite(writeOf.update(ref, fields)) as ChangingWrite;
  await withLocalWrites([write], () => request('PATCH', documentUrl(ref.path), bodyOf(write)));
}

export async function deleteDoc<T>(ref: DocumentReference<T>) {
  await withLocalWrites([writeOf.delete(ref)], () => request('DELETE', documentUrl(ref.path)));
}

/**
 * Adds a document under a new random id and answers with its reference. As in Firestore's
 * client, the id is made here, so listeners show the document before the server answers; it is
 * created only if no document has that id (`?currentDocument.exists=false`).
 */
export async function addDoc<T>(target: CollectionReference<T>, data: WithFieldValue<T>): Promise<DocumentReference<T>> {
  const ref = doc<T>(target.path, newDocumentId());
  const write = validateWrite(writeOf.set(ref, data)) as ChangingWrite;
  const body = bodyOf(write);
  delete body.merge;
  await withLocalWrites([write], () => request('PUT', `${documentUrl(ref.path)}?currentDocument.exists=false`, body));
  return ref;
}

/** The write each method of a batch or transaction stands for. */
export const writeOf = {
  set: <T>(ref: DocumentReference<T>, data: WriteData<T>, options: SetOptions = {}): ChangingWrite => {
    const { data: encoded, transforms } = encodeData(data);
    const mergeFields = options.mergeFields ? { mergeFields: options.mergeFields } : {};
    return { op: 'set', path: ref.path, data: encoded, merge: options.merge === true, ...mergeFields, ...withTransforms(transforms) };
  },
  update: <T>(ref: DocumentReference<T>, fields: Record<string, unknown>): ChangingWrite => {
    const { data, transforms } = isPlainObject(fields) ? encodeFields(fields) : { data: fields as EncodedData, transforms: [] };
    return { op: 'update', path: ref.path, data, ...withTransforms(transforms) };
  },
  delete: <T>(ref: DocumentReference<T>): ChangingWrite => ({ op: 'delete', path: ref.path }),
};

/** Applies every write or none (checked here first, as the server checks them). */
export async function commitWrites(writes: DocumentWrite[]): Promise<void> {
  await request('POST', '/api/documents:batch', { writes: validateBatch(writes) });
}

export interface WriteBatch {
  set<T>(ref: DocumentReference<T>, data: WriteData<T>, options?: SetOptions): WriteBatch;
  update<T>(ref: DocumentReference<T>, fields: Record<string, unknown>): WriteBatch;
  delete<T>(ref: DocumentReference<T>): WriteBatch;
  /** Applies every write or none; a batch without writes sends nothing. */
  commit(): Promise<void>;
}

export const BATCH_COMMITTED_MESSAGE = 'A write batch can no longer be used after commit() has been called.';

export function writeBatch(): WriteBatch {
  const writes: ChangingWrite[] = [];
  let committed = false;
  const add = (write: () => ChangingWrite) => {
    if (committed) throw new DocumentError('failed-precondition', BATCH_COMMITTED_MESSAGE);
    writes.push(write());
    return batch;
  };
  const batch: WriteBatch = {
    set: (ref, data, options) => add(() => writeOf.set(ref, data, options)),
    update: (ref, fields) => add(() => writeOf.update(ref, fields)),
    delete: (ref) => add(() => writeOf.delete(ref)),
    commit: async () => {
      if (committed) throw new DocumentError('failed-precondition', BATCH_COMMITTED_MESSAGE);
      committed = true;
      if (writes.length === 0) return;
      const valid = validateBatch(writes) as ChangingWrite[];
      await withLocalWrites(valid, () => commitWrites(valid));
    },
  };
  return batch;
}

// ---- live ----

export type Unsubscribe = () => void;
const REFETCH_BATCH_MS = 20;

/** A listener as the writes of this tab reach it. */
interface LocalListener {
  /** Whether a write to this document path can change what the listener shows. */
  watches(path: string): boolean;
  /** Shows the server's last answer with the pending writes applied (heard when it changed). */
  show(): void;
  /** The server confirmed the batch: keep showing it until an answer read after now arrives. */
  confirm(batch: PendingBatch): void;
}

const localListeners = new Set<LocalListener>();
/** Writes sent and not answered yet, in the order they were made. */
let pendingBatches: PendingBatch[] = [];
let lastBatchId = 0;

/**
 * Latency compensation: the writes show at once in every listener they touch (with
 * `hasPendingWrites`); when the server confirms them, each such listener reads again and shows the
 * server's state; when the server refuses them, the listeners go back to the server's state.
 */
async function withLocalWrites<R>(writes: ChangingWrite[], send: () => Promise<R>): Promise<R> {
  const batch: PendingBatch = { id: ++lastBatchId, writes, at: Timestamp.now().toISOString() };
  const touched = () => [...localListeners].filter((listener) => writes.some((write) => listener.watches(write.path)));
  pendingBatches = [...pendingBatches, batch];
  for (const listener of touched()) listener.show();
  try {
    const result = await send();
    pendingBatches = pendingBatches.filter((other) => other !== batch);
    for (const listener of touched()) listener.confirm(batch);
    return result;
  } catch (error) {
    pendingBatches = pendingBatches.filter((other) => other !== batch);
    for (const listener of touched()) listener.show();
    throw error;
  }
}

type View = LocalDocument | LocalQueryAnswer;

/** What changed between two views: their data (heard always) or only pending states (heard on request). */
function difference(before: View | null, after: View): 'none' | 'metadata' | 'data' {
  if (before === null) return 'data';
  if (!('documents' in after)) {
    const doc = before as LocalDocument;
    if (!sameData(doc, after)) return 'data';
    return doc.pending === after.pending ? 'none' : 'metadata';
  }
  const { documents, hasMore } = before as LocalQueryAnswer;
  if (hasMore !== after.hasMore || documents.length !== after.documents.length) return 'data';
  if (documents.some((doc, i) => doc.path !== after.documents[i]!.path || !sameData(doc, after.documents[i]!))) return 'data';
  return documents.some((doc, i) => doc.pending !== after.documents[i]!.pending) ? 'metadata' : 'none';
}

export interface SnapshotListenOptions {
  /** Also hear snapshots in which only `metadata` changed (a pending write confirmed as shown). */
  readonly includeMetadataChanges?: boolean;
}

type SnapshotListener<T> = (snapshot: DocumentSnapshot<T> & QuerySnapshot<T>) => void;

/**
 * Calls `onNext` with the current result once, then again whenever the result changes. Each
 * change event re-reads the document or re-runs the query (through the same rules as any read);
 * an answer equal to the last one is not passed on, so the listener hears the first snapshot
 * once and nothing for changes outside its query. A query snapshot's `docChanges()` says what
 * changed since the last one. A burst of changes costs one read. The first read comes before
 * listening, so a refused read reaches `onError` with its own code; changes then arrive on the
 * tab's one shared live connection (browsers allow few per site).
 */
export function onSnapshot<T>(
  target: DocumentReference<T> | Query<T> | CollectionReference<T>,
  onNext: SnapshotListener<T>,
  onError?: (error: Error) => void,
): Unsubscribe;
export function onSnapshot<T>(
  target: DocumentReference<T> | Query<T> | CollectionReference<T>,
  options: SnapshotListenOptions,
  onNext: SnapshotListener<T>,
  onError?: (error: Error) => void,
): Unsubscribe;
export function onSnapshot<T>(
  target: DocumentReference<T> | Query<T> | CollectionReference<T>,
  ...rest: [SnapshotListener<T>, ((error: Error) => void)?] | [SnapshotListenOptions, SnapshotListener<T>, ((error: Error) => void)?]
): Unsubscribe {
  const [options, onNext, onError = () => {}] =
    typeof rest[0] === 'function'
      ? [{}, rest[0], rest[1] as ((error: Error) => void) | undefined]
      : [rest[0], rest[1] as SnapshotListener<T>, rest[2]];
  const isDocument = target.kind === 'document';
  const topic = isDocument ? documentTopic(target.path) : collectionTopic(target.kind === 'query' ? target.collection.path : target.path);
  const spec = isDocument ? null : validateQuery(target.kind === 'query' ? target.spec : { where: [], orderBy: [] });
  const path = target.kind === 'query' ? target.collection.path : target.path;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  let unfollow: (() => void) | undefined;
  /** The server's last answer, and what the listener last heard (with pending writes applied). */
  let server: DocumentResponse | QueryResponse | null = null;
  let shown: View | null = null;
  /** Batches the server confirmed, shown until an answer read after the confirmation arrives. */
  const confirming = new Map<number, PendingBatch>();
  const show = () => {
    if (closed || server === null) return;
    const batches = [...confirming.values(), ...pendingBatches].sort((a, b) => a.id - b.id);
    const view: View =
      spec === null
        ? localDocument(server as DocumentResponse, batches)
        : localQuery(path, spec, server as QueryResponse, batches);
    const change = difference(shown, view);
    if (change === 'none' || (change === 'metadata' && options.includeMetadataChanges !== true)) return;
    const previous = shown;
    shown = view;
    const snapshot =
      spec === null
        ? new DocumentSnapshot<T>(view as LocalDocument)
        : new QuerySnapshot<T>(view as LocalQueryAnswer, spec, previous as LocalQueryAnswer | null);
    onNext(snapshot as DocumentSnapshot<T> & QuerySnapshot<T>);
  };
  const fetchAnswer = (): Promise<DocumentResponse | QueryResponse> =>
    spec === null
      ? request<DocumentResponse>('GET', documentUrl(path))
      : request<QueryResponse>('POST', '/api/documents:query', { collection: path, query: spec });
  const read = async () => {
    const mine = ++generation;
    const confirmedBefore = [...confirming.keys()];
    const answer = await fetchAnswer();
    if (closed || mine !== generation) return;
    server = answer;
    for (const id of confirmedBefore) confirming.delete(id);
    show();
  };
  const readSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => read().catch((error: Error) => !closed && onError(error)), REFETCH_BATCH_MS);
  };
  const local: LocalListener = {
    watches: (written) => (spec === null ? written === path : collectionOf(written) === path),
    show,
    confirm: (batch) => {
      confirming.set(batch.id, batch);
      readSoon();
    },
  };
  localListeners.add(local);
  read().then(
    () => {
      // Reading again once the stream carries the topic closes the gap between the two.
      // Access lost: the read answers why (permission-denied) through onError.
      if (!closed) unfollow = followTopic(topic, { onReady: readSoon, onChange: readSoon, onRevoked: readSoon });
    },
    (error: Error) => !closed && onError(error),
  );
  return () => {
    closed = true;
    localListeners.delete(local);
    clearTimeout(timer);
    unfollow?.();
  };
}

// ---- TanStack Query: keys the live hook invalidates on document and collection changes ----

export const documentQuery = <T>(ref: DocumentReference<T>) =>
  queryOptions({ queryKey: ['documents', 'document', ref.path], queryFn: ({ signal }) => getDoc(ref, signal) });

export const collectionQuery = <T>(source: Query<T>) =>
  queryOptions({
    queryKey: ['documents', 'collection', source.collection.path, source.spec],
    queryFn: ({ signal }) => getDocs(source, signal),
  });
