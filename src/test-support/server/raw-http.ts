import net from 'node:net';

/**
 * Sends `bytes` as they are over one connection to `origin` (as `listenOnLoopback` answers it)
 * and resolves with everything the server wrote back before closing: for requests no HTTP
 * client would send, such as a target that begins with `//`.
 */
export function sendRaw(origin: string, bytes: string): Promise<string> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

/** The status and JSON body of the first answer in what `sendRaw` received. */
export function firstAnswerOf(received: string): { status: number; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1]);
  const head = received.indexOf('\r\n\r\n');
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(received.slice(0, head))?.[1]);
  return { status, body: JSON.parse(received.slice(head + 4, head + 4 + length)) };
}
