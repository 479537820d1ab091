import { describe, expect, it } from 'vitest';
import { seededRandom } from '../the-lying-sphinx/sphinx-logic.js';
import { chooseThrow, COUNTER, createModel, judge, observe, predict, type Hand } from './habit-model.js';

describe("Knucklewise's habit model (n-grams of the player's moves)", () => {
  it('knows nothing at first, and guesses at random', () => {
    expect(predict(createModel()).likely).toBeNull();
    expect(chooseThrow(createModel(), seededRandom(1)).guessed).toBe(false);
  });

  it('predicts a repeated cycle from the last two moves, and throws its counter', () => {
    const model = createModel(2);
    const cycle: Hand[] = ['fist', 'fist', 'palm', 'blade'];
    for (let i = 0; i < 16; i++) observe(model, cycle[i % cycle.length]!);
    // Next in the cycle after "... palm blade" is fist, after "blade fist" is fist, and so on.
    for (let i = 16; i < 28; i++) {
      const expected = cycle[i % cycle.length]!;
      const guess = predict(model);
      expect(guess.likely).toBe(expected);
      expect(guess.context).toHaveLength(2);
      expect(chooseThrow(model, seededRandom(i), 0).hand).toBe(COUNTER[expected]);
      observe(model, expected);
    }
  });

  it('beats a player who always throws the same hand, once it has seen it', () => {
    const model = createModel();
    let score = 0;
    const random = seededRandom(9);
    for (let round = 0; round < 30; round++) {
      const { hand } = chooseThrow(model, random, 0);
      if (round >= 3) score += judge(hand, 'palm');
      observe(model, 'palm');
    }
    expect(score).toBe(27);
  });

  it('judges hands: fist breaks blade, blade cuts palm, palm covers fist', () => {
    expect([judge('fist', 'blade'), judge('blade', 'palm'), judge('palm', 'fist'), judge('fist', 'palm'), judge('palm', 'palm')]).toEqual([
      1, 1, 1, -1, 0,
    ]);
  });
});
