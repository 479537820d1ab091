import { invalidDocumentArgument } from './errors';
import { isUnstorableText } from './validate';

/** Longest document id, in characters (Firestore allows 1,500 bytes). */
export const MAX_DOCUMENT_ID_LENGTH = 1500;
const RESERVED_ID = /^__.*__$/;

export interface DocumentPathParts {
  path: string;
  collection: string;
  id: string;
}

function segmentsOf(path: string): string[] {
  if (typeof path !== 'string' || path === '') throw invalidDocumentArgument('A path must be a non-empty string');
  const segments = path.split('/');
  segments.forEach((segment) => validateId(segment, path));
  return segments;
}

function validateId(id: string, path: string): void {
  if (id === '') throw invalidDocumentArgument(`Path "${path}" has an empty segment`);
  if (id === '.' || id === '..') throw invalidDocumentArgument(`Path "${path}" must not contain "." or ".." as an id`);
  if (isUnstorableText(id)) throw invalidDocumentArgument(`Path "${path}" contains NUL characters or unpaired surrogates`);
  if (RESERVED_ID.test(id)) throw invalidDocumentArgument(`Id "${id}" in path "${path}" must not begin and end with "__"`);
  if (id.length > MAX_DOCUMENT_ID_LENGTH) {
    throw invalidDocumentArgument(`An id in path "${path}" is longer than ${MAX_DOCUMENT_ID_LENGTH} characters`);
  }
}

/** A document path has an even number of segments: collection/id(/collection/id...). */
export function parseDocumentPath(path: string): DocumentPathParts {
  const segments = segmentsOf(path);
  if (segments.length % 2 !== 0) {
    throw invalidDocumentArgument(`"${path}" is a collection path; a document path has an even number of segments`);
  }
  return { path, collection: segments.slice(0, -1).join('/'), id: segments.at(-1)! };
}

/** A collection path has an odd number of segments: collection(/id/collection...). */
export function parseCollectionPath(path: string): string {
  const segments = segmentsOf(path);
  if (segments.length % 2 !== 1) {
    throw invalidDocumentArgument(`"${path}" is a document path; a collection path has an odd number of segments`);
  }
  return path;
}

export function isDocumentPath(path: string): boolean {
  return path.split('/').length % 2 === 0;
}

export const childPath = (collection: string, id: string) => `${collection}/${id}`;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 20-character id, as the server makes for `add`. */
export function newDocumentId(): string {
  let id = '';
  while (id.length < 20) {
    // 62 * 4 = 248: skipping bytes from 248 up keeps every character equally likely.
    for (const byte of crypto.getRandomValues(new Uint8Array(24))) {
      if (byte < 248 && id.length < 20) id += ID_ALPHABET[byte % 62];
    }
  }
  return id;
}

/** Percent-encodes each segment, for `/api/documents/<path>` URLs. */
export const encodePathForUrl = (path: string) => path.split('/').map(encodeURIComponent).join('/');
