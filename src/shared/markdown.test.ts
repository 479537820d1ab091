import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

const dangerous = /<script|<img|<iframe|<svg|\son\w+=|javascript:|vbscript:|data:/i;

describe('renderMarkdown', () => {
  it('renders paragraphs, emphasis, lists and links', () => {
    const html = renderMarkdown('Hello **there**.\n\n- one\n- two\n\n[Our site](https://example.com/a?b=1)');
    expect(html).toContain('<p>Hello <strong>there</strong>.</p>');
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(html).toContain('<a href="https://example.com/a?b=1" rel="noopener noreferrer nofollow" target="_blank">Our site</a>');
  });

  it.each([
    ['a raw script tag', '<script>alert(1)</script>'],
    ['an image with onerror', '<img src=x onerror=alert(1)>'],
    ['an inline iframe', 'before <iframe src="https://evil.example"></iframe> after'],
    ['an svg with onload', '<svg onload=alert(1)>'],
    ['a javascript: link', '[click](javascript:alert(1))'],
    ['a JaVaScRiPt: link with spaces and entities', '[click]( JaVaScRiPt&#58;alert(1) )'],
    ['an encoded javascript: link', '[click](java%73cript:alert(1))'],
    ['a data: HTML link', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['a data: image link', '[click](data:image/png;base64,iVBORw0KGgo=)'],
    ['a markdown image with a data: URL', '![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)'],
    ['a markdown image pointing elsewhere', '![pixel](https://tracker.example/p.gif)'],
    ['a vbscript: autolink', '<vbscript:msgbox(1)>'],
    ['an attribute breakout in a link title', '[x](https://example.com "a\\" onmouseover=\\"alert(1))'],
  ])('neutralises %s', (_name, source) => {
    const html = renderMarkdown(source);
    const withoutText = html.replace(/&lt;[^]*?&gt;/g, '').replace(/>[^<]*</g, '><');
    expect(withoutText).not.toMatch(dangerous);
    expect(html).not.toMatch(/<(script|img|iframe|svg)\b/i);
    expect(html).not.toMatch(/href="\s*(javascript|vbscript|data):/i);
  });

  it("puts a description's headings under the page's h1 and the section's h2", () => {
    expect(renderMarkdown('# Story\n\n## Rules\n\n##### Deep')).toBe('<h3>Story</h3>\n<h4>Rules</h4>\n<h6>Deep</h6>\n');
  });

  it('shows raw HTML as text', () => {
    expect(renderMarkdown('<b>bold</b>')).toBe('<p>&lt;b&gt;bold&lt;/b&gt;</p>\n');
  });

  it('keeps paths of this site and mail links, marks every link', () => {
    expect(renderMarkdown('[a](/games) [b](mailto:hi@example.com) [c](//evil.example)')).toBe(
      '<p><a href="/games" rel="noopener noreferrer nofollow" target="_blank">a</a> ' +
        '<a href="mailto:hi@example.com" rel="noopener noreferrer nofollow" target="_blank">b</a> [c](//evil.example)</p>\n',
    );
  });

  it('turns bare web addresses into safe links', () => {
    expect(renderMarkdown('see https://example.com')).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">https://example.com</a>',
    );
  });
});
