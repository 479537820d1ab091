import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';

export interface RegisteredRoute {
  method: HTTPMethods;
  /** As a client writes it: a literal colon declared `::` is one colon again. */
  url: string;
}

/**
 * Builds an app while recording every route it registers, through Fastify's own
 * `fastify.initialization` channel (it announces each new instance before any plugin runs).
 */
export async function recordingRoutes<T>(build: () => Promise<T>): Promise<{ built: T; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  const record = (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method: method as HTTPMethods, url: route.url.replaceAll('::', ':') });
  };
  const onInstance = (message: unknown) => (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', record);
  diagnostics.subscribe('fastify.initialization', onInstance);
  try {
    return { built: await build(), routes };
  } finally {
    diagnostics.unsubscribe('fastify.initialization', onInstance);
  }
}
