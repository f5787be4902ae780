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
import { lazyEngine } from '../lazy-engine.js';
import { analyseWith, decodePv, reportIteration } from '../level-engine.js';
import { Searcher, type SearchInfo } from '../search.js';
import { WIN_BOUND } from '../search-position.js';

/** One level: how deep it searches, how many nodes at most, and how blurred its judgement is. */
export interface TactrixLevel extends LevelInfo {
  /** Search depth in plies; 0 plays a random legal move. */
  readonly depth: number;
  /** Node cap for one move (the search stops at the last completed depth). */
  readonly nodes?: number;
  /**
   * Blur: each evaluation is off by up to this many points either way, by a hash of the position and the seed, so
   * the level misjudges quiet positions now and then; 0 or absent: the true evaluation. Won and lost games are
   * scored by the rules, never blurred, so a blurred level still takes a win and stops a loss it sees.
   */
  readonly noise?: number;
}

/** A search position whose evaluation is blurred by a deterministic hash of the position and a seed. */
export class BlurredTactrixPosition extends TactrixSearchPosition {
  private readonly salt: number;
  constructor(
    state: TactrixState,
    private readonly noise: number,
    seed: number,
  ) {
    super(state);
    this.salt = Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) | 0;
  }

  override evaluate(): number {
    let h = Math.imul(this.hashLo() ^ this.salt, 0x9e3779b1) ^ this.hashHi();
    h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
    h ^= h >>> 13;
    // uniform in [-noise, +noise]
    const blur = Math.round((((h >>> 0) / 4294967296) * 2 - 1) * this.noise);
    return super.evaluate() + blur;
  }
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
    description: 'looks one move ahead and at the captures that follow, judging positions loosely (up to 5 chips off)',
    depth: 1,
    noise: 5 * CHIP,
  },
  {
    id: 'average',
    name: 'Average',
    description: 'looks at its move and the reply, then the captures that follow, judging positions up to 4 chips off',
    depth: 2,
    noise: 4 * CHIP,
  },
  {
    id: 'good',
    name: 'Good',
    description: 'looks at its move and the reply, then the captures that follow, judging positions truly',
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

export interface TactrixEngineOptions {
  /** The levels (default `TACTRIX_LEVELS`); tuning and tests pass their own. */
  readonly levels?: readonly TactrixLevel[];
  /** log2 of the transposition table's entries (default 18). */
  readonly ttLog2?: number;
}

/** A Tactrix! engine with its own searcher (one per thread; it is not re-entrant). */
export function createTactrixEngine(options: TactrixEngineOptions = {}): Engine<TactrixState, TactrixMove> {
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
      const noise = level.noise ?? 0;
      const pos = noise > 0 ? new BlurredTactrixPosition(s, noise, think.seed ?? 0) : new TactrixSearchPosition(s);
      const report = think.onIteration && reportIteration(() => new TactrixSearchPosition(s), think.onIteration);
      const r = searcher.search(pos, {
        depth: level.depth,
        ...(level.nodes !== undefined ? { nodes: level.nodes } : {}),
        ...(think.timeMs !== undefined ? { timeMs: think.timeMs } : {}),
        ...(think.stop ? { stop: think.stop } : {}),
        ...(think.onThought || report
          ? {
              onIteration: (info: SearchInfo) => {
                think.onThought?.(describe(s, info));
                report?.(info);
              },
            }
          : {}),
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
      return analyseWith(searcher, () => new TactrixSearchPosition(s), limits);
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

/** The engine the command line and the match runner use, made on first use (importing allocates nothing). */
export const tactrixEngine: Engine<TactrixState, TactrixMove> = /* @__PURE__ */ lazyEngine(TACTRIX_LEVELS, () =>
  createTactrixEngine(),
);
