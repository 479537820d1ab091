import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ArrivedMail {
  to: string[];
  messageId: string;
  text: string;
}

/** How the server treats the next messages: accept them, answer 451 at DATA, or refuse the connection (421). */
export type SmtpBehaviour = 'accept' | 'try-again-later' | 'refuse-connections';

export interface FlakySmtpServer {
  url: string;
  arrived: ArrivedMail[];
  /** Messages the server was sent but refused, counted per attempt. */
  refusals: () => number;
  behave(behaviour: SmtpBehaviour): void;
  /** Resolves once `count` messages have arrived in all (or rejects after `timeoutMs`). */
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * A real SMTP server on a loopback port that can be told to fail as a mail provider does when
 * it is overloaded or down, and to recover: the stand-in for a transport that loses messages.
 */
export async function startFlakySmtpServer(initially: SmtpBehaviour = 'accept'): Promise<FlakySmtpServer> {
  let behaviour = initially;
  let refused = 0;
  const arrived: ArrivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      if (behaviour !== 'refuse-connections') return callback();
      refused += 1;
      callback(smtpError(421, 'Service not available, closing the connection'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (behaviour !== 'accept') {
          refused += 1;
          return callback(smtpError(451, 'Try again later'));
        }
        const text = Buffer.concat(chunks).toString('utf8');
        arrived.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          messageId: /^Message-ID:\s*(\S+)/im.exec(text)?.[1] ?? '',
          text,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    arrived,
    refusals: () => refused,
    behave(next) {
      behaviour = next;
    },
    async waitForCount(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (arrived.length < count) {
        if (Date.now() > deadline) throw new Error(`${arrived.length} of ${count} messages arrived`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
