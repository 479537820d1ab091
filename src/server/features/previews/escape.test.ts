import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, summary } from './escape';

const unescape = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);

describe('escapeHtml', () => {
  it('leaves no character that could end a tag or an attribute, and loses nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const escaped = escapeHtml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(unescape(escaped)).toBe(text);
      }),
    );
  });
});

describe('summary', () => {
  it('keeps short text whole, on one line', () => {
    expect(summary(' A  detective story ')).toBe('A detective story');
    expect(summary('Two\nlines')).toBe('Two lines');
  });

  it('cuts long text at a word, within the limit, with an ellipsis', () => {
    const cut = summary('word '.repeat(100), 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/word…$/);
  });
});
