import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { refusedAddressReason } from './outside-address';

/**
 * The one way the server fetches an outside address (DESIGN.md: `http/`). It resolves the host
 * itself, refuses every address that is not public, and connects to the address it vetted (the
 * socket's lookup is pinned to it), so a second DNS answer cannot switch it to this machine or
 * the private network. Redirects are followed by hand, each hop vetted again; time and the body
 * read are bounded. Decision 0067; docs/security.md.
 */
export interface GuardedFetchOptions {
  /**
   * Host names or IP addresses contacted even though they are not public (OUTGOING_ALLOW_HOSTS):
   * empty unless the operator says so. Tests name 127.0.0.1 for their local servers.
   */
  allowHosts?: readonly string[];
  method?: 'GET' | 'HEAD' | 'POST';
  /** Sent with a POST. An answer that redirects it is the answer: a body is never sent on to another address. */
  body?: string;
  /** From the first lookup until the last byte read, redirects included. */
  timeoutMs?: number;
  /** Until the socket connects, each hop. */
  connectTimeoutMs?: number;
  maxRedirects?: number;
  /** The body is read up to this many bytes, then the connection is closed. */
  maxBodyBytes?: number;
  headers?: Record<string, string>;
}

export interface GuardedResponse {
  status: number;
  /** The address that answered, after redirects. */
  url: string;
  redirects: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The body was longer than `maxBodyBytes` and was cut there. */
  truncated: boolean;
}

export type OutgoingFailure = 'invalid-url' | 'refused-address' | 'dns' | 'timeout' | 'too-many-redirects' | 'network';

/** Why an outgoing request did not get an answer; `message` is short enough to show a maker. */
export class OutgoingRequestError extends Error {
  constructor(
    readonly kind: OutgoingFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutgoingRequestError';
  }
}

export const OUTGOING_DEFAULTS = {
  timeoutMs: 10_000,
  connectTimeoutMs: 5_000,
  maxRedirects: 5,
  maxBodyBytes: 64 * 1024,
} as const;

const fail = (kind: OutgoingFailure, message: string) => new OutgoingRequestError(kind, message);

/** The URL's host as `dns.lookup` and the allow-list know it: lower case, an IPv6 literal without brackets. */
const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

function parseTarget(target: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    throw fail('invalid-url', `${String(target).slice(0, 200)} is not a web address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw fail('invalid-url', `${url.protocol} addresses are not fetched; only http and https`);
  return url;
}

/** The address to connect to: every address the name resolves to must be public (unless allowed). */
async function vetHost(url: URL, allowHosts: ReadonlySet<string>): Promise<{ address: string; family: number }> {
  const host = hostOf(url);
  const allowed = allowHosts.has(host);
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch {
      throw fail('dns', `${host} could not be found`);
    }
  }
  if (addresses.length === 0) throw fail('dns', `${host} could not be found`);
  if (!allowed) {
    for (const { address } of addresses) {
      const reason = refusedAddressReason(address);
      if (reason) throw fail('refused-address', `${host} is refused: ${reason}`);
    }
  }
  return addresses[0]!;
}

/** A lookup that answers only the vetted address, whatever the name: no second DNS question. */
function pinnedLookup(address: string, family: number): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

interface Hop {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
  truncated: boolean;
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: number },
  options: Required<Omit<GuardedFetchOptions, 'allowHosts' | 'body'>> & { body?: string },
  signal: AbortSignal,
): Promise<Hop> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = transport.request(url, {
      method: options.method,
      headers: {
        'user-agent': 'GameSource-checker/1',
        accept: '*/*',
        ...(options.body !== undefined && { 'content-length': String(Buffer.byteLength(options.body)) }),
        ...options.headers,
      },
      lookup: pinnedLookup(pinned.address, pinned.family),
      // Only the pinned address; no connection pooling that might reuse another host's socket.
      agent: false,
      signal,
    });
    const connectTimer = setTimeout(
      () => request.destroy(fail('timeout', `${url.host} did not connect within ${options.connectTimeoutMs / 1000} s`)),
      options.connectTimeoutMs,
    );
    request.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectTimer);
      else socket.once('connect', () => clearTimeout(connectTimer));
    });
    request.on('error', (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
    request.on('response', (response) => {
      clearTimeout(connectTimer);
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const finish = () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), truncated });
      response.on('data', (chunk: Buffer) => {
        const room = options.maxBodyBytes - size;
        if (chunk.length >= room) {
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size = options.maxBodyBytes;
          truncated = chunk.length > room || truncated;
          response.removeAllListeners('data');
          response.removeAllListeners('end');
          response.on('error', () => {});
          request.destroy();
          finish();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', finish);
      response.on('error', reject);
    });
    request.end(options.body);
  });
}

function asFailure(error: unknown, url: URL, signal: AbortSignal, timeoutMs: number): OutgoingRequestError {
  if (error instanceof OutgoingRequestError) return error;
  if (signal.aborted) return fail('timeout', `${url.host} did not answer within ${timeoutMs / 1000} s`);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return fail('network', `${url.host}: ${code ?? 'the connection failed'}`);
}

/**
 * GETs, HEADs or POSTs to an outside address. Answers any HTTP status; throws OutgoingRequestError
 * when there is no final answer (refused address, timeout, too many redirects, network error).
 */
export async function guardedFetch(target: string | URL, options: GuardedFetchOptions = {}): Promise<GuardedResponse> {
  const settings = {
    method: options.method ?? 'GET',
    timeoutMs: options.timeoutMs ?? OUTGOING_DEFAULTS.timeoutMs,
    connectTimeoutMs: options.connectTimeoutMs ?? OUTGOING_DEFAULTS.connectTimeoutMs,
    maxRedirects: options.maxRedirects ?? OUTGOING_DEFAULTS.maxRedirects,
    maxBodyBytes: options.maxBodyBytes ?? OUTGOING_DEFAULTS.maxBodyBytes,
    headers: options.headers ?? {},
    body: options.body,
  };
  const allowHosts = new Set((options.allowHosts ?? []).map((host) => host.toLowerCase().replace(/^\[(.*)\]$/, '$1')));
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), settings.timeoutMs);
  let url = parseTarget(target);
  try {
    for (let redirects = 0; ; redirects++) {
      let hop: Hop;
      try {
        const pinned = await vetHost(url, allowHosts);
        if (controller.signal.aborted) throw fail('timeout', `${url.host} did not answer within ${settings.timeoutMs / 1000} s`);
        hop = await requestOnce(url, pinned, settings, controller.signal);
      } catch (error) {
        throw asFailure(error, url, controller.signal, settings.timeoutMs);
      }
      const location = hop.headers.location;
      if (hop.status >= 300 && hop.status < 400 && location && settings.body === undefined) {
        if (redirects >= settings.maxRedirects) throw fail('too-many-redirects', `more than ${settings.maxRedirects} redirects`);
        url = parseTarget(location, url);
        continue;
      }
      return { status: hop.status, url: url.href, redirects, headers: hop.headers, body: hop.body, truncated: hop.truncated };
    }
  } finally {
    clearTimeout(deadline);
  }
}
