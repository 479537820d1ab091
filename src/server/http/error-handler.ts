import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorStatus, type ErrorCode } from '../../shared/errors';
import { NO_SUCH_ID } from '../../shared/ids';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError } from './app-error';
import { RetryLater } from './limits/retry-later';
import { REQUEST_ID_HEADER } from './request-id';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database cannot be reached right now. Please try again in a moment.';

export function sendError(reply: FastifyReply, code: ErrorCode, message: string, status?: number) {
  // Also for answers made before the onRequest hooks ran (a malformed URL): the id to quote.
  reply.header(REQUEST_ID_HEADER, reply.request.id);
  return reply.status(status ?? errorStatus[code]).send({ error: { code, message } });
}

/** The answer to a request that no endpoint serves, ours or Better Auth's. */
export const sendNoEndpoint = (reply: FastifyReply, method: string, pathname: string) =>
  sendError(reply, 'not-found', `No endpoint at ${method} ${pathname}`);

function validationMessage(error: FastifyError): string {
  const messages = (error.validation ?? []).map((issue) => issue.message ?? 'is not valid');
  return [...new Set(messages)].join('; ') || 'The request is not valid';
}

/** Codes for Fastify's own 4xx errors (bad JSON, wrong content type, body too large...). */
export function codeForStatus(status: number): ErrorCode {
  if (status === 404) return 'not-found';
  if (status === 429) return 'resource-exhausted';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'permission-denied';
  return 'invalid-argument';
}

/** A path id past any row's (`pathIdSchema`) names nothing: 404, as an unknown id would. */
function namesNothing(error: FastifyError): boolean {
  if (error.validationContext !== 'params') return false;
  return (error.validation ?? []).every((issue) => (issue.params as { params?: { reason?: unknown } }).params?.reason === NO_SUCH_ID);
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${Math.floor(bytes / 1024)} KiB`);

/** Fastify's own words for its 4xx refusals, where they say too little. */
function clientErrorMessage(error: FastifyError, request: FastifyRequest): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return `The request body is too large: this endpoint takes at most ${sizeText(request.routeOptions.bodyLimit)}.`;
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return `This endpoint does not take '${String(request.headers['content-type'])}' bodies.`;
  }
  return error.message;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof RetryLater) reply.header('retry-after', error.retryAfterSeconds);
    if (error instanceof AppError) return sendError(reply, error.code, error.message);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(reply, namesNothing(error) ? 'not-found' : 'invalid-argument', validationMessage(error));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendError(reply, 'unavailable', DATABASE_UNAVAILABLE_MESSAGE);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, codeForStatus(status), clientErrorMessage(error, request), status);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 'internal', 'Something went wrong on our side.');
  });
}
