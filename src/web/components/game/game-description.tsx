import type { ReactNode } from 'react';

/** The section for the maker's description, given as RenderedMarkdown or MarkdownText (raw HTML is shown as text, never run). */
export function GameDescription({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="game-about-title" className="lg:col-span-2">
      <h2 id="game-about-title" className="text-2xl font-semibold tracking-tight text-ink">
        About this game
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
