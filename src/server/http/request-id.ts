import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance } from 'fastify';

/** The header every answer carries its request id in, and a proxy in front may set. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may look like: short, and nothing a log or a header could be confused by. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** A proxy's (or a caller's) id when it is a short safe token, otherwise a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Fastify's options: our id for every request, named `requestId` in every log line about it. */
export function requestIdOptions() {
  return { genReqId: requestIdOf, logController: new LogController({ requestIdLogLabel: 'requestId' }) };
}

/** Registered first, so every answer carries the id, refusals by later hooks included. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
