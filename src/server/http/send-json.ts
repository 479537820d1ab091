import type { FastifyReply } from 'fastify';

/** Sends JSON text already made in the route's response shape: a string sent as JSON goes out as it is. */
export const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
