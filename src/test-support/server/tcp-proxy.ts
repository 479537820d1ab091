import net from 'node:net';

/**
 * A loopback TCP relay in front of a real server, so a test can make that server
 * unreachable without touching the server itself: refusing (`cut`: connections close and new
 * ones are refused) or silent (`drop`: connections stay open but nothing gets through, the way
 * a network partition looks), and bring it back (`restore`); or slow to answer a new
 * connection (`connectDelayMs`).
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  drop(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

type Pair = [client: net.Socket, upstream: net.Socket];

export async function startTcpProxy(targetHost: string, targetPort: number, { connectDelayMs = 0 } = {}): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const pairs = new Set<Pair>();
  /** Clients that connected while traffic was dropped: they reach the server once it flows again. */
  const held = new Set<net.Socket>();
  let dropping = false;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const join = ([client, upstream]: Pair) => client.pipe(upstream).pipe(client);
  // What is sent meanwhile waits in the sockets, as it would in a partitioned network.
  const part = ([client, upstream]: Pair) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  const connectUpstream = (client: net.Socket) => {
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    const pair: Pair = [client, upstream];
    pairs.add(pair);
    client.on('close', () => pairs.delete(pair));
    upstream.on('close', () => pairs.delete(pair));
    join(pair);
  };
  const relay = (client: net.Socket) => {
    track(client);
    // What the client sends meanwhile waits in its socket until the pipe reads it.
    setTimeout(() => {
      if (client.destroyed) return;
      if (dropping) held.add(client);
      else connectUpstream(client);
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
    drop: () => {
      dropping = true;
      pairs.forEach(part);
    },
    restore: async () => {
      if (dropping) {
        dropping = false;
        pairs.forEach(join);
        for (const client of held) if (!client.destroyed) connectUpstream(client);
        held.clear();
      }
      if (!server.listening) {
        server = net.createServer(relay);
        await listen(port);
      }
    },
    close: async () => {
      if (server.listening) await stop();
    },
  };
}

/** A relay in front of the PostgreSQL server that `databaseUrl` names. */
export function startProxyFor(databaseUrl: string, options?: { connectDelayMs?: number }): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  return startTcpProxy(target.hostname, Number(target.port || 5432), options);
}

/** `url` reached through the relay: the same database, its host and port the relay's. */
export function throughProxy(url: string, proxy: Pick<TcpProxy, 'port'>): string {
  return Object.assign(new URL(url), { host: `127.0.0.1:${proxy.port}` }).href;
}
