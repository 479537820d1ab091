/**
 * The Mann-Whitney U (Wilcoxon rank-sum) test, two-sided, by its normal approximation with the
 * correction for ties: fine from about 20 samples a side. It asks whether values drawn from one
 * set tend to be larger than from the other, whatever shape the two share, so a few stalls on a
 * busy machine (long right tails) do not decide it as they would a difference of means.
 */
export interface RankTest {
  /** How likely a split at least this lopsided is if both sets come from one distribution. */
  p: number;
  /** The chance that a value from `a` exceeds one from `b` (ties count half): 0.5 when alike. */
  probabilityAGreater: number;
}

function ranksWithTies(values: number[]): { ranks: number[]; tieTerm: number } {
  const order = values.map((value, index) => ({ value, index })).sort((x, y) => x.value - y.value);
  const ranks = new Array<number>(values.length);
  let tieTerm = 0;
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end++;
    const rank = (start + end) / 2 + 1;
    for (let i = start; i <= end; i++) ranks[order[i]!.index] = rank;
    const tied = end - start + 1;
    tieTerm += tied ** 3 - tied;
    start = end + 1;
  }
  return { ranks, tieTerm };
}

/** The standard normal's upper tail, P(Z > z), by the complementary error function (Numerical Recipes' erfc). */
function normalUpperTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  const upper = erfc / 2;
  return z >= 0 ? upper : 1 - upper;
}

export function mannWhitney(a: number[], b: number[]): RankTest {
  const n1 = a.length;
  const n2 = b.length;
  if (n1 === 0 || n2 === 0) throw new Error('Both sets need values');
  const { ranks, tieTerm } = ranksWithTies([...a, ...b]);
  const rankSumA = ranks.slice(0, n1).reduce((sum, rank) => sum + rank, 0);
  const uA = rankSumA - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (variance === 0) return { p: 1, probabilityAGreater: 0.5 };
  // The continuity correction: U moves in steps of one (or a half, with ties).
  const z = (Math.abs(uA - mean) - 0.5) / Math.sqrt(variance);
  return { p: Math.min(1, 2 * normalUpperTail(Math.max(0, z))), probabilityAGreater: uA / (n1 * n2) };
}
