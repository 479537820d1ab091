// Rendered screens remembered by what they were rendered from (decision 0063). A screen's markup
// is a pure function of its address and its answers: the same answers, the same markup. So a
// screen is rendered once per set of answers and sent again while they stay the same; any change
// to any answer (a game played, a heart given, the member's bell) makes another key, on every
// instance alike, since each reads its answers afresh. One member's markup can reach another only
// if every answer, who is signed in among them, is the same: then it is their page too.
import { createHash } from 'node:crypto';
import type { QueryClient } from '@tanstack/react-query';

/** At most this many characters of markup are kept (about 20-60 KB a screen); the least recently sent go first. */
const BUDGET_CHARS = 24 * 1024 * 1024;

/** Past this age an entry is rendered again: what is not an answer (the footer's year) stays current. */
const MAX_AGE_MS = 5 * 60_000;

interface Entry {
  html: string;
  storedAt: number;
}

/**
 * The key of a render: its address, which screens are guarded, its router data and every query's
 * status and data. Timestamps are left out: they differ per request and never reach the markup.
 */
export function renderKey(url: string, publicCatalogue: boolean, client: QueryClient, loaderData: unknown): string {
  const hash = createHash('sha256');
  hash.update(`${url}\n${publicCatalogue}\n${JSON.stringify(loaderData ?? null)}\n`);
  const queries = client
    .getQueryCache()
    .getAll()
    .map((query) => [query.queryHash, query.state.status, query.state.data] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [queryHash, status, data] of queries) hash.update(`${queryHash}\n${status}\n${JSON.stringify(data ?? null)}\n`);
  return hash.digest('base64url');
}

/** A least-recently-sent cache of markup by render key, bounded by characters and age. */
export function createRenderedScreens(budgetChars = BUDGET_CHARS, maxAgeMs = MAX_AGE_MS) {
  const entries = new Map<string, Entry>();
  let chars = 0;

  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    chars -= entry.html.length;
  };

  return {
    get(key: string, now = Date.now()): string | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      drop(key, entry);
      if (now - entry.storedAt >= maxAgeMs) return undefined;
      // Sent again: it moves to the newest end.
      entries.set(key, entry);
      chars += entry.html.length;
      return entry.html;
    },
    set(key: string, html: string, now = Date.now()): void {
      if (html.length > budgetChars) return;
      const old = entries.get(key);
      if (old) drop(key, old);
      entries.set(key, { html, storedAt: now });
      chars += html.length;
      for (const [oldest, entry] of entries) {
        if (chars <= budgetChars) break;
        drop(oldest, entry);
      }
    },
    /** Characters of markup kept now. */
    get size() {
      return chars;
    },
  };
}
