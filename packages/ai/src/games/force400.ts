/**
 * The Force 400 computer opponent, with the skill levels of the manual ("Miscellaneous: the program's skill
 * levels") and one stronger level above them:
 *
 * - 0: "the first legal move it can find … usually moves very quickly … will very probably make blunders".
 * - 1: "will avoid making blunders, and will ruthlessly punish any that you make … the lowest level that can tell
 *   when the program's king is in danger and will mount a defense if one is possible … nearly as fast as level zero".
 * - 2: "besides doing everything level one can do, only better, this level will also actively attack you".
 * - 3–6: "like level two, but progressively stronger. Also slower."
 * - 7: the strongest **(ours)**, which also hems in the enemy king in an ending.
 *
 * A blunder is "a move that leads immediately to defeat": every level above 0 takes the enemy king when it can and
 * never leaves its own king to be taken when some move avoids it (it checks every move it hands the search). Above
 * that, the levels search the game's make/unmake position (`Force400SearchPosition`) with the shared searcher, by
 * depth and node count, never by time alone, with the tables cleared before every move, so a level's move depends
 * only on the position and the seed. Levels 6 and 7 search a ply deeper than they can usually finish and play the best
 * move the cut-short ply has proved (`partial`), so their node caps buy strength in every position. Level 1 judges with its own king's danger only; from level 2 the evaluation
 * also rewards threatening the enemy king.
 *
 * "The messages printed by the program as it contemplates its move — especially when its king is under attack —
 * will tell you something about the way it thinks": `onThought` receives them.
 *
 *   const choice = force400Engine.choose(state, '3', { seed: 7, onThought: console.log });
 */
import { createRng } from '@tactica/core';
import {
  attackersOf,
  canTakeKing,
  codeFrom,
  codeKind,
  codeTo,
  DEFAULT_WEIGHTS,
  describeAction,
  Force400SearchPosition,
  loadEngine,
  MOVE,
  squareName,
  type EvalWeights,
  type Force400Action,
  type Force400State,
} from '@tactica/force400';
import type { Analysis, AnalyseLimits, Engine, LevelInfo, MoveChoice, ThinkOptions } from '../engine.js';
import { lazyEngine } from '../lazy-engine.js';
import { analyseWith, decodePv, reportIteration } from '../level-engine.js';
import { Searcher } from '../search.js';
import { WIN_BOUND } from '../search-position.js';

/** One level: how deep it searches, how many nodes at most, how it judges, how far from the best it may stray. */
export interface Force400Level extends LevelInfo {
  /** Search depth in plies; 0: the first legal move found. */
  readonly depth: number;
  /** Node cap for one move (the search keeps its last completed depth). */
  readonly nodes?: number;
  readonly weights: EvalWeights;
  /** Judge only its own king's danger, never the chance to attack the enemy's (level 1). */
  readonly defensive?: boolean;
  /**
   * Choose at random (by the seed) among the moves scoring within this many points (tenths of a force unit) of the
   * best; 0 or absent: always the best.
   */
  readonly margin?: number;
  /**
   * Hand the search only the moves that can matter soon at the root as well as below it (see
   * `Force400SearchPosition`'s `narrow`): quicker, and it overlooks quiet long moves.
   */
  readonly narrowRoot?: boolean;
  /** Play the best move of an iteration the node cap cut short (the searcher's `keepPartialIteration`). */
  readonly partial?: boolean;
}

/** Level 1 does not value attacking the enemy king. */
const DEFENSIVE: EvalWeights = { ...DEFAULT_WEIGHTS, kingAttack: 0 };
/**
 * Level 7 also counts the kings' room in an ending (`hunt`): at depths 2 and 3 this alone scored 57% against the same
 * search without it (about +50 Elo over 500 games), by taking kings that would otherwise run until the 200th ply.
 */
const HUNTING: EvalWeights = { ...DEFAULT_WEIGHTS, hunt: 80 };

export const FORCE400_LEVELS: readonly Force400Level[] = [
  {
    id: '0',
    name: 'Level 0',
    description: 'the first legal move it finds: fast, and it blunders',
    depth: 0,
    weights: DEFAULT_WEIGHTS,
  },
  {
    id: '1',
    name: 'Level 1',
    description: 'never blunders when it can help it, punishes every blunder, defends its king',
    depth: 1,
    weights: DEFENSIVE,
    defensive: true,
    narrowRoot: true,
  },
  {
    id: '2',
    name: 'Level 2',
    description: 'as level 1, better, and it also attacks your king',
    depth: 1,
    weights: DEFAULT_WEIGHTS,
  },
  {
    id: '3',
    name: 'Level 3',
    description: 'as level 2, looking at your replies',
    depth: 2,
    nodes: 40_000,
    weights: DEFAULT_WEIGHTS,
    narrowRoot: true,
  },
  {
    id: '4',
    name: 'Level 4',
    description: 'as level 3, a move deeper where it can',
    depth: 3,
    nodes: 150_000,
    weights: DEFAULT_WEIGHTS,
    narrowRoot: true,
  },
  {
    id: '5',
    name: 'Level 5',
    description: 'as level 4, four moves deep where it can',
    depth: 4,
    nodes: 400_000,
    weights: DEFAULT_WEIGHTS,
    narrowRoot: true,
  },
  {
    id: '6',
    name: 'Level 6',
    description: 'the strongest of the original levels: four moves deep, then as far into the fifth as it has time for',
    depth: 5,
    nodes: 600_000,
    weights: DEFAULT_WEIGHTS,
    narrowRoot: true,
    partial: true,
  },
  {
    id: '7',
    name: 'Level 7 (strongest)',
    description:
      'above the original levels: five moves deep where it can, then into the sixth; in an ending it hems in your king',
    depth: 6,
    nodes: 1_500_000,
    weights: HUNTING,
    narrowRoot: true,
    partial: true,
  },
];

export interface Force400EngineOptions {
  /** The levels (default `FORCE400_LEVELS`); tuning and tests pass their own. */
  readonly levels?: readonly Force400Level[];
  /** log2 of the transposition table's entries (default 18). */
  readonly ttLog2?: number;
}

/** Makes a Force 400 engine: one searcher with its tables, single-threaded (one per worker). */
export function createForce400Engine(options: Force400EngineOptions = {}): Engine<Force400State, Force400Action> {
  const levels = options.levels ?? FORCE400_LEVELS;
  const ttLog2 = options.ttLog2 ?? 18;
  const searcher = new Searcher({ ttLog2 });
  // Levels that play the best move of a cut-short iteration have their own searcher, made when first needed.
  let partialSearcher: Searcher | undefined;
  const searcherFor = (level: Force400Level): Searcher =>
    level.partial ? (partialSearcher ??= new Searcher({ ttLog2, keepPartialIteration: true })) : searcher;
  const strongest = levels[levels.length - 1];
  if (!strongest) throw new Error('an engine needs at least one level');

  return {
    levels,
    choose(s: Force400State, levelId: string, think: ThinkOptions = {}): MoveChoice<Force400Action> {
      const level = levels.find((l) => l.id === levelId) ?? strongest;
      const say = think.onThought ?? ((): void => undefined);
      if (s.ended) throw new Error('choose() called on a finished game');
      const rng = createRng(think.seed ?? 0);
      if (level.depth === 0) return firstFound(s, rng.next());

      const me = s.toMove;
      const them = me === 0 ? 1 : 0;
      const options = { weights: level.weights, ...(level.defensive ? { perspective: me } : {}) };
      // The safety check sees every move a search could be handed; a narrow level then searches its narrow share.
      const sp = new Force400SearchPosition(s, options);
      const e = sp.engine;
      const buffer = new Int32Array(1024);
      const n = sp.generateMoves(buffer, 0);
      const all = Array.from(buffer.subarray(0, n));
      if (all.length === 0) throw new Error('choose() called in a position without legal moves');

      // "Ruthlessly punish": a king that can be taken is taken.
      const enemyKing = e.kingSquare[them] as number;
      for (const m of all) {
        if (codeKind(m) === MOVE && codeTo(m) === enemyKing) {
          sp.makeMove(m);
          const won = e.winner === me;
          sp.unmakeMove(m);
          if (won) {
            say(`Your king on ${squareName(enemyKing)} is mine!`);
            return { move: sp.decode(m), score: WIN_BOUND, depth: 1 };
          }
        }
      }

      // "Can tell when the program's king is in danger and will mount a defense if one is possible."
      const myKing = e.kingSquare[me] as number;
      const attackers: number[] = [];
      attackersOf(e, myKing, them, attackers);
      if (attackers.length > 0) {
        say(
          `My king on ${squareName(myKing)} (force ${e.force[myKing]}) is under attack from ${attackers
            .map((a) => `${squareName(a)} (${e.force[a]})`)
            .join(' and ')}.`,
        );
      }
      const safe = all.filter((m) => {
        sp.makeMove(m);
        const lost = e.winner === them || canTakeKing(e, them);
        sp.unmakeMove(m);
        return !lost;
      });
      if (safe.length === 0) {
        say('Every move I have leaves my king to be taken.');
      } else {
        if (attackers.length > 0) say(`I have ${safe.length} way${safe.length === 1 ? '' : 's'} to defend.`);
        else if (safe.length < all.length) {
          say(`${all.length - safe.length} of my moves would leave my king to be taken; I avoid them.`);
        }
        sp.setRootMoves(safe);
      }
      let searchPosition = sp;
      let narrowed = false;
      if (level.narrowRoot && safe.length > 0) {
        const narrow = new Force400SearchPosition(s, { ...options, narrowRoot: true });
        const count = narrow.generateMoves(buffer, 0);
        const inNarrow = new Set(buffer.subarray(0, count));
        const both = safe.filter((m) => inNarrow.has(m));
        if (both.length > 0) {
          narrow.setRootMoves(both);
          searchPosition = narrow;
          narrowed = true;
        }
      }
      const hanging = takeableMen(s, me);
      if (hanging.length === 1) say(`Your man on ${squareName(hanging[0] as number)} can be taken.`);
      else if (hanging.length > 1) say(`${hanging.length} of your men can be taken.`);

      const searcher = searcherFor(level);
      searcher.reset();
      const candidates = safe.length > 0 ? safe : all;
      if (candidates.length === 1) {
        const only = candidates[0] as number;
        say(`Only one move: ${describeAction(sp.decode(only))}.`);
        return { move: sp.decode(only), depth: 0 };
      }
      if (level.margin && level.margin > 0) {
        const scored = searcher.scoreRootMoves(searchPosition, level.depth);
        const best = Math.max(...scored.map((x) => x.score));
        const near = scored.filter((x) => x.score >= best - (level.margin as number));
        const pick = near[rng.int(near.length)] ?? scored[0];
        if (!pick) throw new Error('no root move scored');
        say(
          `Looking ${level.depth} move${level.depth === 1 ? '' : 's'} ahead: ${near.length} good move${near.length === 1 ? '' : 's'}; I play ${describeAction(sp.decode(pick.move))}.`,
        );
        return { move: sp.decode(pick.move), score: pick.score, depth: level.depth };
      }
      const timeMs = think.timeMs;
      const r = searcher.search(searchPosition, {
        depth: level.depth,
        ...(level.nodes !== undefined ? { nodes: level.nodes } : {}),
        ...(timeMs !== undefined ? { timeMs } : {}),
        ...(think.stop ? { stop: think.stop } : {}),
        // Decoded on a fresh position like the one searched (its root moves were already the safe ones).
        ...(think.onIteration
          ? {
              onIteration: reportIteration(
                () => new Force400SearchPosition(s, narrowed ? { ...options, narrowRoot: true } : options),
                think.onIteration,
              ),
            }
          : {}),
      });
      const bestMove = r.bestMove ?? (candidates[0] as number);
      const move = sp.decode(bestMove);
      const pv = decodePv(searchPosition, r.pv);
      say(
        `Looked ${r.depth} move${r.depth === 1 ? '' : 's'} ahead (${r.nodes} positions): ${pv.map(describeAction).join(' ') || describeAction(move)}, ${describeScore(r.score)}.`,
      );
      return { move, score: r.score, depth: r.depth, nodes: r.nodes, pv };
    },
    analyse(s: Force400State, limits: AnalyseLimits): Analysis<Force400Action> {
      searcher.reset();
      return analyseWith(searcher, () => new Force400SearchPosition(s, { weights: strongest.weights }), limits);
    },
  };
}

/** The engine with the manual's levels 0–6 and level 7, made on first use (importing allocates nothing). */
export const force400Engine: Engine<Force400State, Force400Action> = /* @__PURE__ */ lazyEngine(FORCE400_LEVELS, () =>
  createForce400Engine(),
);

/**
 * Level 0: "the first legal move it can find". The search for one starts at a man and a direction chosen by the
 * seed **(ours: so that level 0 does not move the same man every game)** and takes the first move of a man it
 * meets (never a transfer or abdication).
 */
function firstFound(s: Force400State, seed: number): MoveChoice<Force400Action> {
  const e = loadEngine(s);
  const sp = new Force400SearchPosition(e, { transfers: 'all', moveLimit: Infinity });
  const codes = e.legalCodes();
  const moves = Array.from(codes).filter((c) => codeKind(c) === MOVE);
  const pool = moves.length > 0 ? moves : Array.from(codes);
  if (pool.length === 0) throw new Error('choose() called in a position without legal moves');
  const startSquare = seed % 100;
  const startDir = (seed >>> 8) % 8;
  let best = pool[0] as number;
  let bestKey = Infinity;
  for (const c of pool) {
    const from = codeFrom(c);
    const key = ((from - startSquare + 100) % 100) * 8 + ((directionOf(from, codeTo(c)) - startDir + 8) % 8);
    if (key < bestKey) {
      bestKey = key;
      best = c;
    }
  }
  return { move: sp.decode(best) };
}

function directionOf(from: number, to: number): number {
  const df = Math.sign((to % 10) - (from % 10));
  const dr = Math.sign(((to / 10) | 0) - ((from / 10) | 0));
  // Same order as the board's DIRECTIONS: N, NE, E, SE, S, SW, W, NW.
  const table = [7, 0, 1, 6, -1, 2, 5, 4, 3];
  return table[(dr + 1) * 3 + (df + 1)] ?? 0;
}

/** The enemy men `me` could take with his move (the opponent's blunders, if he just left them there). */
function takeableMen(s: Force400State, me: 0 | 1): number[] {
  const e = loadEngine(s);
  const out: number[] = [];
  const scratch: number[] = [];
  for (let sq = 0; sq < 100; sq++) {
    if (e.owner[sq] !== (me === 0 ? 1 : 0) || e.king[sq] === 1) continue;
    scratch.length = 0;
    if (attackersOf(e, sq, me, scratch) > 0) out.push(sq);
  }
  return out;
}

function describeScore(score: number): string {
  if (score >= WIN_BOUND) return 'I see a win';
  if (score <= -WIN_BOUND) return 'I see a loss unless you slip';
  const units = score / 10;
  return `score ${units >= 0 ? '+' : ''}${units.toFixed(1)}`;
}
