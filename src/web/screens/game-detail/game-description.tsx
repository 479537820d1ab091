/** Plain-text description: blank lines separate paragraphs. Never rendered as HTML. */
export function GameDescription({ description }: { description: string }) {
  const paragraphs = description
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <section aria-labelledby="game-about-title" className="lg:col-span-2">
      <h2 id="game-about-title" className="text-2xl font-semibold tracking-tight text-ink">
        About this game
      </h2>
      <div className="mt-4 max-w-3xl space-y-4 text-base leading-7 text-muted">
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </section>
  );
}
