import { describe, expect, it } from 'vitest';
import { TaglineTrigrams, trigramsOf } from './tagline-similarity';

describe('tagline similarity', () => {
  it("makes pg_trgm's trigrams: lower case, words padded", () => {
    expect([...trigramsOf('Word!')]).toEqual(['  w', ' wo', 'wor', 'ord', 'rd ']);
  });

  it("scores as pg_trgm's similarity does", () => {
    const taglines = new TaglineTrigrams();
    const others = ['words', 'word', 'nothing alike', ''].map((text) => taglines.numbered(text));
    const scores = [...taglines.similarities('word', others)];
    expect(scores[0]).toBeCloseTo(0.571429, 5);
    expect(scores.slice(1)).toEqual([1, 0, 0]);
  });
});
