// Ninefold Front's rules and its general: pure logic, shared by the page and its tests.
// Nine fronts in a 3x3 square. Each side has two banners of each strength (1, 2, 3). A turn
// plants one banner on an empty front or over a weaker banner of either side; the top banner
// holds the front. Three fronts in a row win at once. When no one can plant, whoever holds
// more fronts wins; equal is a truce.

export const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];
export const STRENGTHS = [1, 2, 3];
const WIN = 1000;

/** The opening position; side 0 moves first. */
export function newGame(first = 0) {
  return {
    fronts: Array.from({ length: 9 }, () => []),
    hands: [
      [2, 2, 2],
      [2, 2, 2],
    ],
    turn: first,
  };
}

/** The banner holding a front, or null. */
export function top(state, front) {
  const stack = state.fronts[front];
  return stack.length ? stack[stack.length - 1] : null;
}

/** Every move the side to play may make, strongest banners and the centre first (alpha-beta cuts more that way). */
export function legalMoves(state, side = state.turn) {
  const moves = [];
  for (const strength of [3, 2, 1]) {
    if (state.hands[side][strength - 1] === 0) continue;
    for (const front of [4, 0, 2, 6, 8, 1, 3, 5, 7]) {
      const held = top(state, front);
      if (!held || held.strength < strength) moves.push({ front, strength });
    }
  }
  return moves;
}

/** The position after a move (the state given is left as it was). */
export function play(state, move) {
  const fronts = state.fronts.map((stack, front) =>
    front === move.front ? [...stack, { side: state.turn, strength: move.strength }] : stack,
  );
  const hands = state.hands.map((hand, side) =>
    side === state.turn ? hand.map((count, i) => (i === move.strength - 1 ? count - 1 : count)) : hand,
  );
  const next = { fronts, hands, turn: 1 - state.turn };
  // A side that cannot plant passes.
  if (!winnerLine(next) && legalMoves(next).length === 0 && legalMoves(next, state.turn).length > 0) next.turn = state.turn;
  return next;
}

/** The winning row and its side, if any. */
export function winnerLine(state) {
  for (const line of LINES) {
    const holders = line.map((front) => top(state, front)?.side);
    if (holders[0] !== undefined && holders[0] === holders[1] && holders[1] === holders[2]) return { side: holders[0], line };
  }
  return null;
}

function frontsHeld(state, side) {
  return state.fronts.reduce((n, _stack, front) => n + (top(state, front)?.side === side ? 1 : 0), 0);
}

/** null while play goes on; otherwise { winner: 0 | 1 | null (truce), line? }. */
export function outcome(state) {
  const won = winnerLine(state);
  if (won) return { winner: won.side, line: won.line };
  if (legalMoves(state).length > 0) return null;
  const [mine, theirs] = [frontsHeld(state, 0), frontsHeld(state, 1)];
  return { winner: mine === theirs ? null : mine > theirs ? 0 : 1 };
}

/** How good a position looks for `side` when the search stops before the end. */
export function evaluate(state, side) {
  let score = 0;
  for (const line of LINES) {
    let mine = 0;
    let theirs = 0;
    for (const front of line) {
      const held = top(state, front);
      if (!held) continue;
      // A strength-3 banner can never be taken: it counts for more.
      const weight = held.strength === 3 ? 1.5 : 1;
      if (held.side === side) mine += weight;
      else theirs += weight;
    }
    if (theirs === 0) score += mine * mine;
    if (mine === 0) score -= theirs * theirs;
  }
  return score;
}

function terminalScore(result, side, depthLeft) {
  if (result.winner === null) return 0;
  // Sooner wins and later losses score better.
  return (result.winner === side ? WIN : -WIN) + (result.winner === side ? depthLeft : -depthLeft);
}

/** Negamax with alpha-beta pruning: the value of `state` for the side to move, searched `depth` plies. */
export function negamax(state, depth, alpha = -Infinity, beta = Infinity, counter = { nodes: 0 }) {
  counter.nodes++;
  const side = state.turn;
  const result = outcome(state);
  if (result) return terminalScore(result, side, depth);
  if (depth === 0) return evaluate(state, side);
  let best = -Infinity;
  for (const move of legalMoves(state)) {
    const next = play(state, move);
    const value = next.turn === side ? negamax(next, depth - 1, alpha, beta, counter) : -negamax(next, depth - 1, -beta, -alpha, counter);
    if (value > best) best = value;
    if (best > alpha) alpha = best;
    if (alpha >= beta) break;
  }
  return best;
}

export const LEVELS = {
  recruit: { depth: 1, blunder: 0.35, label: 'Recruit' },
  captain: { depth: 3, blunder: 0, label: 'Captain' },
  general: { depth: 6, blunder: 0, label: 'General' },
};

/**
 * The general's move: every move scored by alpha-beta search to the level's depth, the best one
 * taken (ties broken by `random`). A recruit sometimes plays any move instead.
 */
export function chooseMove(state, level = 'general', random = Math.random) {
  const { depth, blunder } = LEVELS[level] ?? LEVELS.general;
  const moves = legalMoves(state);
  if (moves.length === 0) return null;
  if (random() < blunder) return { move: moves[Math.floor(random() * moves.length)], value: 0, nodes: 0 };
  const counter = { nodes: 0 };
  let best = [];
  let bestValue = -Infinity;
  let alpha = -Infinity;
  for (const move of moves) {
    const next = play(state, move);
    const value =
      next.turn === state.turn
        ? negamax(next, depth - 1, alpha, Infinity, counter)
        : -negamax(next, depth - 1, -Infinity, -alpha + 1e-9, counter);
    if (value > bestValue) {
      bestValue = value;
      best = [move];
    } else if (value === bestValue) best.push(move);
    if (bestValue > alpha) alpha = bestValue - 1e-9;
  }
  return { move: best[Math.floor(random() * best.length)], value: bestValue, nodes: counter.nodes };
}
