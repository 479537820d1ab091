import type { FastifyInstance } from 'fastify';
import { TEST_OUTBOX_TOKEN } from './app';
import type { HttpClient } from './http-client';

interface OutboxItem {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
}

/** The outbox answers only its own machine, with its token: read it as a loopback client that has it, not as the visitor. */
export const OUTBOX_AUTHORIZATION = { authorization: `Bearer ${TEST_OUTBOX_TOKEN}` } as const;

/** The newest `limit` messages to `to`. */
export async function readOutbox(app: FastifyInstance, to: string, limit = 1): Promise<OutboxItem[]> {
  const response = await app.inject({
    url: `/api/dev/outbox?to=${encodeURIComponent(to)}&limit=${limit}`,
    remoteAddress: '127.0.0.1',
    headers: OUTBOX_AUTHORIZATION,
  });
  if (response.statusCode !== 200) throw new Error(`The outbox answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { items: OutboxItem[] }).items;
}

/** How long a message may take to reach the outbox: an answer about an account sends its mail only once it has gone (decision 0052). */
const MESSAGE_WAIT_MS = 5_000;

/** The newest message to a recipient (the client only says which app it talks to). */
export async function latestMessage(client: HttpClient, to: string): Promise<OutboxItem> {
  const deadline = Date.now() + MESSAGE_WAIT_MS;
  for (;;) {
    const [item] = await readOutbox(client.app, to);
    if (item) return item;
    if (Date.now() > deadline) throw new Error(`No message to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function linkFrom(client: HttpClient, to: string): Promise<URL> {
  const { text } = await latestMessage(client, to);
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`No link in the message to ${to}: ${text}`);
  return new URL(match[0]);
}

export async function codeFrom(client: HttpClient, to: string): Promise<string> {
  const { text } = await latestMessage(client, to);
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`No code in the message to ${to}: ${text}`);
  return match[1]!;
}

/** A path and query to request from a link in a message (the host is the test's BASE_URL). */
export const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/** Follows the confirmation link mailed to `email`, which signs `client` in. */
export async function confirmEmail(client: HttpClient, email: string): Promise<void> {
  const link = await linkFrom(client, email);
  if (link.pathname !== '/api/auth/verify-email') throw new Error(`The newest message to ${email} is not a confirmation: ${link.href}`);
  const response = await client.get(pathOf(link));
  if (response.statusCode !== 302) throw new Error(`Confirming ${email} failed: ${response.statusCode} ${response.body}`);
}
