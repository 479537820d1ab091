import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/** The app on a real loopback port (event streams need one: `app.inject` waits for the end). */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Reads a Server-Sent Events stream with fetch, as a test would watch a browser's EventSource. */
export class SseClient {
  /** The change events (the opening `ready` event is kept apart). */
  readonly events: SseEvent[] = [];
  readyId: string | undefined;
  comments = 0;
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];
  private ended = false;

  private constructor(readonly response: Response) {}

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const abort = new AbortController();
    const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
    const client = new SseClient(response);
    client.abort.signal.addEventListener('abort', () => abort.abort());
    if (response.ok) void client.read();
    return client;
  }

  /** Waits until `count` events have arrived (or fails after `timeoutMs`). */
  async waitForEvents(count: number, timeoutMs = 3000): Promise<SseEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.events.length < count) {
      const left = deadline - Date.now();
      if (left <= 0 || this.ended) throw new Error(`Expected ${count} events, got ${this.events.length}: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.events.slice(0, count);
  }

  /** The parsed `data` of each event. */
  data<T = { topic: string; payload: Record<string, unknown> }>(): T[] {
    return this.events.map((event) => JSON.parse(event.data) as T);
  }

  get isEnded(): boolean {
    return this.ended;
  }

  close(): void {
    this.abort.abort();
  }

  private async read(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = this.response.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by close(), or the server went away.
    } finally {
      this.ended = true;
      this.wake();
    }
  }

  private take(frame: string): void {
    const fields = { id: undefined as string | undefined, event: 'message', data: [] as string[] };
    let isEvent = false;
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) this.comments++;
      const [name, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (name === 'id') fields.id = value;
      if (name === 'event') fields.event = value;
      if (name === 'data') {
        fields.data.push(value);
        isEvent = true;
      }
    }
    if (isEvent && fields.event === 'ready') this.readyId = fields.id;
    else if (isEvent) this.events.push({ id: fields.id, event: fields.event, data: fields.data.join('\n') });
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}
