/**
 * The review of a sequential game's line, each move from the mover's side: `before` is the engine's search of the
 * position before the move (depth d, its line the better one), `after` the search of the position after it one ply
 * shallower (d - 1, at least 1), so that both are the same depth from the same position and the loss compares like
 * with like: a game whose evaluation swings with the side to move (Force 400's threats) would otherwise read a
 * blunder in every other move **(ours)**. With a time per position both searches take that time.
 *
 *   const review = reviewLine(game, createTacticsEngine(), start, moves, TACTICS_SCALE, { depth: 4 });
 *
 * Pure and deterministic for a given depth when the engine is fresh (its tables its own) and searches on one
 * thread; a time per position makes it depend on the machine. Hosts run it where they run their engines (a worker).
 */
import type { Game, Player } from '@tactica/core';
import type { AnalyseLimits, Engine } from '../engine.js';
import { normalise, plyReview, stopped, summarise } from './scale.js';
import { REVIEW_LINE_MAX, type GameReview, type PlyReview, type ReviewLimits, type ReviewScale } from './types.js';

/** What one position is worth for its side to move, with the engine's line from it. */
interface Judged<M> {
  readonly score: number;
  readonly line: readonly M[];
}

export function reviewLine<S, M>(
  game: Game<S, M>,
  engine: Engine<S, M>,
  start: S,
  moves: readonly M[],
  scale: ReviewScale,
  limits: ReviewLimits = {},
): GameReview {
  const stop = limits.stop ? { stop: limits.stop } : {};
  const depth = limits.depth ?? scale.depth;
  const search: AnalyseLimits = limits.timeMs !== undefined ? { timeMs: limits.timeMs, ...stop } : { depth, ...stop };
  const reply: AnalyseLimits = limits.timeMs !== undefined ? search : { depth: Math.max(1, depth - 1), ...stop };
  const states: S[] = [start];
  for (const m of moves) states.push(game.play(states[states.length - 1] as S, m));
  const judge = (s: S, limits: AnalyseLimits): Judged<M> => {
    const a = engine.analyse(s, limits);
    return { score: normalise(a.score, scale), line: a.pv };
  };
  /** What the position after a move is worth to its mover: a finished game its result, else a search. */
  const afterOf = (next: S, mover: Player): number => {
    const outcome = game.outcome(next);
    if (outcome) return outcome.kind === 'draw' ? 0 : outcome.winner === mover ? scale.clamp : -scale.clamp;
    const there = judge(next, reply).score;
    return game.toMove(next)[0] === mover ? there : -there;
  };
  const sameMove = (s: S, a: M, b: M): boolean =>
    game.sameMove ? game.sameMove(a, b) : game.formatMove(s, a) === game.formatMove(s, b);

  const plies: PlyReview[] = [];
  let complete = true;
  for (let i = 0; i < moves.length; i++) {
    if (stopped(limits.stop)) {
      complete = false;
      break;
    }
    const s = states[i] as S;
    const next = states[i + 1] as S;
    const move = moves[i] as M;
    const mover = game.toMove(s)[0] ?? 0;
    const here = judge(s, search);
    const first = here.line[0];
    // A move the rules force (the only legal one) is never the player's mistake, whatever it costs.
    const best = (first !== undefined && sameMove(s, first, move)) || game.legalMoves(s).length === 1;
    // The engine's own move is worth what it found; another is searched after it.
    const after = best ? here.score : afterOf(next, mover);
    // A search the stop flag cut short is not a verdict on the move.
    if (stopped(limits.stop)) {
      complete = false;
      break;
    }
    plies.push(
      plyReview(
        {
          ply: i,
          player: mover,
          move: game.formatMove(s, move),
          before: here.score,
          after,
          best,
          line: lineText(game, s, here.line.slice(0, REVIEW_LINE_MAX)),
        },
        scale,
      ),
    );
    limits.onPly?.(i + 1, moves.length);
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

/** The engine's line in the game's notation, each move written in the position it is played from. */
function lineText<S, M>(game: Game<S, M>, start: S, line: readonly M[]): string[] {
  const out: string[] = [];
  let s = start;
  for (const m of line) {
    out.push(game.formatMove(s, m));
    s = game.play(s, m);
  }
  return out;
}

/** The evaluation for seat 0 at the start and after each reviewed move. */
export function graphOf(plies: readonly PlyReview[]): number[] {
  const forSeat0 = (p: Player, v: number): number => (p === 0 ? v : -v) || 0;
  const first = plies[0];
  const graph = [first ? forSeat0(first.player, first.before) : 0];
  for (const p of plies) graph.push(forSeat0(p.player, p.after));
  return graph;
}
