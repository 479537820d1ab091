import { useMemo } from 'react';
import { renderMarkdown } from '../../shared/markdown';
import { RenderedMarkdown } from './rendered-markdown';

/**
 * Markdown written here (a form's preview), shown as HTML. Text the server sends comes with its
 * HTML already made: show that with RenderedMarkdown, and the page loads no Markdown code.
 */
export function MarkdownText({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <RenderedMarkdown html={html} />;
}
