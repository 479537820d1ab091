import { encodePathForUrl, isPlainObject } from '../../../shared/documents';
import type { ErrorCode } from '../../../shared/errors';
import { ApiError, jsonInit, send, writeInit } from '../api';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
}

/** A read: a GET of a document, or a query (a POST that changes nothing). */
export const sendRead = <T>(method: 'GET' | 'POST', url: string, { body, signal }: RequestOptions = {}) =>
  request<T>(url, jsonInit(method, body), signal);

/** A write, kept alive so that leaving the page does not lose it (see `writeInit`). */
export const sendWrite = (method: 'PUT' | 'PATCH' | 'DELETE' | 'POST', url: string, body?: unknown) =>
  request(url, writeInit(method, body));

async function request<T>(url: string, init: RequestInit, signal?: AbortSignal): Promise<T> {
  const response = await send(url, signal, init);
  const answer: unknown = await response.json().catch(() => undefined);
  if (response.ok) return answer as T;
  const error = isPlainObject(answer) && isPlainObject(answer.error) ? answer.error : {};
  const code = isErrorCode(error.code) ? error.code : 'internal';
  const message = typeof error.message === 'string' ? error.message : `The document store answered HTTP ${response.status}.`;
  throw new ApiError(code, response.status, message, response.headers.get('x-request-id') ?? undefined);
}

// Not `isErrorCode` from shared/errors: that module brings Zod into the bundle.
const knownCodes = new Set<string>([
  'invalid-argument',
  'unauthenticated',
  'permission-denied',
  'not-found',
  'already-exists',
  'failed-precondition',
  'resource-exhausted',
  'internal',
  'unimplemented',
  'unavailable',
] satisfies ErrorCode[]);
const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && knownCodes.has(code);

export const documentUrl = (path: string) => `/api/documents/${encodePathForUrl(path)}`;
