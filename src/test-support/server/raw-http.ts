import net from 'node:net';

/**
 * Sends `bytes` as they are over one connection to `origin` (as `listenOnLoopback` answers it)
 * and resolves with everything the server wrote back before closing: for requests no HTTP
 * client would send, such as a target that begins with `//`.
 */
export function sendRaw(origin: string, bytes: string): Promise<string> {
  return sendRawBytes(origin, bytes).then((received) => received.toString());
}

/** `sendRaw`, answering what came back as bytes (a compressed body stays whole). */
export function sendRawBytes(origin: string, bytes: string): Promise<Buffer> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(received)));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

/**
 * One answer as `sendRawBytes` received it: its status line and headers, and its body in the
 * writes the server made (the chunks of a chunked answer, or the body whole).
 */
export function answerInWrites(received: Buffer): { headers: string; chunks: Buffer[] } {
  const split = received.indexOf('\r\n\r\n');
  const headers = received.subarray(0, split + 4).toString();
  let body = received.subarray(split + 4);
  if (!/\r\ntransfer-encoding: chunked\r\n/i.test(headers)) return { headers, chunks: [body] };
  const chunks: Buffer[] = [];
  for (;;) {
    const sizeEnd = body.indexOf('\r\n');
    const size = Number.parseInt(body.subarray(0, sizeEnd).toString(), 16);
    if (size === 0) return { headers, chunks };
    chunks.push(body.subarray(sizeEnd + 2, sizeEnd + 2 + size));
    body = body.subarray(sizeEnd + 2 + size + 2);
  }
}

/** The status and JSON body of the first answer in what `sendRaw` received. */
export function firstAnswerOf(received: string): { status: number; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1]);
  const head = received.indexOf('\r\n\r\n');
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(received.slice(0, head))?.[1]);
  return { status, body: JSON.parse(received.slice(head + 4, head + 4 + length)) };
}
