import { Prose } from './prose';

/**
 * A maker's Markdown as HTML made by `renderMarkdown` (shared/markdown.ts), which escapes raw HTML
 * and refuses unsafe link targets: from the server's answers (`descriptionHtml`, `bodyHtml`), so a
 * page that shows them needs no Markdown code, or from MarkdownText. Never any other HTML.
 */
export function RenderedMarkdown({ html }: { html: string }) {
  return (
    <Prose>
      <div className="[&>*:first-child]:mt-0" dangerouslySetInnerHTML={{ __html: html }} />
    </Prose>
  );
}
