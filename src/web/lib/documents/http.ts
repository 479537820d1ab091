import { encodePathForUrl, isPlainObject } from '../../../shared/documents';
import type { ErrorCode } from '../../../shared/errors';
import { ApiError, NetworkError } from '../api';

export async function request<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
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

export const documentUrl = (path: string) => `/api/documents/${encodePathForUrl(path)}`;
