import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../shared/errors';
import { parseTopic, type ParsedTopic } from '../../shared/live';
import { laterLiveCursor } from '../../shared/live-cursor';
import { lastEventIdHeaderSchema, liveQuerySchema } from '../../shared/live-query';
import type { FeatureOptions } from '../feature-options';
import { countedAddress } from '../http/limits/counted-address';
import { streamTopics } from './live-stream';
import type { StreamPlaces } from './stream-places';
import { needsViewer } from './topic-access';

export const liveRoutes: FastifyPluginAsyncZod<FeatureOptions & { streamPlaces: StreamPlaces }> = async (
  app,
  { accounts, live, config, streamPlaces },
) => {
  app.get(
    '/live',
    {
      schema: {
        summary: 'Live updates on topics, as a stream of server-sent events (resumes after Last-Event-ID)',
        querystring: liveQuerySchema,
        response: {
          200: { description: 'A text/event-stream that stays open', content: { 'text/event-stream': { schema: z.string() } } },
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { topics, lastEventId: fromQuery } = request.query;
      const parsed = topics.map((topic) => parseTopic(topic) as ParsedTopic);
      const member = await accounts.sessions.currentUser(request);
      const viewer = needsViewer(parsed) ? member : null;
      await live.access.authorise(viewer, parsed);
      // The shared demo account is many people: only their addresses are counted, as for writes.
      const counted = member && member.email !== config.auth.demo.email ? member.id : undefined;
      const place = await streamPlaces.take({ address: countedAddress(request), memberId: counted });
      // A browser reconnecting by itself sends the header, newer than the id in its URL.
      const fromHeader = lastEventIdHeaderSchema.parse(request.headers['last-event-id']);
      const resumeAfter = fromHeader && fromQuery ? laterLiveCursor(fromHeader, fromQuery) : (fromHeader ?? fromQuery);
      // A hijacked reply sends only what is set on the raw response: the security headers too.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.hijack();
      // Gone while its places were being taken: no close event is to come.
      if (request.raw.socket.destroyed) return place.release();
      // The session is looked at again, in the database and not the session cache, before anything
      // only this viewer may see goes out: a stream outlives any request (decision 0025).
      const stillSignedIn = async () => viewer !== null && (await accounts.sessions.currentUserNow(request))?.id === viewer.id;
      await streamTopics(live, topics, resumeAfter, { actor: viewer, stillSignedIn }, request.raw, reply.raw, (stream) => {
        stream.onClose(place.release);
        place.onLost(stream.end);
      });
    },
  );
};
