// Types of front-logic.js for the TypeScript tests; not part of the build.
export interface Banner {
  side: 0 | 1;
  strength: 1 | 2 | 3;
}
export interface FrontState {
  fronts: Banner[][];
  hands: [number[], number[]];
  turn: 0 | 1;
}
export interface Move {
  front: number;
  strength: 1 | 2 | 3;
}
export type Level = 'recruit' | 'captain' | 'general';
export const LINES: number[][];
export const LEVELS: Record<Level, { depth: number; blunder: number; label: string }>;
export function newGame(first?: 0 | 1): FrontState;
export function top(state: FrontState, front: number): Banner | null;
export function legalMoves(state: FrontState, side?: 0 | 1): Move[];
export function play(state: FrontState, move: Move): FrontState;
export function winnerLine(state: FrontState): { side: 0 | 1; line: number[] } | null;
export function outcome(state: FrontState): { winner: 0 | 1 | null; line?: number[] } | null;
export function evaluate(state: FrontState, side: 0 | 1): number;
export function negamax(state: FrontState, depth: number, alpha?: number, beta?: number, counter?: { nodes: number }): number;
export function chooseMove(state: FrontState, level?: Level, random?: () => number): { move: Move; value: number; nodes: number } | null;
