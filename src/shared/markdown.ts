import MarkdownIt, { type MarkdownIt as Markdown } from 'markdown-it';

/** Link targets a description may use: the web, mail, and paths or anchors of this site. */
const allowedLink = /^(https?:|mailto:|\/(?!\/)|#)/i;

function createRenderer(): Markdown {
  // html: false escapes any raw HTML in the source; no images, so text cannot load other sites' pixels.
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
  md.disable(['image']);
  const defaultValidate = md.validateLink.bind(md);
  md.validateLink = (url) => defaultValidate(url) && allowedLink.test(url.trim());
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
