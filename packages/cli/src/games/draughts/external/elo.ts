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
  const pairs = paired ? Math.floor(points.length / 2) : 0;
  if (pairs >= 2 && pairs * 2 === points.length) {
    const pairScores = Array.from({ length: pairs }, (_, k) => ((points[2 * k] ?? 0) + (points[2 * k + 1] ?? 0)) / 2);
    const score = pairScores.reduce((a, b) => a + b, 0) / pairs;
    const variance = pairScores.reduce((a, b) => a + (b - score) ** 2, 0) / pairs;
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
