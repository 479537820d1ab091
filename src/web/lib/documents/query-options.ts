// TanStack Query: keys the live hook invalidates on document and collection changes.
import { queryOptions } from '@tanstack/react-query';
import { getDoc, getDocs } from './reads';
import type { DocumentReference, Query } from './references';

/** A document's and a collection's keys: its topic's live event refreshes every query under them. */
export const documentKeys = {
  document: (path: string) => ['documents', 'document', path] as const,
  collection: (path: string) => ['documents', 'collection', path] as const,
};

export const documentQuery = <T>(ref: DocumentReference<T>) =>
  queryOptions({ queryKey: documentKeys.document(ref.path), queryFn: ({ signal }) => getDoc(ref, signal) });

export const collectionQuery = <T>(source: Query<T>) =>
  queryOptions({
    queryKey: [...documentKeys.collection(source.collection.path), source.spec],
    queryFn: ({ signal }) => getDocs(source, signal),
  });
