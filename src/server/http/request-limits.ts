import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { codeForStatus, sendError } from './error-handler';

/**
 * Largest request body, unless a route sets its own: every JSON form of the app (a submission,
 * a profile, a 5,000-character review even if each character came \u-escaped) fits many times
 * over. The document store's writes take more (1 MiB documents), and uploads are multipart
 * with a 10 MB limit of their own.
 */
export const BODY_LIMIT = 256 * 1024;

/** Better Auth's endpoints take a few fields; an OpenID provider's form post, a token or two. */
export const AUTH_BODY_LIMIT = 64 * 1024;

/** Errors Fastify meets before any route runs: a broken percent-encoding, a too-long path part. */
function frameworkErrorMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_BAD_URL') return 'The address is not valid: it has a broken percent-encoding (%).';
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return 'The address is too long: a part of it has more than 100 characters.';
  return error.message;
}

function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return sendError(reply, codeForStatus(status), frameworkErrorMessage(error), status);
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, 'internal', 'Something went wrong on our side.');
}

function clientErrorAnswer(error: NodeJS.ErrnoException): { status: number; message: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, message: "The request's address and headers are too large (at most 16 KiB together)." };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'The request took too long to arrive.' };
  return { status: 400, message: 'The request is not valid HTTP.' };
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers past 16 KiB, bytes
 * that are not HTTP) is answered in the API's error shape too.
 */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = clientErrorAnswer(error);
  const body = JSON.stringify({ error: { code: codeForStatus(status), message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Fastify's options for the size of what a request may carry, and how refusals answer. */
export const requestLimitOptions = {
  bodyLimit: BODY_LIMIT,
  frameworkErrors,
  clientErrorHandler,
} satisfies FastifyServerOptions;
