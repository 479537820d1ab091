import type { HttpClient } from './http-client';

interface OutboxItem {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
}

/**
 * The newest message to a recipient, read through the dev outbox endpoint from this machine
 * (the outbox answers nobody else), whichever address the caller's client plays.
 */
export async function latestMessage(client: HttpClient, to: string): Promise<OutboxItem> {
  const response = await client.onThisMachine().get(`/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
  const [item] = (response.json() as { items: OutboxItem[] }).items;
  if (!item) throw new Error(`No message to ${to} in the outbox`);
  return item;
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
