import { E2E_OUTBOX_TOKEN } from './server-process';
import { suiteBaseUrl } from './suite-servers';

interface OutboxItem {
  to: string;
  text: string;
}

/** The outbox answers only this machine, with the server's outbox token. */
export const OUTBOX_HEADERS = { authorization: `Bearer ${E2E_OUTBOX_TOKEN}` } as const;

/** The newest `limit` messages to `to` in the outbox of the server at `baseUrl`. */
export async function readOutbox<Item>(baseUrl: string, to: string, limit = 1): Promise<Item[]> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}&limit=${limit}`, { headers: OUTBOX_HEADERS });
  if (!response.ok) throw new Error(`The outbox answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { items: Item[] }).items;
}

/**
 * Waits for the newest message to a recipient in the server's outbox. Read from this machine
 * (loopback, no forwarding header, a loopback Host) with the token: the outbox answers nobody else.
 */
export async function waitForMessage(to: string, after = 0, baseUrl = suiteBaseUrl()): Promise<OutboxItem & { id: number }> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const [item] = await readOutbox<OutboxItem & { id: number }>(baseUrl, to);
    if (item && item.id > after) return item;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No message to ${to} arrived`);
}

export async function linkInMessage(to: string, baseUrl = suiteBaseUrl()): Promise<string> {
  const { text } = await waitForMessage(to, 0, baseUrl);
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`No link in: ${text}`);
  return match[0];
}

export async function codeInMessage(to: string): Promise<string> {
  const { text } = await waitForMessage(to);
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`No code in: ${text}`);
  return match[1]!;
}
