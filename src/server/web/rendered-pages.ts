import { createHash } from 'node:crypto';
import type { ScreenAnswers } from '../../shared/server-render';
import { compressStart, continueStart, gzipBeginning, type CompressedStart } from '../http/spliced-gzip';
import { createKeptDocuments } from './kept-documents';
import { cutAtRoot, renderedEnd, renderedRoot } from './server-render';

/** A page whose screen was rendered: its start, compressed once, and its end, made for this request. */
export interface RenderedPage {
  start: CompressedStart;
  end: string;
}

/** Sends a page's first bytes (gzip: its header and the page's head) before the rest is made. */
export type SendAhead = (beginning: Buffer) => void;

/**
 * Whether a rendered page was sent from what was kept (or from another request's render of the
 * same answers, just made), or rendered for this request: in one pass, or after waiting for
 * something that suspended (slower: src/web/server/markup.tsx).
 */
export type RenderedPageOutcome = 'kept' | 'rendered' | 'waited';

/** A start just made, and whether it may go to other requests with the same key. */
interface MadeStart {
  start: CompressedStart;
  keepable: boolean;
}

/**
 * Makes pages with their screen rendered, or sends again the start of one made from the same
 * answers and head (decision 0075): the key covers both, so a kept start is exactly what a new
 * render would give. `counted` hears of each page made.
 */
export function createRenderedPages(counted: (outcome: RenderedPageOutcome) => void) {
  const kept = createKeptDocuments();
  // A burst of members opening one new page (a newsletter's link) waits for one render, not one each.
  const making = new Map<string, Promise<MadeStart | undefined>>();
  const keyOf = (answers: ScreenAnswers, page: string) =>
    createHash('sha256').update(answers.key).update('\n').update(page).digest('base64url');

  /** A start in two parts: the page's head, which may have gone ahead, then its screen. */
  const made = async (key: string, answers: ScreenAnswers, head: () => Promise<CompressedStart>): Promise<MadeStart | undefined> => {
    const rendered = await answers.render();
    if (!rendered) return undefined;
    counted(rendered.waited ? 'waited' : 'rendered');
    const start = await continueStart(await head(), renderedRoot(rendered));
    if (rendered.keepable) kept.set(key, start);
    return { start, keepable: rendered.keepable };
  };

  /** The start being made under this key, if it may be shared, or one made for this request. */
  const startFor = async (key: string, answers: ScreenAnswers, head: () => Promise<CompressedStart>) => {
    // Looked up before anything is awaited, so the first of a burst is the one the others join.
    const inFlight = making.get(key);
    const other = inFlight && (await inFlight.catch(() => undefined));
    if (other?.keepable) {
      counted('kept');
      return other.start;
    }
    const mine = made(key, answers, head);
    if (!making.has(key)) {
      making.set(key, mine);
      void mine.finally(() => making.delete(key)).catch(() => undefined);
    }
    return (await mine)?.start;
  };

  return {
    /**
     * `page` is index.html with this page's head (its rendered preloads among it); `liveCursor`
     * where the live events stood before the answers were read. Undefined when the screen could
     * not be rendered after all (the browser renders it). A page that must be rendered first
     * gives its head to `sendAhead`, so the browser fetches its stylesheet and scripts during the
     * render; then it is always a page, with the loading screen after the head if the render failed.
     */
    async pageFrom(
      answers: ScreenAnswers,
      page: string,
      liveCursor: string | undefined,
      sendAhead?: SendAhead,
    ): Promise<RenderedPage | undefined> {
      const around = cutAtRoot(page);
      const end = renderedEnd(around, liveCursor, answers.memberFacts);
      const key = keyOf(answers, page);
      const keptStart = kept.get(key);
      if (keptStart) {
        counted('kept');
        return { start: keptStart, end };
      }
      // Compressed once for this request, and only if it goes ahead or a render of its own needs it.
      let compressedHead: Promise<CompressedStart> | undefined;
      const head = () => (compressedHead ??= compressStart(Buffer.from(around.before)));
      const starting = startFor(key, answers, head);
      if (!sendAhead) {
        const start = await starting;
        return start && { start, end };
      }
      sendAhead(gzipBeginning(await head()));
      const start = await starting;
      return start ? { start, end } : { start: await head(), end: `${around.loading}${around.after}` };
    },
  };
}
