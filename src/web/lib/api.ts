import type { ErrorCode } from '../../shared/errors';
import { noteAnswer } from './possibly-stale';

/** The server gave a definite error answer: `{ error: { code, message } }` with an HTTP status. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** The server's id for the request (its `x-request-id`), for the operator to find it in the logs. */
  readonly requestId: string | undefined;

  constructor(code: ErrorCode, status: number, message: string, requestId?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.requestId = requestId;
  }
}

/** The request id to quote when the server failed (5xx); undefined for any other error. */
export function failedRequestId(error: unknown): string | undefined {
  return error instanceof ApiError && error.status >= 500 ? error.requestId : undefined;
}

/** The request never got an answer (offline, server down, connection dropped). */
export class NetworkError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Could not reach GameSource. Check your connection and try again.', options);
    this.name = 'NetworkError';
  }
}

export function isApiError(error: unknown, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** Anything with a Zod-like `parse`: keeps this module free of a schema-library import. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/**
 * GETs a JSON resource and validates it. The schema may still be loading (see `lazy-schema.ts`):
 * it is awaited alongside the request.
 */
export async function apiGet<T>(path: string, schema: ResponseSchema<T> | Promise<ResponseSchema<T>>, signal?: AbortSignal): Promise<T> {
  const [response, responseSchema] = await Promise.all([send(path, signal), schema]);
  if (!response.ok) throw await errorFromResponse(response);
  return parseBody(response, responseSchema);
}

/**
 * POSTs JSON (or nothing, when `body` is undefined) and validates the answer. Same errors as
 * `apiGet`: `ApiError` for the server's answer, `NetworkError` when there was none.
 */
export function apiPost<T>(
  path: string,
  body: unknown,
  schema: ResponseSchema<T> | Promise<ResponseSchema<T>>,
  signal?: AbortSignal,
): Promise<T> {
  return apiWrite('POST', path, body, schema, signal);
}

/** PUTs JSON (or nothing); as `apiPost`. */
export function apiPut<T>(
  path: string,
  body: unknown,
  schema: ResponseSchema<T> | Promise<ResponseSchema<T>>,
  signal?: AbortSignal,
): Promise<T> {
  return apiWrite('PUT', path, body, schema, signal);
}

/** DELETEs a resource and validates the answer; as `apiPost`. */
export function apiDelete<T>(path: string, schema: ResponseSchema<T> | Promise<ResponseSchema<T>>, signal?: AbortSignal): Promise<T> {
  return apiWrite('DELETE', path, undefined, schema, signal);
}

/**
 * Browsers allow 64 KiB of `keepalive` request bodies in flight at once (beyond it the fetch
 * fails), so only writes well under that are kept alive, and several can be under way together;
 * a larger one can still be lost if the page is left before it is sent.
 */
const KEEPALIVE_BODY_LIMIT = 8 * 1024;

/**
 * The fetch options of a write. What a person does shows at once, so they may leave the page
 * before the request is sent: keepalive lets the browser finish it after the page is gone.
 */
export function writeInit(method: string, body: unknown): RequestInit {
  const init = jsonInit(method, body);
  const size = typeof init.body === 'string' ? init.body.length : 0;
  return { ...init, keepalive: size <= KEEPALIVE_BODY_LIMIT };
}

/** The fetch options of a request with a JSON body, or none when `body` is undefined. */
export function jsonInit(method: string, body: unknown): RequestInit {
  if (body === undefined) return { method };
  return { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
}

async function apiWrite<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  schema: ResponseSchema<T> | Promise<ResponseSchema<T>>,
  signal?: AbortSignal,
): Promise<T> {
  const [response, responseSchema] = await Promise.all([send(path, signal, writeInit(method, body)), schema]);
  if (!response.ok) throw await errorFromResponse(response);
  return parseBody(response, responseSchema);
}

/**
 * What the app reads of an answer: a browser's `Response` has it, and so does an answer the
 * server's own routes give its renderer in process, without a body stream to read.
 */
export type ApiAnswer = Pick<Response, 'ok' | 'status' | 'headers' | 'json'>;

/** How a request reaches the API: the browser's fetch, or the server's own routes when it renders a page (server/render-on-server.tsx). */
export type ApiTransport = (path: string, init: RequestInit) => Promise<ApiAnswer>;

let transport: ApiTransport = async (path, init) => {
  const response = await fetch(path, init);
  noteAnswer(path, response);
  return response;
};

export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** Fetches with `Accept: application/json`; a request that got no answer is a `NetworkError`. */
export async function send(path: string, signal?: AbortSignal, init: RequestInit = {}): Promise<ApiAnswer> {
  try {
    return await transport(path, {
      ...init,
      headers: { Accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }
}

async function errorFromResponse(response: ApiAnswer): Promise<ApiError> {
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const body: unknown = await response.json().catch(() => undefined);
  // Loaded on the (rare) error path only: it brings Zod along.
  const { errorBodySchema } = await import('../../shared/errors');
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    return new ApiError(parsed.data.error.code, response.status, parsed.data.error.message, requestId);
  }
  return new ApiError('internal', response.status, `GameSource answered with an unexpected error (HTTP ${response.status}).`, requestId);
}

async function parseBody<T>(response: ApiAnswer, schema: ResponseSchema<T>): Promise<T> {
  try {
    return schema.parse(await response.json());
  } catch {
    throw new ApiError(
      'internal',
      response.status,
      'GameSource sent a response this page does not understand. Reload the page to get the latest version.',
    );
  }
}
