// Types of sphinx-logic.js for the TypeScript tests; not part of the build.
export type Statement =
  | { kind: 'door-is' | 'door-not'; door: number }
  | { kind: 'door-either'; door: number; other: number }
  | { kind: 'liar-is' | 'honest'; sphinx: number }
  | { kind: 'liar-near' };
export interface World {
  liar: number;
  door: number;
}
export interface Puzzle {
  doors: number;
  statements: Statement[];
}
export interface SolvedPuzzle extends Puzzle {
  answer: World;
}
export const SPHINXES: string[];
export function worlds(doors: number): World[];
export function holds(statement: Statement, world: World): boolean;
export function fits(puzzle: Puzzle, world: World): boolean;
export function solutions(puzzle: Puzzle): World[];
export function generatePuzzle(doors?: number, random?: () => number): SolvedPuzzle;
export function sentence(statement: Statement): string;
export function scoreAnswer(puzzle: SolvedPuzzle, guess: World): number;
export function seededRandom(seed: number): () => number;
