import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Requests no route matched (web pages, unknown paths) share one label, whatever their URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The route's pattern (`/api/games/:id`), never the URL: labels stay few whatever clients ask for. */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

function methodLabel(method: string): string {
  return KNOWN_METHODS.has(method) ? method : 'OTHER';
}

/** Counts every answer and how long it took, by route pattern; 5xx answers also as errors. */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const method = methodLabel(request.method);
    const route = routeLabel(request);
    const status = String(reply.statusCode);
    metrics.http.requests.inc({ method, route, status });
    if (reply.statusCode >= 500) metrics.http.errors.inc({ method, route, status });
    metrics.http.duration.observe({ method, route }, reply.elapsedTime / 1000);
  });
}
