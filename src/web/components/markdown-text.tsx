import { useMemo } from 'react';
import { renderMarkdown } from '../../shared/markdown';
import { Prose } from './prose';

/**
 * Text written in Markdown by a maker, shown as HTML. Safe to insert: `renderMarkdown` escapes
 * raw HTML and refuses unsafe link targets (see its tests).
 */
export function MarkdownText({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <Prose>
      <div className="[&>*:first-child]:mt-0" dangerouslySetInnerHTML={{ __html: html }} />
    </Prose>
  );
}
