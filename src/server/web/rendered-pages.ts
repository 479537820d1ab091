import { createHash } from 'node:crypto';
import type { ScreenAnswers } from '../../shared/server-render';
import { compressStart, type CompressedStart } from '../http/spliced-gzip';
import { createKeptDocuments } from './kept-documents';
import { cutAtRoot, renderedEnd, renderedStart } from './server-render';

/** A page whose screen was rendered: its start, compressed once, and its end, made for this request. */
export interface RenderedPage {
  start: CompressedStart;
  end: string;
}

/**
 * Whether a rendered page was sent from what was kept, or rendered for this request: in one pass,
 * or after waiting for something that suspended (slower: src/web/server/markup.tsx).
 */
export type RenderedPageOutcome = 'kept' | 'rendered' | 'waited';

/**
 * Makes pages with their screen rendered, or sends again the start of one made from the same
 * answers and head (decision 0075): the key covers both, so a kept start is exactly what a new
 * render would give. `counted` hears of each page made.
 */
export function createRenderedPages(counted: (outcome: RenderedPageOutcome) => void) {
  const kept = createKeptDocuments();
  const keyOf = (answers: ScreenAnswers, page: string) =>
    createHash('sha256').update(answers.key).update('\n').update(page).digest('base64url');

  return {
    /**
     * `page` is index.html with this page's head (its rendered preloads among it); `liveCursor`
     * where the live events stood before the answers were read. Undefined when the screen could
     * not be rendered after all (the browser renders it).
     */
    async pageFrom(answers: ScreenAnswers, page: string, liveCursor: string | undefined): Promise<RenderedPage | undefined> {
      const around = cutAtRoot(page);
      const end = renderedEnd(around, liveCursor);
      const key = keyOf(answers, page);
      const keptStart = kept.get(key);
      if (keptStart) {
        counted('kept');
        return { start: keptStart, end };
      }
      const rendered = await answers.render();
      if (!rendered) return undefined;
      counted(rendered.waited ? 'waited' : 'rendered');
      const start = compressStart(renderedStart(around, rendered));
      if (rendered.keepable) kept.set(key, start);
      return { start, end };
    },
  };
}
