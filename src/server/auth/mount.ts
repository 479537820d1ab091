import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from './auth';
import { CLIENT_IP_HEADER } from './client-ip';

function toWebRequest(request: FastifyRequest, baseUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  return new Request(new URL(request.url, baseUrl), {
    method: request.method,
    headers,
    ...(hasBody ? { body } : {}),
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') reply.header(name, value);
  });
  // Better Auth's own per-address limit says when to retry only in X-Retry-After.
  const retryAfter = response.headers.get('x-retry-after');
  if (response.status === 429 && retryAfter && !response.headers.has('retry-after')) reply.header('retry-after', retryAfter);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(response.body ? await response.text() : null);
}

/** Better Auth's own endpoints under /api/auth/*, handed Fastify's client address. */
export async function mountAuth(app: FastifyInstance, auth: Auth, baseUrl: string) {
  await app.register(async (scope) => {
    // OpenID providers may post their answer as a form; Better Auth parses it itself.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      handler: async (request, reply) => sendWebResponse(reply, await auth.handler(toWebRequest(request, baseUrl))),
    });
  });
}
