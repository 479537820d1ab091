// TanStack Query: keys the live hook invalidates on document and collection changes.
import { queryOptions } from '@tanstack/react-query';
import { documentKeys } from './keys';
import { getDoc, getDocs } from './reads';
import type { DocumentReference, Query } from './references';

export const documentQuery = <T>(ref: DocumentReference<T>) =>
  queryOptions({ queryKey: documentKeys.document(ref.path), queryFn: ({ signal }) => getDoc(ref, signal) });

export const collectionQuery = <T>(source: Query<T>) =>
  queryOptions({
    queryKey: [...documentKeys.collection(source.collection.path), source.spec],
    queryFn: ({ signal }) => getDocs(source, signal),
  });
