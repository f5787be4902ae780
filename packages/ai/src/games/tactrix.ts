/**
 * The Tactrix! computer opponent. The manual promises an artificial intelligence it never shipped ("In the event
 * that enough interest is shown in this game, I will write an artificial intelligence"), so its levels are ours
 * **(ours)**, on the draughts scale: Dumb, Novice, Average, Good, Smart, and Master above them.
 *
 * Every level above Dumb searches the game's own make/unmake position (`TactrixSearchPosition`) with the shared
 * searcher, limited by depth and nodes, never by time alone, so a level's move depends only on the position and the
 * seed. The searcher's tables are cleared before every move for the same reason.
 *
 *   const choice = tactrixEngine.choose(state, 'smart', { seed: 7 });   // choice.move, choice.score, choice.pv
 */
import { createRng } from '@tactica/core';
import {
  CHIP,
  TactrixSearchPosition,
  formatMove,
  legalMoves,
  play,
  type TactrixMove,
  type TactrixState,
} from '@tactica/tactrix';
import type { Analysis, AnalyseLimits, Engine, LevelInfo, MoveChoice, ThinkOptions } from '../engine.js';
import { decodePv } from '../level-engine.js';
import { Searcher, type SearchInfo } from '../search.js';
import { WIN_BOUND } from '../search-position.js';

/** One level: how deep it searches, how many nodes at most, and how far from the best it may stray. */
export interface TactrixLevel extends LevelInfo {
  /** Search depth in plies; 0 plays a random legal move. */
  readonly depth: number;
  /** Node cap for one move (the search stops at the last completed depth). */
  readonly nodes?: number;
  /**
   * Choose at random among root moves scoring within this many points of the best (each scored at `depth`); 0:
   * always the best. Moves that lose the game or miss a win are never within it (a win is worth far more).
   */
  readonly margin?: number;
}

export const TACTRIX_LEVELS: readonly TactrixLevel[] = [
  {
    id: 'dumb',
    name: 'Dumb',
    description: 'a random legal move: it even leaves its king to be taken',
    depth: 0,
  },
  {
    id: 'novice',
    name: 'Novice',
    description: 'looks one move ahead and at the captures that follow, then picks any move within 3 chips of the best',
    depth: 1,
    margin: 3 * CHIP,
  },
  {
    id: 'average',
    name: 'Average',
    description: 'looks at its move and the reply, then picks any move within a chip of the best',
    depth: 2,
    margin: CHIP,
  },
  {
    id: 'good',
    name: 'Good',
    description: 'looks at its move and the reply, then the captures that follow, and plays the best',
    depth: 2,
  },
  {
    id: 'smart',
    name: 'Smart',
    description: 'searches three plies, then the captures that follow',
    depth: 3,
  },
  {
    id: 'master',
    name: 'Master',
    description: 'the strongest: searches four plies, then the captures that follow',
    depth: 4,
  },
];

/** A Tactrix! engine with its own searcher (one per thread; it is not re-entrant). */
export function createTactrixEngine(
  options: { readonly levels?: readonly TactrixLevel[]; readonly ttLog2?: number } = {},
): Engine<TactrixState, TactrixMove> {
  const levels = options.levels ?? TACTRIX_LEVELS;
  const searcher = new Searcher({ ttLog2: options.ttLog2 ?? 18 });
  const strongest = levels[levels.length - 1];
  if (!strongest) throw new Error('an engine needs at least one level');
  return {
    levels,
    choose(s: TactrixState, levelId: string, think: ThinkOptions = {}): MoveChoice<TactrixMove> {
      const level = levels.find((l) => l.id === levelId) ?? strongest;
      const legal = legalMoves(s);
      if (legal.length === 0) throw new Error('choose() called in a position without legal moves');
      const rng = createRng(think.seed ?? 0);
      if (level.depth === 0) return { move: rng.pick(legal) };
      searcher.reset();
      const pos = new TactrixSearchPosition(s);
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
          `${near.length} of ${scored.length} moves look good enough; picked ${formatMove(s, pos.decode(pick.move))}`,
        );
        return { move: pos.decode(pick.move), score: pick.score, depth: level.depth };
      }
      const r = searcher.search(pos, {
        depth: level.depth,
        ...(level.nodes !== undefined ? { nodes: level.nodes } : {}),
        ...(think.timeMs !== undefined ? { timeMs: think.timeMs } : {}),
        ...(think.stop ? { stop: think.stop } : {}),
        ...(think.onThought ? { onIteration: (info: SearchInfo) => think.onThought?.(describe(s, info)) } : {}),
      });
      const move = r.bestMove === undefined ? rng.pick(legal) : pos.decode(r.bestMove);
      return {
        move,
        score: r.score,
        depth: r.depth,
        nodes: r.nodes,
        pv: decodePv(new TactrixSearchPosition(s), r.pv),
      };
    },
    analyse(s: TactrixState, limits: AnalyseLimits): Analysis<TactrixMove> {
      searcher.reset();
      const r = searcher.search(new TactrixSearchPosition(s), {
        depth: limits.depth ?? 64,
        ...(limits.timeMs !== undefined ? { timeMs: limits.timeMs } : {}),
        ...(limits.nodes !== undefined ? { nodes: limits.nodes } : {}),
      });
      return {
        score: r.score,
        depth: r.depth,
        nodes: r.nodes,
        timeMs: r.timeMs,
        pv: decodePv(new TactrixSearchPosition(s), r.pv),
      };
    },
  };
}

/** `depth 3: e2-e3 e9-e8 (+0.4 chips)`: what the engine is thinking after each completed depth. */
function describe(s: TactrixState, info: SearchInfo): string {
  const moves: string[] = [];
  let state = s;
  for (const m of decodePv(new TactrixSearchPosition(s), info.pv)) {
    moves.push(formatMove(state, m));
    state = play(state, m);
  }
  const score =
    Math.abs(info.score) >= WIN_BOUND
      ? info.score > 0
        ? 'a win'
        : 'a loss'
      : `${info.score >= 0 ? '+' : ''}${(info.score / CHIP).toFixed(1)} chips`;
  return `depth ${info.depth}: ${moves.join(' ')} (${score})`;
}

/** The engine the command line and the match runner use. */
export const tactrixEngine: Engine<TactrixState, TactrixMove> = createTactrixEngine();
