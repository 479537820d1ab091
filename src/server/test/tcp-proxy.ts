import net from 'node:net';

/**
 * A loopback TCP relay in front of a real server, so a test can make that server
 * unreachable (`cut`) and bring it back (`restore`) without touching the server itself, or
 * slow to answer a new connection (`connectDelayMs`).
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number, { connectDelayMs = 0 } = {}): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const relay = (client: net.Socket) => {
    track(client);
    // What the client sends meanwhile waits in its socket until the pipe reads it.
    setTimeout(() => {
      if (client.destroyed) return;
      const upstream = net.connect(targetPort, targetHost);
      track(upstream);
      client.pipe(upstream).pipe(client);
    }, connectDelayMs);
  };

  let server = net.createServer(relay);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  const port = await listen(0);
  return {
    port,
    cut: stop,
    restore: async () => {
      server = net.createServer(relay);
      await listen(port);
    },
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
