import { suiteBaseUrl } from './suite-servers';

interface OutboxItem {
  to: string;
  text: string;
}

/**
 * Waits for the newest message to a recipient in the server's outbox. Read from this machine
 * (loopback, no forwarding header, a loopback Host): the outbox answers nobody else.
 */
export async function waitForMessage(to: string, after = 0, baseUrl = suiteBaseUrl()): Promise<OutboxItem & { id: number }> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
    const [item] = ((await response.json()) as { items: (OutboxItem & { id: number })[] }).items;
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
