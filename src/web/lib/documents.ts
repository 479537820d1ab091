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
  type OrderDirection,
  parseCollectionPath,
  parseDocumentPath,
  type QueryOperator,
  type QueryResponse,
  setOwn,
  type StoredDocument,
  type Timestamp,
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
  readonly metadata: SnapshotMetadata = serverMetadata;

  constructor(private readonly response: DocumentResponse) {
    this.ref = doc<T>(response.path);
    this.id = response.id;
    this.path = response.path;
    this.createTime = response.createTime;
    this.updateTime = response.updateTime;
  }

  exists(): boolean {
    return this.response.exists;
  }

  /** The fields with timestamps, geo points and bytes as objects; undefined when missing. */
  data(): T | undefined {
    return this.response.data ? (decodeData(this.response.data) as T) : undefined;
  }

  /** One field by a dotted path. */
  get(field: string): DocumentValue | undefined {
    let value: EncodedValue | undefined = this.response.data ?? undefined;
    for (const segment of field.split('.')) value = isPlainObject(value) ? (value as EncodedData)[segment] : undefined;
    return value === undefined ? undefined : decodeValue(value);
  }
}

/** Where a snapshot's data came from; this store has no local cache or pending local writes. */
export interface SnapshotMetadata {
  readonly hasPendingWrites: boolean;
  readonly fromCache: boolean;
}
const serverMetadata: SnapshotMetadata = Object.freeze({ hasPendingWrites: false, fromCache: false });

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
  readonly metadata: SnapshotMetadata = serverMetadata;
  private readonly changes: DocumentChange<T>[];

  /** `previous` is the listener's last answer: changes are counted from it (all added without it). */
  constructor(
    response: QueryResponse,
    spec: Pick<DocumentQuery, 'where' | 'orderBy'> = { where: [], orderBy: [] },
    previous: QueryResponse | null = null,
  ) {
    this.docs = response.documents.map((stored: StoredDocument) => new DocumentSnapshot<T>({ ...stored, exists: true }));
    this.hasMore = response.hasMore;
    this.changes = documentChanges(spec, previous?.documents ?? null, response.documents).map((change) => ({
      ...change,
      doc: new DocumentSnapshot<T>({ ...change.doc, exists: true }),
    }));
  }

  get size(): number {
    return this.docs.length;
  }

  get empty(): boolean {
    return this.docs.length === 0;
  }

  /** What changed since the listener's previous snapshot: added, modified and removed documents. */
  docChanges(): DocumentChange<T>[] {
    return [...this.changes];
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
  const write = validateWrite(writeOf.set(ref, data, options));
  await request('PUT', documentUrl(ref.path), bodyOf(write));
}

/** Sets fields by dotted paths (`{ 'address.city': 'Oslo' }`); the document must exist. */
export async function updateDoc<T>(ref: DocumentReference<T>, fields: Record<string, unknown>) {
  if (!isPlainObject(fields)) validateUpdateData(fields);
  const write = validateWrite(writeOf.update(ref, fields));
  await request('PATCH', documentUrl(ref.path), bodyOf(write));
}

export async function deleteDoc<T>(ref: DocumentReference<T>) {
  await request('DELETE', documentUrl(ref.path));
}

/** Adds a document with a server-made id and answers with its reference. */
export async function addDoc<T>(target: CollectionReference<T>, data: WithFieldValue<T>): Promise<DocumentReference<T>> {
  // Checked as the set it is (under a stand-in id): a FieldValue such as deleteField() is refused alike.
  const body = bodyOf(validateWrite(writeOf.set(doc<T>(target.path, 'new'), data)));
  delete body.merge;
  const created = await request<DocumentResponse>('POST', documentUrl(target.path), body);
  return doc<T>(created.path);
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
      if (writes.length > 0) await commitWrites(writes);
    },
  };
  return batch;
}

// ---- live ----

export type Unsubscribe = () => void;
const REFETCH_BATCH_MS = 20;

/** The same answer as before: nothing for the listener to hear. */
function sameAnswer(previous: DocumentResponse | QueryResponse | null, next: DocumentResponse | QueryResponse): boolean {
  if (previous === null) return false;
  if ('documents' in next) {
    const before = previous as QueryResponse;
    return (
      before.hasMore === next.hasMore &&
      before.documents.length === next.documents.length &&
      before.documents.every((doc, i) => doc.path === next.documents[i]!.path && doc.updateTime === next.documents[i]!.updateTime)
    );
  }
  const before = previous as DocumentResponse;
  return before.exists === next.exists && before.updateTime === next.updateTime;
}

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
  onNext: (snapshot: DocumentSnapshot<T> & QuerySnapshot<T>) => void,
  onError: (error: Error) => void = () => {},
): Unsubscribe {
  const isDocument = target.kind === 'document';
  const topic = isDocument ? documentTopic(target.path) : collectionTopic(target.kind === 'query' ? target.collection.path : target.path);
  const spec = isDocument ? null : validateQuery(target.kind === 'query' ? target.spec : { where: [], orderBy: [] });
  const path = target.kind === 'query' ? target.collection.path : target.path;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  let unfollow: (() => void) | undefined;
  let last: DocumentResponse | QueryResponse | null = null;
  const fetchAnswer = (): Promise<DocumentResponse | QueryResponse> =>
    spec === null
      ? request<DocumentResponse>('GET', documentUrl(path))
      : request<QueryResponse>('POST', '/api/documents:query', { collection: path, query: spec });
  const read = async () => {
    const mine = ++generation;
    const answer = await fetchAnswer();
    if (closed || mine !== generation || sameAnswer(last, answer)) return;
    const previous = last;
    last = answer;
    const snapshot =
      spec === null
        ? new DocumentSnapshot<T>(answer as DocumentResponse)
        : new QuerySnapshot<T>(answer as QueryResponse, spec, previous as QueryResponse | null);
    onNext(snapshot as DocumentSnapshot<T> & QuerySnapshot<T>);
  };
  const readSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => read().catch((error: Error) => !closed && onError(error)), REFETCH_BATCH_MS);
  };
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
