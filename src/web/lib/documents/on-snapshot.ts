import { type DocumentResponse, type QueryResponse, validateQuery } from '../../../shared/documents';
import { collectionTopic, documentTopic } from '../../../shared/live';
import { followTopic } from '../live';
import { documentUrl, sendRead } from './http';
import { hearLocalWrites, type LocalListener, unansweredBatches } from './local-writes';
import {
  collectionOf,
  type LocalDocument,
  type LocalQueryAnswer,
  localDocument,
  localQuery,
  type PendingBatch,
  sameData,
} from './pending-writes';
import type { CollectionReference, DocumentReference, Query } from './references';
import { DocumentSnapshot, QuerySnapshot } from './snapshots';

export type Unsubscribe = () => void;
const REFETCH_BATCH_MS = 20;

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
    const batches = [...confirming.values(), ...unansweredBatches()].sort((a, b) => a.id - b.id);
    const view: View =
      spec === null ? localDocument(server as DocumentResponse, batches) : localQuery(path, spec, server as QueryResponse, batches);
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
      ? sendRead<DocumentResponse>('GET', documentUrl(path))
      : sendRead<QueryResponse>('POST', '/api/documents:query', { body: { collection: path, query: spec } });
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
  const stopHearingLocalWrites = hearLocalWrites(local);
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
    stopHearingLocalWrites();
    clearTimeout(timer);
    unfollow?.();
  };
}
