import { describe, expect, it } from 'vitest';
import { mannWhitney } from './rank-test';
import { seededRandom } from './seeded-random';

describe('the Mann-Whitney U test', () => {
  it('gives the textbook answer for a small example', () => {
    // Two sets of 10 with U = 9 for the first: z = (|9 - 50| - 0.5) / sqrt(175) = 3.062, p = 0.0022.
    const a = [1, 2, 3, 4, 5, 6, 7, 8, 12, 16];
    const b = [9, 10, 11, 13, 14, 15, 17, 18, 19, 20];
    const { p, probabilityAGreater } = mannWhitney(a, b);
    expect(probabilityAGreater).toBeCloseTo(0.09, 2);
    expect(p).toBeCloseTo(0.0022, 4);
  });

  it('cannot tell two draws from one distribution apart, and tells a small shift apart with enough samples', () => {
    const random = seededRandom(7);
    // Skewed like response times: 170 ms plus an exponential tail of mean 15 ms.
    const time = (shift: number) => 170 + shift - 15 * Math.log(1 - random.next());
    const draw = (count: number, shift = 0) => Array.from({ length: count }, () => time(shift));
    expect(mannWhitney(draw(200), draw(200)).p).toBeGreaterThan(0.01);
    expect(mannWhitney(draw(200), draw(200, 10)).p).toBeLessThan(0.0001);
  });

  it('counts ties as half and answers 1 when every value is equal', () => {
    expect(mannWhitney([5, 5, 5], [5, 5, 5])).toEqual({ p: 1, probabilityAGreater: 0.5 });
  });
});
