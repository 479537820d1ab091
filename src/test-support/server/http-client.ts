import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { TEST_BASE_URL, TEST_OUTBOX_TOKEN } from './app';

/**
 * A browser-like client over `app.inject`: keeps the cookies the server sets and sends the
 * site's Origin, as a page of the site would.
 */
export class HttpClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
    /** Sent with every request, before the request's own. */
    private readonly headers: Record<string, string> = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      remoteAddress: this.ip,
      ...options,
      headers: { origin: TEST_BASE_URL, cookie: this.cookieHeader, ...this.headers, ...options.headers },
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, payload: object = {}) {
    return this.request({ method: 'POST', url, payload });
  }

  /** A client of its own on this machine's loopback address, without this one's cookies, with the outbox token (the outbox answers only that). */
  onThisMachine(): HttpClient {
    return new HttpClient(this.app, '127.0.0.1', { authorization: `Bearer ${TEST_OUTBOX_TOKEN}` });
  }

  forget(): void {
    this.cookies.clear();
  }
}
