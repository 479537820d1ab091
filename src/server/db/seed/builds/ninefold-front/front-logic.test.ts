import { describe, expect, it } from 'vitest';
import { seededRandom } from '../the-lying-sphinx/sphinx-logic.js';
import { chooseMove, legalMoves, newGame, outcome, play, type FrontState, type Move } from './front-logic.js';

/** Plays the moves in turn from a fresh game (side 0 first). */
function after(moves: [number, 1 | 2 | 3][]): FrontState {
  return moves.reduce((state, [front, strength]) => play(state, { front, strength }), newGame(0));
}

describe("Ninefold Front's general (minimax with alpha-beta)", () => {
  it('takes a winning move when one exists, at every level that searches', () => {
    // Side 1 (the general) holds fronts 0 and 1; side 0 has not blocked front 2.
    const state = after([
      [4, 1],
      [0, 2],
      [8, 1],
      [1, 2],
      [6, 1],
    ]);
    expect(state.turn).toBe(1);
    for (const level of ['captain', 'general'] as const) {
      const choice = chooseMove(state, level, seededRandom(7))!;
      const won = outcome(play(state, choice.move));
      expect(won?.winner, level).toBe(1);
    }
  });

  it('blocks, or takes over, a row the player is about to complete', () => {
    // Side 0 holds 0 and 1 with strength-1 banners; the general must deal with front 2 (or cover 0 or 1).
    const state = after([
      [0, 1],
      [8, 1],
      [1, 1],
    ]);
    const { move } = chooseMove(state, 'general', seededRandom(3))!;
    const next = play(state, move);
    const threats = legalMoves(next).filter((reply: Move) => outcome(play(next, reply))?.winner === 0);
    expect(threats).toEqual([]);
  });

  it('never loses from the start position against a random player, moving first or second', () => {
    const random = seededRandom(2026);
    for (let game = 0; game < 8; game++) {
      let state = newGame(game % 2 === 0 ? 0 : 1);
      while (!outcome(state)) {
        const moves = legalMoves(state);
        const move = state.turn === 1 ? chooseMove(state, 'general', random)!.move : moves[Math.floor(random() * moves.length)]!;
        state = play(state, move);
      }
      expect(outcome(state)!.winner).not.toBe(0);
    }
  }, 60_000);

  it('ends with the most fronts held when no one can plant', () => {
    expect(outcome(newGame())).toBeNull();
    const full = newGame(0);
    full.hands = [
      [0, 0, 0],
      [0, 0, 0],
    ];
    full.fronts = full.fronts.map((_stack, front) => [{ side: front < 5 ? 0 : 1, strength: 3 }]);
    // 0..4 for side 0 include the row 0-1-2: a line wins before counting.
    expect(outcome(full)).toEqual({ winner: 0, line: [0, 1, 2] });
  });
});
