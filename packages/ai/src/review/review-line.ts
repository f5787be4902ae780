/**
 * The review of a sequential game's line, each move from the mover's side: `before` is the engine's search of the
 * position before the move (depth d, its line the better one), `after` the search of the position after it one ply
 * shallower (d - 1, at least 1), so that both are the same depth from the same position and the loss compares like
 * with like: a game whose evaluation swings with the side to move (Force 400's threats) would otherwise read a
 * blunder in every other move **(ours)**. With a time per position both searches take that time.
 *
 *   const review = reviewLine(game, createTacticsEngine(), start, moves, TACTICS_SCALE, { depth: 4 });
 *   const inWorker = await reviewLineAsync(game, nodeWorkerEngine({ family: 'tactics' }), start, moves, scale);
 *
 * Pure and deterministic for a given depth when the engine is fresh (its tables its own) and searches on one
 * thread; a time per position makes it depend on the machine. The review asks its searches one at a time
 * (`reviewSearches`), so a host runs them where it runs its engines: in the same thread (`reviewLine`) or in a worker
 * (`reviewLineAsync` over a worker engine, each search a request the host can queue and stop). To stop a review,
 * raise the stop flag (and stop a worker engine's search under way): it ends with the moves reviewed so far.
 */
import type { Game, Player } from '@tactica/core';
import type { AnalyseLimits, Analysis, Engine } from '../engine.js';
import { normalise, plyReview, stopped, summarise } from './scale.js';
import { REVIEW_LINE_MAX, type GameReview, type PlyReview, type ReviewLimits, type ReviewScale } from './types.js';

/** One search a review asks for: the position, and the limits to search it to. */
export interface ReviewSearch<S> {
  readonly state: S;
  readonly limits: AnalyseLimits;
}

/** The review in the calling thread, with an engine that searches there. */
export function reviewLine<S, M>(
  game: Game<S, M>,
  engine: Pick<Engine<S, M>, 'analyse'>,
  start: S,
  moves: readonly M[],
  scale: ReviewScale,
  limits: ReviewLimits = {},
): GameReview {
  const steps = reviewSearches(game, start, moves, scale, limits);
  let step = steps.next();
  while (!step.done) step = steps.next(engine.analyse(step.value.state, step.value.limits));
  return step.value;
}

/** The review with an engine that answers later: a worker engine (`@tactica/ai/node-worker`, `web-worker`). */
export async function reviewLineAsync<S, M>(
  game: Game<S, M>,
  engine: { analyse(s: S, limits: AnalyseLimits): Promise<Analysis<M>> | Analysis<M> },
  start: S,
  moves: readonly M[],
  scale: ReviewScale,
  limits: ReviewLimits = {},
): Promise<GameReview> {
  const steps = reviewSearches(game, start, moves, scale, limits);
  let step = steps.next();
  while (!step.done) step = steps.next(await engine.analyse(step.value.state, step.value.limits));
  return step.value;
}

/**
 * The review as the searches it needs: each `yield` asks for one search and is answered with its analysis; the
 * generator's return value is the review.
 */
export function* reviewSearches<S, M>(
  game: Game<S, M>,
  start: S,
  moves: readonly M[],
  scale: ReviewScale,
  limits: ReviewLimits = {},
): Generator<ReviewSearch<S>, GameReview, Analysis<M>> {
  const stop = limits.stop ? { stop: limits.stop } : {};
  const depth = limits.depth ?? scale.depth;
  const search: AnalyseLimits = limits.timeMs !== undefined ? { timeMs: limits.timeMs, ...stop } : { depth, ...stop };
  const reply: AnalyseLimits = limits.timeMs !== undefined ? search : { depth: Math.max(1, depth - 1), ...stop };
  const sameMove = (s: S, a: M, b: M): boolean =>
    game.sameMove ? game.sameMove(a, b) : game.formatMove(s, a) === game.formatMove(s, b);

  const plies: PlyReview[] = [];
  let complete = true;
  let s = start;
  for (let i = 0; i < moves.length; i++) {
    if (stopped(limits.stop)) {
      complete = false;
      break;
    }
    const move = moves[i] as M;
    const next = game.play(s, move);
    const mover = game.toMove(s)[0] ?? 0;
    const here = yield { state: s, limits: search };
    const before = normalise(here.score, scale);
    const first = here.pv[0];
    // A move the rules force (the only legal one) is never the player's mistake, whatever it costs.
    const best = (first !== undefined && sameMove(s, first, move)) || game.legalMoves(s).length === 1;
    // The engine's own move is worth what it found; another is searched after it (a finished game: its result).
    let after = before;
    const outcome = game.outcome(next);
    if (!best && outcome) {
      after = outcome.kind === 'draw' ? 0 : outcome.winner === mover ? scale.clamp : -scale.clamp;
    } else if (!best) {
      const there = normalise((yield { state: next, limits: reply }).score, scale);
      after = game.toMove(next)[0] === mover ? there : -there;
    }
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
          before,
          after,
          best,
          line: lineText(game, s, here.pv.slice(0, REVIEW_LINE_MAX)),
        },
        scale,
      ),
    );
    limits.onPly?.(i + 1, moves.length);
    s = next;
  }
  return {
    unit: scale.unit,
    ...(limits.timeMs !== undefined ? { timeMs: limits.timeMs } : { depth }),
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
