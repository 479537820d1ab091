import type { FastifyInstance } from 'fastify';
import { sendError } from '../http/error-handler';
import type { Metrics } from './metrics';
import { metricsAccess } from './metrics-access';

export const METRICS_PATH = '/metrics';

/** `GET /metrics`: the Prometheus text exposition, for this machine or holders of the token. */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  // For Prometheus, not for API clients: left out of the OpenAPI document.
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess(request, token);
    if (access === 'hidden') return reply.callNotFound();
    if (access === 'needs-token') {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return sendError(
        reply,
        'unauthenticated',
        'Reading the metrics needs the metrics token: send Authorization: Bearer <METRICS_TOKEN>.',
      );
    }
    const text = await metrics.text();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
}
