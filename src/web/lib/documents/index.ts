// The document store's client: Firestore-like functions over /api/documents, returning typed
// snapshots. Every write and query is checked by the shared rules before it is sent, so the
// browser refuses exactly what the server would (a DocumentError with the same code/message).
// runTransaction is in ./transactions, which builds on this client.
export {
  arrayRemove,
  arrayUnion,
  Bytes,
  deleteField,
  DocumentError,
  FieldValue,
  GeoPoint,
  increment,
  serverTimestamp,
  Timestamp,
} from '../../../shared/documents';
export type { DocumentData, DocumentValue } from '../../../shared/documents';
export { collection, doc } from './references';
export type { CollectionReference, DocumentReference, Query } from './references';
export { DocumentSnapshot, QuerySnapshot } from './snapshots';
export type { DocumentChange, ServerTimestampBehavior, SnapshotMetadata, SnapshotOptions } from './snapshots';
export {
  and,
  documentId,
  endAt,
  endBefore,
  FieldPath,
  limit,
  limitToLast,
  or,
  orderBy,
  query,
  startAfter,
  startAt,
  where,
} from './constraints';
export type { QueryConstraint, QueryFilterConstraint } from './constraints';
export { getDoc, getDocs } from './reads';
export { writeOf } from './write-data';
export type { SetOptions, WithFieldValue } from './write-data';
export { addDoc, BATCH_COMMITTED_MESSAGE, commitWrites, deleteDoc, setDoc, updateDoc, writeBatch } from './writes';
export type { WriteBatch } from './writes';
export { onSnapshot } from './on-snapshot';
export type { SnapshotListenOptions, Unsubscribe } from './on-snapshot';
export { collectionQuery, documentQuery } from './query-options';
