import { encodePathForUrl } from '../../../shared/documents';
import { isErrorCode } from '../../../shared/errors';
import { ApiError } from '../../lib/api';

/**
 * Sends a request to the store exactly as typed, skipping the browser's checks, so the page can
 * show the server's own answer (which must match what the browser would have said).
 */
export async function rawRequest(method: string, path: string | null, body?: unknown): Promise<unknown> {
  const url = path === null ? '/api/documents:query' : `/api/documents/${encodePathForUrl(path)}`;
  const response = await fetch(url, {
    method,
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json().catch(() => null)) as { error?: { code?: unknown; message?: unknown } } | null;
  if (response.ok) return answer;
  const code = isErrorCode(answer?.error?.code) ? answer.error.code : 'internal';
  throw new ApiError(code, response.status, String(answer?.error?.message ?? `HTTP ${response.status}`));
}
