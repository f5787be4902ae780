/**
 * The review of a simultaneous game (Tactorus), round by round **(ours)**. Both sides choose a round's orders at
 * once, so there is no position "after a move" to search; each side's orders are judged in the round that was
 * actually played instead:
 *
 * - the engine's best choice for that side is found at the round's start, from what the side could see;
 * - `before` is what the round would have been worth to the side with the engine's choice against the other side's
 *   orders as played, `after` what it was worth with its own (each judged as the engine judges a pair: the round
 *   carried out, played on as the engine plays on, and evaluated);
 * - the loss is `before - after`, never below 0, and 0 when the side played the engine's choice.
 *
 * Each side's orders are one entry of the review (`ply` = 2 × round index + seat), the first player's first.
 */
import type { Player } from '@tactica/core';
import type { AnalyseLimits } from '../engine.js';
import { graphOf } from './review-line.js';
import { normalise, plyReview, stopped, summarise } from './scale.js';
import type { GameReview, PlyReview, ReviewLimits, ReviewScale } from './types.js';

/** One round as played: the position it started from and each side's choice (the first player's first). */
export interface PlayedRound<S, C> {
  readonly start: S;
  readonly choices: readonly [C, C];
}

/** What a simultaneous game's engine gives its review (Tactorus: `tactorusRoundJudge`). */
export interface RoundJudge<S, M, C> {
  /** The rounds carried out in a line of moves from `start` (a round left unfinished is not one). */
  rounds(start: S, moves: readonly M[]): readonly PlayedRound<S, C>[];
  /** The engine's choice for `p` at a round's start, seeing only what `p` sees. */
  best(s: S, p: Player, limits: AnalyseLimits): C;
  /** What the round carried out with `mine` (p's choice) and `theirs` is worth to `p`, in engine units. */
  value(s: S, p: Player, mine: C, theirs: C): number;
  same(a: C, b: C): boolean;
  /** The choice as the game writes it. */
  format(c: C): string;
}

export function reviewRounds<S, M, C>(
  judge: RoundJudge<S, M, C>,
  start: S,
  moves: readonly M[],
  scale: ReviewScale,
  limits: ReviewLimits = {},
): GameReview {
  const search: AnalyseLimits =
    limits.timeMs !== undefined
      ? { timeMs: limits.timeMs, ...(limits.stop ? { stop: limits.stop } : {}) }
      : { depth: limits.depth ?? scale.depth, ...(limits.stop ? { stop: limits.stop } : {}) };
  const rounds = judge.rounds(start, moves);
  const plies: PlyReview[] = [];
  let complete = true;
  outer: for (const [r, round] of rounds.entries()) {
    for (const p of [0, 1] as const) {
      if (stopped(limits.stop)) {
        complete = false;
        break outer;
      }
      const played = round.choices[p];
      const theirs = round.choices[p === 0 ? 1 : 0];
      const best = judge.best(round.start, p, search);
      if (stopped(limits.stop)) {
        complete = false;
        break outer;
      }
      plies.push(
        plyReview(
          {
            ply: 2 * r + p,
            player: p,
            move: judge.format(played),
            before: normalise(judge.value(round.start, p, best, theirs), scale),
            after: normalise(judge.value(round.start, p, played, theirs), scale),
            best: judge.same(best, played),
            line: [judge.format(best)],
          },
          scale,
        ),
      );
      limits.onPly?.(plies.length, 2 * rounds.length);
    }
  }
  return {
    unit: scale.unit,
    ...(limits.timeMs !== undefined ? { timeMs: limits.timeMs } : { depth: limits.depth ?? scale.depth }),
    plies,
    players: summarise(plies),
    graph: graphOf(plies),
    complete,
  };
}
