import { type DocumentResponse, type QueryResponse, validateQuery } from '../../../shared/documents';
import { query } from './constraints';
import { documentUrl, sendRead } from './http';
import type { CollectionReference, DocumentReference, Query } from './references';
import { DocumentSnapshot, QuerySnapshot } from './snapshots';

export async function getDoc<T>(ref: DocumentReference<T>, signal?: AbortSignal): Promise<DocumentSnapshot<T>> {
  return new DocumentSnapshot<T>(await sendRead<DocumentResponse>('GET', documentUrl(ref.path), { signal }));
}

export async function getDocs<T>(source: Query<T> | CollectionReference<T>, signal?: AbortSignal): Promise<QuerySnapshot<T>> {
  const { collection: target, spec } = source.kind === 'query' ? source : query(source);
  const body = { collection: target.path, query: validateQuery(spec) };
  return new QuerySnapshot<T>(await sendRead<QueryResponse>('POST', '/api/documents:query', { body, signal }), body.query);
}
