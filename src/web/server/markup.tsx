// The markup of a screen whose answers are all in hand. React's synchronous renderer writes it in
// about two thirds of the time its prerenderer takes (a member's game page 1.4-1.7 ms instead of
// 2.1-2.5, /games 2.0 instead of 3.0-3.3; the same bytes): the prerenderer writes every piece
// into buffers as it goes, the synchronous one into a string encoded once. But the synchronous
// one cannot wait: where something suspends (a screen's module not loaded yet, a query whose
// answer is not in the cache) it leaves the boundary to the browser. Then the screen is
// prerendered, which waits for it, as before.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';

/** How React marks a boundary it left for the browser to render: something in it suspended (or threw). */
const LEFT_TO_THE_BROWSER = '<!--$!-->';

/** The tree's markup in one pass, or undefined when something in it suspended. */
function renderedAtOnce(tree: ReactNode): Buffer | undefined {
  let html: string;
  try {
    html = renderToString(tree);
  } catch {
    // Something suspended outside every boundary (or threw): the prerenderer waits for it, or throws again.
    return undefined;
  }
  return html.includes(LEFT_TO_THE_BROWSER) ? undefined : Buffer.from(html);
}

async function prerendered(tree: ReactNode): Promise<Buffer> {
  const { prelude } = await prerenderToNodeStream(
    tree,
    // Every boundary in place, none sent after its fallback: completing one needs an inline script, which the CSP refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface Markup {
  /** UTF-8, every boundary rendered with what it waited for. */
  bytes: Buffer;
  /** Something suspended, so the tree was prerendered. */
  waited: boolean;
}

export async function markupOf(tree: ReactNode): Promise<Markup> {
  const atOnce = renderedAtOnce(tree);
  return atOnce ? { bytes: atOnce, waited: false } : { bytes: await prerendered(tree), waited: true };
}
