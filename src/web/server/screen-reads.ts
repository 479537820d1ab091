// The answers one server render reads in process, and the paths an address (or, for a new one,
// the last of its shape) read last time.
// The same answers ask the same paths (each request a screen makes follows from its address and
// the answers before it), so reading last time's paths at once and keying their answers finds a
// kept page without building the screen's queries; a page whose screen asks for more is made
// afresh and never kept under a key that leaves an answer out (render-key.ts).
import type { Me } from '../../shared/accounts';
import { keepRecent } from '../../shared/keep-recent';
import { ME_PATH, namelessMe } from '../../shared/nameless-member';
import { POSSIBLY_STALE_HEADER } from '../../shared/possibly-stale';
import {
  jsonForScript,
  type InProcessAnswer,
  type MemberFacts,
  type ScreenRenderRequest,
  type ThreadRenderJob,
} from '../../shared/server-render';
import type { ApiAnswer, ApiTransport } from '../lib/api';
import { renderKey } from './render-key';

// ---- paths by address ----

/** How many addresses' paths are remembered, the least recently read dropped first: a query string makes an address of its own. */
const ADDRESSES_KEPT = 2_000;

const pathsByAddress = new Map<string, readonly string[]>();

const addressOf = (request: ScreenRenderRequest) => `${request.publicCatalogue}\n${request.url}`;

/**
 * The paths this address's screen read last time, if it was rendered lately; else a guess from
 * the last address of its shape (a game page's paths from another game page's).
 */
export function pathsReadBefore(request: ScreenRenderRequest): readonly string[] | undefined {
  const address = addressOf(request);
  const paths = pathsByAddress.get(address);
  if (!paths) return pathsOfShape(request);
  keepRecent(pathsByAddress, address, paths, ADDRESSES_KEPT);
  return paths;
}

/**
 * The address keeps every path its render read, a wrong guess among them, so that its next load
 * reads what its kept page was keyed by; its shape keeps only what the screen asked for, so that a
 * wrong guess is not guessed again for every address after it.
 */
function rememberPaths(request: ScreenRenderRequest, read: readonly string[], asked: readonly string[]): void {
  keepRecent(pathsByAddress, addressOf(request), read, ADDRESSES_KEPT);
  const url = new URL(request.url);
  keepRecent(lastOfShape, shapeOf(request, url), { url, paths: asked }, SHAPES_KEPT);
}

// ---- paths by shape ----

/** How many shapes (a path and its query's names: one per screen, mostly) are remembered; names are the visitor's to choose. */
const SHAPES_KEPT = 100;

const lastOfShape = new Map<string, { url: URL; paths: readonly string[] }>();

function shapeOf(request: ScreenRenderRequest, url = new URL(request.url)): string {
  return `${request.publicCatalogue}\n${url.pathname}?${[...url.searchParams.keys()].join('&')}`;
}

/** A query value as the app writes one (URLSearchParams: a space as `+`). */
const queryValue = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
};

/** One path with each of the other address's values, as a path segment or a query value, swapped for this address's. */
function swapValues(path: string, swaps: ReadonlyMap<string, string>): string {
  const [pathname = '', query] = path.split('?', 2);
  const segments = pathname.split('/').map((segment) => {
    const mine = swaps.get(decoded(segment) ?? segment);
    return mine === undefined ? segment : encodeURIComponent(mine);
  });
  if (query === undefined) return segments.join('/');
  const pairs = query.split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const mine = equals < 0 ? undefined : swaps.get(decoded(pair.slice(equals + 1).replace(/\+/g, ' ')) ?? '');
    return mine === undefined ? pair : `${pair.slice(0, equals + 1)}${queryValue(mine)}`;
  });
  return `${segments.join('/')}?${pairs.join('&')}`;
}

/**
 * A guess at an address's paths from the last address of its shape: the same screen asks the
 * same paths with its own values. Only a guess, as remembered paths are: where another value of a
 * path happens to equal the other address's, it is swapped too and the guess is wrong, which
 * costs a read for nothing; the screen then reads what it needs, and its page is made afresh.
 * Saves a new game page building the screen's queries on the main thread only to learn them.
 */
function pathsOfShape(request: ScreenRenderRequest): readonly string[] | undefined {
  const url = new URL(request.url);
  const other = lastOfShape.get(shapeOf(request, url));
  if (!other) return undefined;
  const swaps = new Map<string, string>();
  for (const [name, value] of other.url.searchParams) {
    const mine = url.searchParams.get(name);
    if (value !== '' && mine !== null && mine !== value) swaps.set(value, mine);
  }
  // A value that was also a part of the path's own (`api`) would take it elsewhere: no guess reads outside the API.
  const guessed = other.paths.map((path) => swapValues(path, swaps)).filter((path) => path.startsWith('/api/'));
  return guessed.length > 0 ? guessed : undefined;
}

// ---- the member apart ----

/**
 * The answer to `/api/me` that the screen and the key see: for a member, one that names no one,
 * so every member whose other answers are the same shares one page (decision 0081). Theirs is `mine`.
 */
function sharedMe(got: InProcessAnswer): { shared: InProcessAnswer; mine?: Me } {
  if (got.status !== 200) return { shared: got };
  const me = JSON.parse(got.body) as Me;
  if (!me.user) return { shared: got };
  return { shared: { ...got, body: JSON.stringify(namelessMe(me)) }, mine: me };
}

// ---- one render's reads ----

export const asApiAnswer = ({ status, headers, body }: InProcessAnswer): ApiAnswer => ({
  ok: status >= 200 && status < 300,
  status,
  headers: new Headers(headers),
  json: async () => JSON.parse(body) as unknown,
});

/** Reads each path once for this render (the screen and the key see the same answer), and keeps what the key is made of. */
export function createScreenReads(request: ScreenRenderRequest) {
  const reads = new Map<string, Promise<InProcessAnswer>>();
  /** What the screen asked for through its transport; last time's paths, read at once, may hold more. */
  const asked = new Set<string>();
  const answered: string[] = [];
  let possiblyStale = false;
  let mine: Me | undefined;

  const read = (path: string, init: RequestInit = {}) => {
    let answer = reads.get(path);
    if (!answer) {
      answer = request.fetchApi(path, init).then((got) => {
        possiblyStale ||= POSSIBLY_STALE_HEADER in got.headers;
        const seen = path === ME_PATH ? sharedMe(got) : { shared: got };
        if (seen.mine) mine = seen.mine;
        answered.push(`${path}\n${seen.shared.status}\n${seen.shared.body}`);
        return seen.shared;
      });
      reads.set(path, answer);
    }
    return answer;
  };

  return {
    /** The app's transport during this render. */
    transport: (async (path, init) => {
      asked.add(path);
      return asApiAnswer(await read(path, init));
    }) satisfies ApiTransport,
    /** The paths the screen asked for on this thread, in the order it asked. */
    asked: () => [...asked],
    /** One answer, as the screen and the key see it: for a render thread's path more. */
    answer: (path: string) => read(path),
    /** Each path read so far with its answer, for a render thread (a failed one it asks for again, and fails alike). */
    answersSoFar: async (): Promise<ThreadRenderJob['answers']> => {
      const settled = await Promise.allSettled([...reads].map(async ([path, answer]) => [path, await answer] as [string, InProcessAnswer]));
      return settled.flatMap((entry) => (entry.status === 'fulfilled' ? [entry.value] : []));
    },
    /** Reads these paths side by side, as the screen would. */
    readAll: (paths: readonly string[]) => Promise.allSettled(paths.map((path) => read(path))),
    /** How many paths were asked for so far. */
    get count() {
      return reads.size;
    },
    /** The member's own answers, for the page's end (undefined for a visitor), once `/api/me` is read. */
    get memberFacts(): string | undefined {
      return mine && jsonForScript({ me: mine } satisfies MemberFacts);
    },
    /** Any answer so far was possibly stale (decision 0056): the browser renders such a page, and says so. */
    get possiblyStale() {
      return possiblyStale;
    },
    /** The key of every answer read so far, once each has come. */
    key: async () => {
      await Promise.allSettled(reads.values());
      return renderKey(request.url, request.publicCatalogue, answered);
    },
    /** Remembers the paths read so far as this address's, for its next render to read at once, and `screenAsked` as its shape's. */
    remember: (screenAsked: readonly string[]) => rememberPaths(request, [...reads.keys()], screenAsked),
  };
}

export type ScreenReads = ReturnType<typeof createScreenReads>;
