import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A maker's site on 127.0.0.1 for the guarded client and the game checks: each path answers one
 * way. `/ok` 200, `/broken` 500, `/missing` 404, `/hang` never answers, `/loop` redirects to
 * itself, `/to?url=...` redirects there, `/big` sends 1 MiB, `/echo` answers the method and body it got.
 */
export interface StandInSite {
  origin: string;
  url(path: string): string;
  /** How many requests each path got. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startStandInSite(): Promise<StandInSite> {
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    switch (url.pathname) {
      case '/ok':
        response.end('fine');
        return;
      case '/broken':
        response.writeHead(500).end('broken');
        return;
      case '/missing':
        response.writeHead(404).end('missing');
        return;
      case '/hang':
        return; // never answers; closed with the server
      case '/loop':
        response.writeHead(302, { location: '/loop' }).end();
        return;
      case '/to':
        response.writeHead(302, { location: url.searchParams.get('url') ?? '/' }).end();
        return;
      case '/echo': {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => response.end(`${request.method} ${Buffer.concat(chunks).toString()}`));
        return;
      }
      case '/big':
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        response.end(Buffer.alloc(1024 * 1024, 97));
        return;
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
