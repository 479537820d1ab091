// Types of habit-model.js for the TypeScript tests; not part of the build.
export type Hand = 'fist' | 'palm' | 'blade';
export interface HabitModel {
  order: number;
  history: Hand[];
  counts: Map<string, Record<Hand, number>>;
}
export interface Guess {
  context: Hand[];
  seen: number;
  chances: Record<Hand, number>;
  likely: Hand | null;
}
export const HANDS: Hand[];
export const BEATS: Record<Hand, Hand>;
export const COUNTER: Record<Hand, Hand>;
export function judge(a: Hand, b: Hand): -1 | 0 | 1;
export function createModel(order?: number): HabitModel;
export function observe(model: HabitModel, move: Hand): void;
export function predict(model: HabitModel, minSeen?: number): Guess;
export function chooseThrow(model: HabitModel, random?: () => number, bluff?: number): { hand: Hand; guess: Guess; guessed: boolean };
