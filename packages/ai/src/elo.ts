/**
 * Elo difference from a match score, with a 95% error margin, the way engine testers report it
 * (logistic model; the margin from the standard error of the per-game score, draws included).
 */
export interface MatchScore {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export interface EloEstimate {
  /** Points scored by A per game, 0..1. */
  readonly score: number;
  /** Elo of A minus Elo of B; ±Infinity for a clean sweep. */
  readonly elo: number;
  /** Half-width of the 95% interval in Elo (NaN with fewer than two games). */
  readonly margin: number;
  /**
   * The 95% interval's ends in Elo (NaN with fewer than two games). Near a sweep the interval is lopsided and its
   * far end open (±Infinity where the score's interval reaches 0 or 1), which `margin` cannot say.
   */
  readonly low: number;
  readonly high: number;
}

export function eloFromScore(score: number): number {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  return -400 * Math.log10(1 / score - 1);
}

export function estimateElo(r: MatchScore): EloEstimate {
  const n = r.wins + r.draws + r.losses;
  if (n === 0) return { score: NaN, elo: NaN, margin: NaN, low: NaN, high: NaN };
  const score = (r.wins + r.draws / 2) / n;
  const elo = eloFromScore(score);
  if (n < 2) return { score, elo, margin: NaN, low: NaN, high: NaN };
  const variance = (r.wins * (1 - score) ** 2 + r.draws * (0.5 - score) ** 2 + r.losses * score ** 2) / n;
  const stderr = Math.sqrt(variance / n);
  const lo = eloFromScore(Math.max(1e-9, score - 1.96 * stderr));
  const hi = eloFromScore(Math.min(1 - 1e-9, score + 1.96 * stderr));
  if (variance === 0) {
    // Every game ended the same way (a sweep): the games' spread says nothing, so the ends come from the Wilson
    // interval of the score (ours): 0 of 24 still allows a score up to 13.8%, about -318 Elo.
    const z2 = 1.96 ** 2;
    const centre = (score + z2 / (2 * n)) / (1 + z2 / n);
    const half = (1.96 * Math.sqrt((score * (1 - score)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
    return { score, elo, margin: (hi - lo) / 2, low: eloFromScore(centre - half), high: eloFromScore(centre + half) };
  }
  return {
    score,
    elo,
    margin: (hi - lo) / 2,
    low: eloFromScore(score - 1.96 * stderr),
    high: eloFromScore(score + 1.96 * stderr),
  };
}
