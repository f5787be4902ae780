/**
 * A match's score and Elo difference with its 95 % interval. Games are not independent when each opening is played
 * twice with colours reversed (an opening that favours one side gives each engine a win), so a match of whole pairs
 * is scored per pair (pentanomial: a pair scores 0, ½, 1, 1½ or 2), which counts that correlation; otherwise per game
 * (trinomial: win, draw, loss). Either way the interval is the mean score ± 1.96 standard errors, turned into Elo by
 * the logistic curve, Elo = -400 log10(1/s - 1).
 *
 *   matchElo([1, 0.5, 0, 0.5], true) // pentanomial over 2 pairs
 */
import { estimateElo } from '@tactica/ai';

export interface MatchElo {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Mean score a game, 0 to 1. */
  readonly score: number;
  readonly elo: number;
  /** Ends of the 95 % interval (can be ±Infinity near a sweep; NaN with too few games to say). */
  readonly low: number;
  readonly high: number;
  /** How the interval was counted: per game, or per pair of games with colours reversed. */
  readonly model: 'trinomial' | 'pentanomial';
  /** Pairs counted (pentanomial), or games (trinomial). */
  readonly samples: number;
  /** With whole pairs, how many scored each of Tactica's 0, ½, 1, 1½ and 2 points of 2: the pentanomial's counts. */
  readonly pairs: PairCounts | undefined;
}

/**
 * How many pairs of games (one opening, colours reversed) scored 0, ½, 1, 1½ and 2 of 2 for Tactica. These five
 * counts are all the pentanomial interval needs, so figures from several runs add up from them even when the games
 * themselves are gone.
 */
export type PairCounts = readonly [number, number, number, number, number];

/** The counts of `points` taken two by two, or `undefined` unless they make whole pairs. */
export function pairCounts(points: readonly number[]): PairCounts | undefined {
  if (points.length === 0 || points.length % 2 !== 0) return undefined;
  const counts = [0, 0, 0, 0, 0];
  for (let k = 0; k < points.length; k += 2) {
    const quarter = Math.round(((points[k] ?? 0) + (points[k + 1] ?? 0)) * 2);
    counts[quarter] = (counts[quarter] ?? 0) + 1;
  }
  return counts as unknown as PairCounts;
}

/** `pairs by Tactica's points of 2: 0 ×3, ½ ×5, 1 ×20, 1½ ×10, 2 ×4`. */
export function formatPairCounts(c: PairCounts): string {
  return `pairs by Tactica's points of 2: 0 ×${c[0]}, ½ ×${c[1]}, 1 ×${c[2]}, 1½ ×${c[3]}, 2 ×${c[4]}`;
}

/** Elo from a mean score (±Infinity at 1 and 0). */
export function eloFromScore(score: number): number {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  // (+ 0: an even score is 0, not -0.)
  return -400 * Math.log10(1 / score - 1) + 0;
}

/**
 * The Elo difference of Tactica's `points` (1, ½ or 0 a game, in match order). With `paired`, games 2k and 2k+1 are
 * one opening with colours reversed: with at least two whole pairs whose scores differ, the interval comes from the
 * pairs; otherwise from the games (`estimateElo`, which falls back on the Wilson interval after a sweep).
 */
export function matchElo(points: readonly number[], paired: boolean): MatchElo {
  const wins = points.filter((p) => p === 1).length;
  const draws = points.filter((p) => p === 0.5).length;
  const losses = points.filter((p) => p === 0).length;
  const counts = paired ? pairCounts(points) : undefined;
  const pairs = points.length / 2;
  if (counts && pairs >= 2) {
    // A pair's score is its points over 2: count k scored k/4.
    const score = counts.reduce((a, n, k) => a + (n * k) / 4, 0) / pairs;
    const variance = counts.reduce((a, n, k) => a + n * (k / 4 - score) ** 2, 0) / pairs;
    if (variance > 0) {
      const stderr = Math.sqrt(variance / pairs);
      return {
        wins,
        draws,
        losses,
        score,
        elo: eloFromScore(score),
        low: eloFromScore(score - 1.96 * stderr),
        high: eloFromScore(score + 1.96 * stderr),
        model: 'pentanomial',
        samples: pairs,
        pairs: counts,
      };
    }
  }
  const e = estimateElo({ wins, draws, losses });
  return {
    wins,
    draws,
    losses,
    score: e.score,
    elo: Number.isNaN(e.score) ? NaN : eloFromScore(e.score),
    low: e.low,
    high: e.high,
    model: 'trinomial',
    samples: points.length,
    pairs: counts,
  };
}

/** An Elo figure as the report prints it: signed and rounded, ±∞, or `?`. */
export function formatElo(elo: number): string {
  if (Number.isNaN(elo)) return '?';
  if (!Number.isFinite(elo)) return elo > 0 ? '+∞' : '-∞';
  return `${elo >= 0 ? '+' : ''}${Math.round(elo)}`;
}

/**
 * The result line of a match (or of several, `match:summary`):
 * `<who>: +W =D -L, score S%, Elo E (95%: low to high, pentanomial over P pairs)`.
 */
export function formatMatchResult(who: string, e: MatchElo): string {
  const over = e.model === 'pentanomial' ? `pentanomial over ${e.samples} pairs` : `trinomial over ${e.samples} games`;
  return `${who}: +${e.wins} =${e.draws} -${e.losses}, score ${(e.score * 100).toFixed(1)}%, Elo ${formatElo(e.elo)} (95%: ${formatElo(e.low)} to ${formatElo(e.high)}, ${over})`;
}
