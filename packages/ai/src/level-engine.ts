import { createRng, type Game } from '@tactica/core';
import type { Analysis, AnalyseLimits, Engine, LevelInfo, MoveChoice, ThinkOptions } from './engine.js';
import { Searcher, type SearchInfo } from './search.js';
import type { SearchPosition } from './search-position.js';

/** A search position that can also say which game move an encoded move stands for. */
export interface DecodingPosition<M> extends SearchPosition {
  decode(move: number): M;
}

/** How one level plays: search limits plus how far from the best it may stray. */
export interface LevelSettings extends LevelInfo {
  /** Search depth in plies (0: no search, a random legal move). */
  readonly depth: number;
  /** Time cap in ms (the clock may lower it). */
  readonly timeMs?: number;
  /** Node cap. */
  readonly nodes?: number;
  /**
   * Weaker levels choose at random among root moves scoring within `margin` of the best (scored at
   * `depth` each); 0 or absent: always the best.
   */
  readonly margin?: number;
}

/**
 * An engine whose levels are settings of the one searcher: depth, time and a margin of randomness.
 * Games with their own level semantics (Force 400's blunder rules, Tactorus' attractors) write their own `Engine`.
 */
export function levelEngine<S, M>(options: {
  readonly game: Game<S, M>;
  readonly levels: readonly LevelSettings[];
  readonly position: (s: S) => DecodingPosition<M>;
  readonly ttLog2?: number;
}): Engine<S, M> {
  const searcher = new Searcher({ ttLog2: options.ttLog2 ?? 20 });
  const { game, levels } = options;
  return {
    levels,
    choose(s: S, levelId: string, think: ThinkOptions = {}): MoveChoice<M> {
      const level = levels.find((l) => l.id === levelId) ?? levels[levels.length - 1];
      if (!level) throw new Error('an engine needs at least one level');
      const rng = createRng(think.seed ?? 0);
      const legal = game.legalMoves(s);
      if (legal.length === 0) throw new Error('choose() called in a position without legal moves');
      if (level.depth === 0) return { move: rng.pick(legal) };
      const pos = options.position(s);
      if (level.margin && level.margin > 0) {
        const scored = searcher.scoreRootMoves(pos, Math.min(level.depth, 6));
        const best = Math.max(...scored.map((x) => x.score));
        const near = scored.filter((x) => x.score >= best - level.margin!);
        const pick = rng.pick(near.length ? near : scored);
        return { move: pos.decode(pick.move), score: pick.score, depth: Math.min(level.depth, 6) };
      }
      const timeMs = minDefined(level.timeMs, think.timeMs);
      const r = searcher.search(pos, {
        depth: level.depth,
        ...(timeMs !== undefined ? { timeMs } : {}),
        ...(level.nodes !== undefined ? { nodes: level.nodes } : {}),
        ...(think.stop ? { stop: think.stop } : {}),
        ...(think.onIteration ? { onIteration: reportIteration(() => options.position(s), think.onIteration) } : {}),
      });
      const move = r.bestMove === undefined ? rng.pick(legal) : pos.decode(r.bestMove);
      return { move, score: r.score, depth: r.depth, nodes: r.nodes, pv: decodePv(options.position(s), r.pv) };
    },
    analyse(s: S, limits: AnalyseLimits): Analysis<M> {
      return analyseWith(searcher, () => options.position(s), limits);
    },
  };
}

/** The searcher's full strength to the given limits, with the principal variation as game moves. */
export function analyseWith<M>(
  searcher: Searcher,
  position: () => DecodingPosition<M>,
  limits: AnalyseLimits,
): Analysis<M> {
  const r = searcher.search(position(), {
    depth: limits.depth ?? 64,
    ...(limits.timeMs !== undefined ? { timeMs: limits.timeMs } : {}),
    ...(limits.nodes !== undefined ? { nodes: limits.nodes } : {}),
    ...(limits.stop ? { stop: limits.stop } : {}),
    ...(limits.onIteration ? { onIteration: reportIteration(position, limits.onIteration) } : {}),
  });
  return { score: r.score, depth: r.depth, nodes: r.nodes, timeMs: r.timeMs, pv: decodePv(position(), r.pv) };
}

/** Turns the searcher's per-iteration report into an `Analysis` with game moves (decoded on a fresh position). */
export function reportIteration<M>(
  position: () => DecodingPosition<M>,
  report: (a: Analysis<M>) => void,
): (info: SearchInfo) => void {
  return (info) =>
    report({
      score: info.score,
      depth: info.depth,
      nodes: info.nodes,
      timeMs: info.timeMs,
      pv: decodePv(position(), info.pv),
    });
}

/** Turns an encoded principal variation into game moves by replaying it on a fresh position. */
export function decodePv<M>(pos: DecodingPosition<M>, pv: readonly number[]): M[] {
  const out: M[] = [];
  const made: number[] = [];
  const buffer = new Int32Array(1024);
  for (const m of pv) {
    const n = pos.generateMoves(buffer, 0);
    if (!buffer.subarray(0, n).includes(m)) break;
    out.push(pos.decode(m));
    pos.makeMove(m);
    made.push(m);
  }
  for (let i = made.length - 1; i >= 0; i--) pos.unmakeMove(made[i] as number);
  return out;
}

function minDefined(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}
