import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The response header that says which upstream (its index in `upstreamPorts`) answered. */
export const SERVED_BY_HEADER = 'x-served-by';

/**
 * A loopback HTTP load balancer in front of several server instances, as a deployment puts one in
 * front of them: each request (not each connection, so a client's keep-alive does not pin it to
 * one instance) goes to the next upstream in turn, on a new connection. It adds the client's
 * address to X-Forwarded-For, as reverse proxies do, and streams answers as they come (event
 * streams included).
 */
export interface RoundRobinProxy {
  url: string;
  /** How many requests each upstream has been given. */
  counts: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreamPorts: number[]): Promise<RoundRobinProxy> {
  const counts = upstreamPorts.map(() => 0);
  let next = 0;

  const server = http.createServer((request, response) => {
    const index = next;
    next = (next + 1) % upstreamPorts.length;
    counts[index]! += 1;
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPorts[index],
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': forwardedFor },
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, [SERVED_BY_HEADER]: String(index) });
        response.flushHeaders();
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    // A client that goes away (a closed event stream) ends the upstream request too.
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
