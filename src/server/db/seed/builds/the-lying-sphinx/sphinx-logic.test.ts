import { describe, expect, it } from 'vitest';
import { fits, generatePuzzle, scoreAnswer, seededRandom, sentence, solutions, worlds, type Puzzle } from './sphinx-logic.js';

describe("the Lying Sphinx's puzzle maker", () => {
  it('makes puzzles with exactly one consistent world, for three and four doors', () => {
    const random = seededRandom(36);
    for (let i = 0; i < 300; i++) {
      const doors = i % 2 === 0 ? 3 : 4;
      const puzzle = generatePuzzle(doors, random);
      const consistent = worlds(doors).filter((world) => fits(puzzle, world));
      expect(consistent).toEqual([puzzle.answer]);
      // The liar's words are false and the others' true in the answer.
      expect(puzzle.statements).toHaveLength(3);
    }
  });

  it('finds every consistent world by brute force, so an ambiguous puzzle shows as such', () => {
    const ambiguous: Puzzle = {
      doors: 3,
      statements: [
        { kind: 'honest', sphinx: 1 },
        { kind: 'honest', sphinx: 0 },
        { kind: 'door-is', door: 0 },
      ],
    };
    // Gold and Jade vouch for each other, so Onyx lies: the treasure is not behind door 1, and doors 2 and 3 both fit.
    expect(solutions(ambiguous)).toEqual([
      { liar: 2, door: 1 },
      { liar: 2, door: 2 },
    ]);
    const solved: Puzzle = {
      doors: 3,
      statements: [
        { kind: 'liar-is', sphinx: 1 },
        { kind: 'door-is', door: 2 },
        { kind: 'honest', sphinx: 1 },
      ],
    };
    // Gold says Jade lies, Onyx says Jade is honest: one of Gold and Onyx lies, so Jade tells the truth: door 3, and Gold lies.
    expect(solutions(solved)).toEqual([{ liar: 0, door: 2 }]);
  });

  it('words statements and scores answers', () => {
    expect(sentence({ kind: 'door-either', door: 2, other: 0 })).toBe('The treasure is behind door 1 or door 3.');
    const puzzle = { ...generatePuzzle(3, seededRandom(1)) };
    expect(scoreAnswer(puzzle, puzzle.answer)).toBe(3);
    expect(scoreAnswer(puzzle, { liar: (puzzle.answer.liar + 1) % 3, door: puzzle.answer.door })).toBe(2);
  });
});
