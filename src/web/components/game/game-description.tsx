import { MarkdownText } from '../markdown-text';

/** The maker's description, written in Markdown (raw HTML is shown as text, never run). */
export function GameDescription({ description }: { description: string }) {
  return (
    <section aria-labelledby="game-about-title" className="lg:col-span-2">
      <h2 id="game-about-title" className="text-2xl font-semibold tracking-tight text-ink">
        About this game
      </h2>
      <div className="mt-4">
        <MarkdownText source={description} />
      </div>
    </section>
  );
}
