// The twin's process (twin-server.mjs): the captured document for every GET, from memory.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2);
const document = JSON.parse(readFileSync(file, 'utf8'));
const body = Buffer.from(document.body, 'base64');

const app = Fastify({ logger: false });
app.get('/*', (_request, reply) => {
  if (document.encoding) reply.header('content-encoding', document.encoding);
  reply
    .header('content-type', document.type ?? 'text/html; charset=utf-8')
    .header('cache-control', 'private, no-cache')
    .header('vary', 'cookie');
  return reply.send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('listening');
