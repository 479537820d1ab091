import { describe, expect, it } from 'vitest';
import { ratingHistogram } from './histogram';

const average = (h: number[]) => h.reduce((s, v, i) => s + v * (i + 1), 0) / h.reduce((s, v) => s + v, 0);

describe('ratingHistogram', () => {
  it.each([
    [4.7, 3180],
    [3.9, 74],
    [1.0, 12],
    [5.0, 3],
    [2.5, 20_000],
    [4.33, 7],
  ])('spreads %d stars over %d ratings with that average', (rating, count) => {
    const histogram = ratingHistogram(rating, count);
    expect(histogram.reduce((s, v) => s + v, 0)).toBe(count);
    expect(histogram.every((votes) => Number.isInteger(votes) && votes >= 0)).toBe(true);
    expect(Math.abs(average(histogram) - rating)).toBeLessThanOrEqual(0.5 / count + 1e-9);
  });

  it('gives an empty histogram for no ratings', () => {
    expect(ratingHistogram(0, 0)).toEqual([0, 0, 0, 0, 0]);
  });

  it('uses more than two bars for a large, mixed audience', () => {
    expect(ratingHistogram(4.2, 1000).filter((votes) => votes > 0).length).toBeGreaterThan(2);
  });
});
