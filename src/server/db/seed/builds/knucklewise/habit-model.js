// Knucklewise's opponent: a frequency model of the player's habits (n-grams of their last
// moves), pure logic shared by the page and its tests. It counts which hand followed each of
// the player's recent runs of one and two hands, predicts from the longest run it has seen
// often enough, and throws the hand that beats the prediction.

export const HANDS = ['fist', 'palm', 'blade'];
/** What each hand beats: fist breaks blade, blade cuts palm, palm covers fist. */
export const BEATS = { fist: 'blade', blade: 'palm', palm: 'fist' };
export const COUNTER = { blade: 'fist', palm: 'blade', fist: 'palm' };

/** +1 when `a` wins, -1 when `b` wins, 0 for a tie. */
export function judge(a, b) {
  if (a === b) return 0;
  return BEATS[a] === b ? 1 : -1;
}

export function createModel(order = 2) {
  return { order, history: [], counts: new Map() };
}

const contextKey = (moves) => moves.join(' ');

/** Records the player's move: every context of length 0..order that preceded it counts it once more. */
export function observe(model, move) {
  for (let length = 0; length <= model.order && length <= model.history.length; length++) {
    const key = contextKey(model.history.slice(model.history.length - length));
    const row = model.counts.get(key) ?? { fist: 0, palm: 0, blade: 0 };
    row[move]++;
    model.counts.set(key, row);
  }
  model.history.push(move);
}

/**
 * The model's guess at the player's next hand: the chances from the longest recent run seen at
 * least `minSeen` times, backing off to shorter ones, and uniform with no data at all.
 */
export function predict(model, minSeen = 2) {
  for (let length = Math.min(model.order, model.history.length); length >= 0; length--) {
    const context = model.history.slice(model.history.length - length);
    const row = model.counts.get(contextKey(context));
    const seen = row ? row.fist + row.palm + row.blade : 0;
    if (seen >= minSeen || (length === 0 && seen > 0)) {
      const chances = Object.fromEntries(HANDS.map((hand) => [hand, row[hand] / seen]));
      const likely = HANDS.reduce((best, hand) => (chances[hand] > chances[best] ? hand : best), HANDS[0]);
      return { context, seen, chances, likely };
    }
  }
  return { context: [], seen: 0, chances: { fist: 1 / 3, palm: 1 / 3, blade: 1 / 3 }, likely: null };
}

/**
 * The opponent's throw: the counter to the most likely hand, or, when the guess is no better
 * than chance or it chooses to keep the player guessing (`bluff`), a random one.
 */
export function chooseThrow(model, random = Math.random, bluff = 0.1) {
  const guess = predict(model);
  const sure = guess.likely !== null && guess.chances[guess.likely] > 0.4;
  if (!sure || random() < bluff) return { hand: HANDS[Math.floor(random() * HANDS.length)], guess, guessed: false };
  return { hand: COUNTER[guess.likely], guess, guessed: true };
}
