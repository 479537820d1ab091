import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codeForStatus, sendError, sendNoEndpoint } from '../http/error-handler';
import { formBodyProblem, refuseNonObjectJson } from '../http/input-checks';
import { AUTH_BODY_LIMIT } from '../http/request-limits';
import { requestUrlOn } from '../http/request-url';
import type { Auth } from './auth';
import { CLIENT_IP_HEADER } from './client-ip';
import { NO_PERMISSION_MESSAGE, SIGN_IN_FIRST_MESSAGE } from './session';
import { jsonWithoutSessionTokens } from './session-tokens';

function toWebRequest(request: FastifyRequest, siteOrigin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  // A POST without a body goes on as an empty JSON object: some of Better Auth's hooks read
  // body fields and threw (500) on no body at all.
  if (hasBody && request.body === undefined) headers.set('content-type', 'application/json');
  const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? {});
  return new Request(requestUrlOn(siteOrigin, request.url), {
    method: request.method,
    headers,
    ...(hasBody ? { body } : {}),
  });
}

/** Whether Better Auth's refusal says why: `{ code, message }`, its contract (decision 0032). */
function explainsItself(text: string): boolean {
  try {
    const body = JSON.parse(text) as { message?: unknown } | null;
    return typeof body?.message === 'string' && body.message !== '';
  } catch {
    return false;
  }
}

/**
 * Some of Better Auth's refusals say nothing (a path it has no endpoint for: an empty 404; an
 * admin endpoint called anonymously: 401 `null`); the client is told why in the house's shape.
 */
function sendUnexplainedRefusal(request: FastifyRequest, reply: FastifyReply, status: number) {
  if (status === 404) return sendNoEndpoint(reply, request.method, request.url.split('?')[0]!);
  if (status === 401) return sendError(reply, 'unauthenticated', SIGN_IN_FIRST_MESSAGE);
  if (status === 403) return sendError(reply, 'permission-denied', NO_PERMISSION_MESSAGE);
  return sendError(reply, codeForStatus(status), `This request was refused (HTTP ${status}).`, status);
}

async function sendWebResponse(request: FastifyRequest, reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    // The body may be rewritten below, so Fastify works out its length.
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  // Better Auth's own per-address limit says when to retry only in X-Retry-After.
  const retryAfter = response.headers.get('x-retry-after');
  if (response.status === 429 && retryAfter && !response.headers.has('retry-after')) reply.header('retry-after', retryAfter);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = response.body ? await response.text() : '';
  if (response.status >= 400 && !explainsItself(text)) return sendUnexplainedRefusal(request, reply, response.status);
  if (!response.body) return reply.send(null);
  const json = response.headers.get('content-type')?.includes('application/json');
  return reply.send(json ? jsonWithoutSessionTokens(text) : text);
}

/**
 * What Better Auth put off (a reset token, a mail) starts once the answer has gone (decision
 * 0052), or once the client has gone without it: it was asked for either way.
 */
function onceAnswered(reply: FastifyReply, work: () => void) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    work();
  };
  reply.raw.once('finish', start);
  reply.raw.once('close', start);
}

/** Better Auth's own endpoints under /api/auth/*, handed Fastify's client address. */
export async function mountAuth(app: FastifyInstance, auth: Auth, baseUrl: string) {
  const siteOrigin = new URL(baseUrl).origin;
  await app.register(async (scope) => {
    // OpenID providers may post their answer as a form; Better Auth parses it itself.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(formBodyProblem(body as string), body),
    );
    scope.addHook('preValidation', refuseNonObjectJson);
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      // The library's own endpoints, with their own contract: not in our OpenAPI document (decision 0032).
      schema: { hide: true },
      bodyLimit: AUTH_BODY_LIMIT,
      handler: async (request, reply) => {
        const { result, afterAnswer } = await auth.answer(toWebRequest(request, siteOrigin));
        onceAnswered(reply, afterAnswer);
        return sendWebResponse(request, reply, result);
      },
    });
  });
}
