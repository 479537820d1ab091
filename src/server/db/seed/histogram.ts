export type RatingHistogram = [number, number, number, number, number];

/**
 * A plausible spread of `count` ratings over 1 to 5 stars whose average rounds to `rating`:
 * a bell around the average, then single votes moved one star at a time until the sum is exact.
 */
export function ratingHistogram(rating: number, count: number): RatingHistogram {
  const histogram: RatingHistogram = [0, 0, 0, 0, 0];
  if (count === 0) return histogram;
  const weights = histogram.map((_, index) => Math.exp(-((index + 1 - rating) ** 2) / 1.5));
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  weights.forEach((weight, index) => (histogram[index] = Math.floor((count * weight) / totalWeight)));
  histogram[Math.min(4, Math.max(0, Math.round(rating) - 1))]! += count - sum(histogram, () => 1);
  const target = Math.round(rating * count);
  while (starSum(histogram) < target) moveOneVote(histogram, +1);
  while (starSum(histogram) > target) moveOneVote(histogram, -1);
  return histogram;
}

function sum(histogram: RatingHistogram, weightOf: (stars: number) => number): number {
  return histogram.reduce((total, votes, index) => total + votes * weightOf(index + 1), 0);
}

function starSum(histogram: RatingHistogram): number {
  return sum(histogram, (stars) => stars);
}

/** Moves a vote one star up (+1) or down (-1) from the fullest bar that can give one. */
function moveOneVote(histogram: RatingHistogram, direction: 1 | -1): void {
  const candidates = histogram
    .map((votes, index) => ({ votes, index }))
    .filter(({ votes, index }) => votes > 0 && index + direction >= 0 && index + direction <= 4);
  const from = candidates.reduce((best, candidate) => (candidate.votes > best.votes ? candidate : best));
  histogram[from.index]! -= 1;
  histogram[from.index + direction]! += 1;
}

/** The games table's columns for a histogram. */
export function histogramColumns([ratings1, ratings2, ratings3, ratings4, ratings5]: RatingHistogram) {
  return { ratings1, ratings2, ratings3, ratings4, ratings5 };
}
