import { type DocumentData, type DocumentQuery, parseCollectionPath, parseDocumentPath } from '../../../shared/documents';

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
