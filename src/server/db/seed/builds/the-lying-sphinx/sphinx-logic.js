// The Lying Sphinx's puzzle maker: pure logic, shared by the page and its tests.
// A world is who lies and where the treasure is; a puzzle is one statement per sphinx.
// A puzzle is kept only when brute force over every world finds exactly one that fits.

export const SPHINXES = ['Gold', 'Jade', 'Onyx'];

/** Every world of a puzzle with this many doors: each sphinx as the liar, each door as the treasure's. */
export function worlds(doors) {
  const all = [];
  for (let liar = 0; liar < SPHINXES.length; liar++) {
    for (let door = 0; door < doors; door++) all.push({ liar, door });
  }
  return all;
}

/** Whether a statement is true in a world. */
export function holds(statement, world) {
  switch (statement.kind) {
    case 'door-is':
      return world.door === statement.door;
    case 'door-not':
      return world.door !== statement.door;
    case 'door-either':
      return world.door === statement.door || world.door === statement.other;
    case 'liar-is':
      return world.liar === statement.sphinx;
    case 'honest':
      return world.liar !== statement.sphinx;
    case 'liar-near':
      // "The liar stands beside the treasure": the liar's place matches the door's place.
      return world.liar === world.door;
    default:
      throw new Error(`Unknown statement ${statement.kind}`);
  }
}

/** A world fits a puzzle when the liar's statement is false and every other one is true. */
export function fits(puzzle, world) {
  return puzzle.statements.every((statement, speaker) => holds(statement, world) === (speaker !== world.liar));
}

/** Every world that fits, by brute force. */
export function solutions(puzzle) {
  return worlds(puzzle.doors).filter((world) => fits(puzzle, world));
}

function randomStatement(speaker, doors, random) {
  const pick = (n) => Math.floor(random() * n);
  const other = (speaker + 1 + pick(SPHINXES.length - 1)) % SPHINXES.length;
  const door = pick(doors);
  const kinds = ['door-is', 'door-not', 'door-not', 'liar-is', 'honest', 'door-either'];
  if (doors === SPHINXES.length) kinds.push('liar-near');
  const kind = kinds[pick(kinds.length)];
  if (kind === 'liar-is' || kind === 'honest') return { kind, sphinx: other };
  if (kind === 'door-either') return { kind, door, other: (door + 1 + pick(doors - 1)) % doors };
  if (kind === 'liar-near') return { kind };
  return { kind, door };
}

/**
 * A fresh puzzle with exactly one solution. `random` is a function like Math.random, so tests
 * and daily puzzles can pass a seeded one.
 */
export function generatePuzzle(doors = 3, random = Math.random) {
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const statements = SPHINXES.map((_, speaker) => randomStatement(speaker, doors, random));
    const puzzle = { doors, statements };
    const found = solutions(puzzle);
    if (found.length === 1) return { ...puzzle, answer: found[0] };
  }
  throw new Error('No puzzle with one solution was found');
}

/** The words a sphinx says. */
export function sentence(statement) {
  const door = (n) => `door ${n + 1}`;
  switch (statement.kind) {
    case 'door-is':
      return `The treasure is behind ${door(statement.door)}.`;
    case 'door-not':
      return `The treasure is not behind ${door(statement.door)}.`;
    case 'door-either':
      return `The treasure is behind ${door(Math.min(statement.door, statement.other))} or ${door(Math.max(statement.door, statement.other))}.`;
    case 'liar-is':
      return `${SPHINXES[statement.sphinx]} is the liar.`;
    case 'honest':
      return `${SPHINXES[statement.sphinx]} tells the truth.`;
    case 'liar-near':
      return 'The liar stands in front of the treasure’s door.';
    default:
      throw new Error(`Unknown statement ${statement.kind}`);
  }
}

/** Points for an answer: one for naming the liar, two for the right door. */
export function scoreAnswer(puzzle, guess) {
  return (guess.liar === puzzle.answer.liar ? 1 : 0) + (guess.door === puzzle.answer.door ? 2 : 0);
}

/** A small seeded generator (mulberry32), for repeatable puzzles. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
