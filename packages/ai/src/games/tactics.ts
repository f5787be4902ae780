/**
 * The Tactics computer opponent. The manual describes no computer levels (it is the help page of a play-by-email
 * server), so the levels are ours **(ours)**, on the draughts scale: Dumb, Novice, Average, Good, Smart, and Master
 * above them.
 *
 * Every level above Dumb searches the game's own make/unmake position (`TacticsSearchPosition`) with the shared
 * searcher, limited by depth and nodes, never by time alone, so a level's move depends only on the position and the
 * seed (a clock may still cut a search short in real play). The searcher's tables are cleared before every move for
 * the same reason. Every level above Dumb looks at least two plies deep, so it never misses a move that leaves the
 * opponent without a move, and never allows one when it can avoid it.
 *
 *   const choice = tacticsEngine.choose(state, 'smart', { seed: 7 });   // choice.move, choice.score, choice.pv
 */
import { createRng } from '@tactica/core';
import {
  PIECE,
  TacticsSearchPosition,
  formatMove,
  tactics,
  type TacticsMove,
  type TacticsState,
} from '@tactica/tactics';
import type { Analysis, AnalyseLimits, Engine, LevelInfo, MoveChoice, ThinkOptions } from '../engine.js';
import { lazyEngine } from '../lazy-engine.js';
import { analyseWith, decodePv, reportIteration } from '../level-engine.js';
import { Searcher, type SearchInfo, type SearchResult } from '../search.js';
import { WIN, WIN_BOUND } from '../search-position.js';

/** One level: how deep it searches, how many nodes at most, and how far from the best it may stray. */
export interface TacticsLevel extends LevelInfo {
  /** Search depth in plies; 0 plays a random legal move. */
  readonly depth: number;
  /** Node cap for one move (the search keeps the last completed depth, never less than `SAFE_DEPTH`). */
  readonly nodes?: number;
  /**
   * Choose at random among root moves scoring within this many points of the best (each scored at `depth`); 0:
   * always the best. Moves that lose the game or miss a win are never within it (a win is worth far more).
   */
  readonly margin?: number;
}

/** The least depth any searching level completes, whatever its budget: its move and the reply. */
export const SAFE_DEPTH = 2;

export const TACTICS_LEVELS: readonly TacticsLevel[] = [
  {
    id: 'dumb',
    name: 'Dumb',
    description: 'a random legal move: it walks into freezes and leaves itself without a move',
    depth: 0,
  },
  {
    id: 'novice',
    name: 'Novice',
    description:
      'looks at its move and the reply: takes a win, stops a loss, otherwise picks at random among moves within three Rooks of the best',
    depth: 2,
    margin: 3 * PIECE,
  },
  {
    id: 'average',
    name: 'Average',
    description:
      'looks at its move and the reply: takes a win, stops a loss, otherwise picks at random among moves within a Rook of the best',
    depth: 2,
    margin: PIECE,
  },
  {
    id: 'good',
    name: 'Good',
    description: 'looks at its move, the reply and the flips that follow, and plays the best move it finds',
    depth: 2,
  },
  {
    id: 'smart',
    name: 'Smart',
    description: 'searches three plies and the flips that follow, and plays the best move it finds',
    depth: 3,
  },
  {
    id: 'master',
    name: 'Master',
    description: 'the strongest: searches as deep as 20 000 nodes allow (usually four plies)',
    depth: 64,
    nodes: 20_000,
  },
];

export interface TacticsEngineOptions {
  /** The levels (default `TACTICS_LEVELS`); tuning and tests pass their own. */
  readonly levels?: readonly TacticsLevel[];
  /** log2 of the transposition table's entries (default 18). */
  readonly ttLog2?: number;
}

/** A Tactics engine with its own searcher (one per thread; it is not re-entrant). */
export function createTacticsEngine(options: TacticsEngineOptions = {}): Engine<TacticsState, TacticsMove> {
  const levels = options.levels ?? TACTICS_LEVELS;
  const searcher = new Searcher({ ttLog2: options.ttLog2 ?? 18 });
  const strongest = levels[levels.length - 1];
  if (!strongest) throw new Error('an engine needs at least one level');
  return {
    levels,
    choose(s: TacticsState, levelId: string, think: ThinkOptions = {}): MoveChoice<TacticsMove> {
      const level = levels.find((l) => l.id === levelId) ?? strongest;
      const legal = tactics.legalMoves(s);
      if (legal.length === 0) throw new Error('choose() called in a position without legal moves');
      const rng = createRng(think.seed ?? 0);
      if (level.depth === 0) return { move: rng.pick(legal) };
      searcher.reset();
      const pos = new TacticsSearchPosition(s);
      if (level.margin !== undefined && level.margin > 0) {
        const scored = searcher.scoreRootMoves(pos, level.depth);
        let best = -Infinity;
        for (const x of scored) if (x.score > best) best = x.score;
        // A win is taken at its shortest distance; otherwise any move within the margin (a loss never is: it scores
        // about a million points below anything else).
        const margin = best >= WIN_BOUND ? 0 : level.margin;
        const near = scored.filter((x) => x.score >= best - margin);
        const pick = rng.pick(near);
        think.onThought?.(
          `${near.length} of ${scored.length} moves look good enough; picked ${formatMove(pos.decode(pick.move))}`,
        );
        return { move: pos.decode(pick.move), score: pick.score, depth: level.depth };
      }
      const report = think.onIteration && reportIteration(() => new TacticsSearchPosition(s), think.onIteration);
      const tell = (info: SearchInfo): void => {
        think.onThought?.(describe(s, info));
        // Only iterations that saw the reply: the level never plays a move from a shallower one.
        if (report && info.depth >= Math.min(SAFE_DEPTH, level.depth)) report(info);
      };
      let r: SearchResult = searcher.search(pos, {
        depth: level.depth,
        ...(level.nodes !== undefined ? { nodes: level.nodes } : {}),
        ...(think.timeMs !== undefined ? { timeMs: think.timeMs } : {}),
        ...(think.stop ? { stop: think.stop } : {}),
        ...(think.onThought || think.onIteration ? { onIteration: (info: SearchInfo) => tell(info) } : {}),
      });
      if (r.depth < Math.min(SAFE_DEPTH, level.depth) && !(Math.abs(r.score) >= WIN_BOUND && r.depth > 0)) {
        // A budget or the clock stopped the search before it saw the reply: finish the safe depth regardless.
        r = searcher.search(pos, { depth: SAFE_DEPTH });
      }
      const move = r.bestMove === undefined ? rng.pick(legal) : pos.decode(r.bestMove);
      return {
        move,
        score: r.score,
        depth: r.depth,
        nodes: r.nodes,
        pv: decodePv(new TacticsSearchPosition(s), r.pv),
      };
    },
    analyse(s: TacticsState, limits: AnalyseLimits): Analysis<TacticsMove> {
      searcher.reset();
      return analyseWith(searcher, () => new TacticsSearchPosition(s), limits);
    },
  };
}

/** `depth 3: c1-c5 d8-d4 e1-e4 (+0.4 Rooks)`: what the engine is thinking after each completed depth. */
function describe(s: TacticsState, info: SearchInfo): string {
  const moves = decodePv(new TacticsSearchPosition(s), info.pv).map(formatMove);
  const score =
    Math.abs(info.score) >= WIN_BOUND
      ? info.score > 0
        ? `a win in ${Math.ceil((WIN - info.score) / 2)}`
        : 'a loss'
      : `${info.score >= 0 ? '+' : ''}${(info.score / PIECE).toFixed(1)} Rooks`;
  return `depth ${info.depth}: ${moves.join(' ')} (${score})`;
}

/** The engine the command line and the match runner use, made on first use (importing allocates nothing). */
export const tacticsEngine: Engine<TacticsState, TacticsMove> = /* @__PURE__ */ lazyEngine(TACTICS_LEVELS, () =>
  createTacticsEngine(),
);
