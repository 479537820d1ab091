import {
  decodeData,
  decodeValue,
  type DocumentData,
  type DocumentQuery,
  type DocumentResponse,
  type DocumentValue,
  type EncodedData,
  type EncodedValue,
  isPlainObject,
  type QueryResponse,
  type StoredDocument,
} from '../../../shared/documents';
import { type DocumentChangeType, documentChanges } from './changes';
import {
  confirmed,
  type LocalDocument,
  type LocalQueryAnswer,
  sameData,
  type ServerTimestampBehavior,
  withServerTimes,
} from './pending-writes';
import { type DocumentReference, doc } from './references';

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
      answer.documents.map((stored: StoredDocument | LocalDocument) =>
        'pending' in stored ? stored : confirmed({ ...stored, exists: true }),
      );
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
