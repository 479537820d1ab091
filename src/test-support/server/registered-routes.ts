import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';

export interface RegisteredRoute {
  method: HTTPMethods;
  /** As a client writes it: a literal colon declared `::` is one colon again. */
  url: string;
  /** Declared `schema: { hide: true }`: left out of the OpenAPI document on purpose. */
  hidden: boolean;
}

/**
 * Builds an app while recording every route it registers, through Fastify's own
 * `fastify.initialization` channel (it announces each new instance before any plugin runs).
 */
export async function recordingRoutes<T>(build: () => Promise<T>): Promise<{ built: T; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  const record = (route: RouteOptions) => {
    const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
    for (const method of [route.method].flat())
      routes.push({ method: method as HTTPMethods, url: route.url.replaceAll('::', ':'), hidden });
  };
  const onInstance = (message: unknown) => (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', record);
  diagnostics.subscribe('fastify.initialization', onInstance);
  try {
    return { built: await build(), routes };
  } finally {
    diagnostics.unsubscribe('fastify.initialization', onInstance);
  }
}
