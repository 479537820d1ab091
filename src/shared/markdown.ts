import MarkdownIt, { type MarkdownIt as Markdown } from 'markdown-it';

/** Link targets a description may use: the web, mail, and paths or anchors of this site. */
const allowedLink = /^(https?:|mailto:|\/(?!\/)|#)/i;

/** A description's "#" is a heading under the page's own h1 and the section's h2. */
const HEADING_SHIFT = 2;

function createRenderer(): Markdown {
  // html: false escapes any raw HTML in the source; no images, so text cannot load other sites' pixels.
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
  md.disable(['image']);
  const defaultValidate = md.validateLink.bind(md);
  md.validateLink = (url) => defaultValidate(url) && allowedLink.test(url.trim());
  // The page has its own h1 and the description sits under an h2: "#" becomes h3, "##" h4...
  md.core.ruler.push('shift_headings', (state) => {
    for (const token of state.tokens) {
      if (token.type === 'heading_open' || token.type === 'heading_close') {
        token.tag = `h${Math.min(Number(token.tag.slice(1)) + HEADING_SHIFT, 6)}`;
      }
    }
  });
  md.renderer.rules.link_open = (tokens, index, options, _env, self) => {
    const token = tokens[index]!;
    token.attrSet('rel', 'noopener noreferrer nofollow');
    token.attrSet('target', '_blank');
    return self.renderToken(tokens, index, options);
  };
  return md;
}

let renderer: Markdown | undefined;

/**
 * Markdown to safe HTML for game descriptions (and the submission form's preview): raw HTML is
 * shown as text, links are checked (no javascript:, data:, vbscript: or file:) and open in a new
 * tab without the opener or a referrer.
 */
export function renderMarkdown(source: string): string {
  renderer ??= createRenderer();
  return renderer.render(source);
}
