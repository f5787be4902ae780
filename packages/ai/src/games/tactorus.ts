/**
 * The Tactorus computer opponent. Both players schedule at once, so the computer chooses a whole order set for a
 * round from its own observation (`TactorusObservation`, which has no field for the other side's orders): it
 * cannot read the human's orders, by its type. Levels 1–5 are the manual's (FAQ, "How does the Tactorus
 * Application select its moves?"); level 6 is ours and searches the round as the simultaneous game it is.
 *
 * 1. Every piece drawn to the enemy flag unless pulled by enemy pieces within three squares, a touch of randomness;
 *    it judges squares by the board as it stands (Tactorus 1.0's "board evaluation": **ours**, the enemy stays put).
 * 2. As 1, favouring one-square or two-square moves, picked at random each round. From level 2 on, the move
 *    generator knows enemy pieces move too (the 4.1.1 notes: "the computer will consider using retreat … is less
 *    likely to throw away pieces").
 * 3. Plans both (one-square and two-square) and compares them by their likely outcome: each is played against the
 *    same sample of likely enemy order sets (the enemy's own attractor strategies), the round carried out, one
 *    more round played on by both sides' plain flag-attractor plans, and the result judged (evaluate.ts); the best
 *    average wins.
 * 4. As 3 with two attractors, the enemy flag and a central square: four strategies compared.
 * 5. As 4 with three central attractors besides the flag: eight strategies; its second alteration (the manual
 *    never says what it is, **ours**) is a comparison against twice as many enemy samples.
 * 6. (ours) Candidate order sets for both sides from the level 5 strategies (three plans of each, with different
 *    noise), every pair carried out (with the same one round of play on) and judged into a payoff table, and
 *    regret matching over that table: the round as a simultaneous game, neither side seeing the other's choice.
 *    It plays the best answer to the other side playing its equilibrium mix half the time and any of its
 *    candidates the other half. Never minimax over a turn-based encoding.
 *
 * Every level above 1 settles two things first (ours): a flag capture no enemy order can avoid is always
 * ordered, and the flag always ends on a square out of every enemy infantry's reach when such a square exists.
 * Every level is deterministic for a given seed: its budget is counts (candidates, samples, iterations). A time
 * budget (`timeMs`) or a raised stop flag (`stop`) only cuts that work short (ours): levels 3–6 check them before
 * every round they carry out and between iterations of regret matching, and answer with the best found so far
 * (always a whole order set planned by the level's move generator, guard included).
 *
 * `analyse` is level 6 made anytime: refinement passes, each planning one more noise variant of every strategy
 * for both sides and solving the grown payoff table; `depth` is the number of passes, `nodes` the rounds it may
 * carry out, `timeMs` the time it may take (see `analyse`).
 *
 *   const choice = tactorusEngine.choose(observe(state, 1), '5', { seed: 7 });   // choice.move: Order[]
 *   tactorusEngine.analyse(observe(state, 0), { timeMs: 1000 });                 // pv: [Order[]]
 */
import { createRng, type Player, type Rng } from '@tactica/core';
import {
  AttractorPlanner,
  boardCodes,
  centralAttractors,
  ENEMY_FLAG,
  Evaluator,
  newGame,
  observe,
  OrderPlanner,
  OrderSet,
  outcomeWinner,
  OUTCOME_NONE,
  playMove,
  randomOrderSet,
  resolveCodes,
  SQUARES,
  WIN_SCORE,
  type Order,
  type Rules,
  type TactorusObservation,
  type TactorusSetup,
  type TactorusState,
} from '@tactica/tactorus';
import type { Analysis, AnalyseLimits, Engine, LevelInfo, MoveChoice, ThinkOptions } from '../engine.js';
import { lazyEngine, type ChoosingEngine } from '../lazy-engine.js';
import type { MatchGame, MatchOptions, MatchResult } from '../match.js';

/** One level's settings. */
export interface TactorusLevel extends LevelInfo {
  /** attractor: plan one strategy; compare: the best of several by sampled outcome; regret: regret matching. */
  readonly method: 'attractor' | 'compare' | 'regret';
  /** Central attractors besides the enemy flag: 0, 1 (level 4) or 3 (level 5). */
  readonly centres: 0 | 1 | 3;
  /** Step preference: none (level 1), one picked at random (level 2), both compared (levels 3 and up). */
  readonly steps: 'none' | 'random' | 'both';
  /** Random jitter per square, in value units (an infantry is 100). */
  readonly noise: number;
  /** Settle sure flag captures and flag escapes first. */
  readonly guard: boolean;
  /** The enemy model of the move generator (see AttractorOptions): level 1 judges the board as it stands. */
  readonly model: 'static' | 'mobile';
  /** Enemy order sets each strategy is tried against (compare). */
  readonly samples?: number;
  /** Order sets planned per strategy with different noise (regret): candidates = strategies × variants. */
  readonly variants?: number;
  /** Regret-matching iterations (regret). */
  readonly iterations?: number;
  /** Rounds played on by both sides' plain attractor plans before a result is judged (0: judge at once). */
  readonly lookahead?: number;
  /** regret: draw the order set from the mixed strategy, or play the one it weighs most. */
  readonly pick?: 'sample' | 'best' | 'exploit';
}

export const TACTORUS_LEVELS: readonly TactorusLevel[] = [
  {
    id: '1',
    name: 'Level 1',
    description: 'every piece drawn to the enemy flag unless pulled by enemy pieces within 3 squares',
    method: 'attractor',
    centres: 0,
    steps: 'none',
    noise: 8,
    guard: false,
    model: 'static',
  },
  {
    id: '2',
    name: 'Level 2',
    description: 'as level 1, favouring one-square or two-square moves, picked at random',
    method: 'attractor',
    centres: 0,
    steps: 'random',
    noise: 8,
    guard: true,
    model: 'mobile',
  },
  {
    id: '3',
    name: 'Level 3',
    description: 'plans one-square and two-square strategies and plays the one with the better likely outcome',
    method: 'compare',
    centres: 0,
    steps: 'both',
    noise: 4,
    guard: true,
    model: 'mobile',
    samples: 6,
    lookahead: 1,
  },
  {
    id: '4',
    name: 'Level 4',
    description: 'as level 3 with the enemy flag and a central square as attractors: four strategies compared',
    method: 'compare',
    centres: 1,
    steps: 'both',
    noise: 4,
    guard: true,
    model: 'mobile',
    samples: 6,
    lookahead: 1,
  },
  {
    id: '5',
    name: 'Level 5',
    description: 'as level 4 with three central attractors: eight strategies compared against more samples',
    method: 'compare',
    centres: 3,
    steps: 'both',
    noise: 4,
    guard: true,
    model: 'mobile',
    samples: 12,
    lookahead: 1,
  },
  {
    id: '6',
    name: 'Level 6',
    description:
      'the strongest: regret matching over both sides’ candidate order sets, the round as a simultaneous game',
    method: 'regret',
    centres: 3,
    steps: 'both',
    noise: 4,
    guard: true,
    model: 'mobile',
    variants: 3,
    iterations: 400,
    lookahead: 1,
    pick: 'exploit',
  },
];

/** An attractor strategy: where the pieces are drawn and which move length is favoured. */
interface Strategy {
  readonly attractor: number;
  readonly step: 0 | 1 | 2;
}

/** The strategies a level plans for player `p`. */
function strategiesOf(level: TactorusLevel, p: Player, rng: Rng): Strategy[] {
  const attractors = [ENEMY_FLAG, ...(level.centres === 0 ? [] : centralAttractors(p, level.centres === 1 ? 1 : 3))];
  const steps: (0 | 1 | 2)[] =
    level.steps === 'none'
      ? [0]
      : level.steps === 'random'
        ? [rng.int(2) === 0 ? 1 : 2]
        : (level.steps as string) === 'one'
          ? [1]
          : (level.steps as string) === 'two'
            ? [2]
            : [1, 2];
  const out: Strategy[] = [];
  for (const attractor of attractors) for (const step of steps) out.push({ attractor, step });
  return out;
}

/** What a level's choice was based on: the chosen order set and its estimated value. */
export interface TactorusChoice extends MoveChoice<readonly Order[]> {
  /** Estimated value for the chooser (evaluation units, an infantry is 100; a win is 100000). */
  readonly score: number;
  /** Rounds carried out in the simulator to make the choice. */
  readonly nodes: number;
  /** True when a time budget or the stop flag cut the level's work short. */
  readonly stopped?: boolean;
}

/** How the engine reads the time (milliseconds, any origin); tests pass a clock of their own. */
export interface TactorusAiOptions {
  readonly now?: () => number;
}

/** analyse: refinement passes when only a time or node budget is given (8 strategies × 64 = 512 candidates a side). */
const MAX_PASSES = 64;

/** What regret matching over a (part of the) payoff table decided. */
interface Decision {
  /** The chosen row of the table solved. */
  readonly index: number;
  /** Value of the row mix against the column mix. */
  readonly value: number;
  /** Rows the mix weighs above 1%. */
  readonly mixed: number;
  /** Regret-matching iterations run. */
  readonly iterations: number;
}

/**
 * A Tactorus engine: its scratch tables and pools of order sets. Not re-entrant (one per thread).
 */
export class TactorusAi implements Engine<TactorusObservation, readonly Order[]> {
  readonly levels: readonly TactorusLevel[];
  private readonly attractor = new AttractorPlanner();
  private readonly evaluator = new Evaluator();
  private readonly board = new Uint8Array(SQUARES);
  private readonly after = new Uint8Array(SQUARES);
  private readonly later = new Uint8Array(SQUARES);
  private readonly lookMine = new OrderSet();
  private readonly lookTheirs = new OrderSet();
  private readonly lookRng = createRng(0);
  private lookahead = 0;
  private readonly mine: OrderSet[] = [];
  private readonly theirs: OrderSet[] = [];
  private readonly now: () => number;
  // The budget of the choice or analysis under way: a deadline on `now`, a stop flag, a node limit.
  private deadline = Infinity;
  private stopFlag: Int32Array | undefined;
  private nodeLimit = Infinity;
  private stopped = false;
  private readonly spentCheck = (): boolean => this.spent();
  // The complete leading block of the payoff table being filled: rowOrder[0..rows) × colOrder[0..cols).
  private rows = 0;
  private cols = 0;
  /** Rounds simulated since the engine was made (the benchmark's node count). */
  nodes = 0;

  constructor(levels: readonly TactorusLevel[] = TACTORUS_LEVELS, options: TactorusAiOptions = {}) {
    if (levels.length === 0) throw new Error('an engine needs at least one level');
    this.levels = levels;
    this.now = options.now ?? (() => performance.now());
  }

  private level(id: string): TactorusLevel {
    return this.levels.find((l) => l.id === id) ?? (this.levels[this.levels.length - 1] as TactorusLevel);
  }

  /** Sets the budget of the work about to start (no limit given: none, the work ends by its counts). */
  private startBudget(timeMs: number | undefined, stop: Int32Array | undefined, nodes: number | undefined): void {
    this.deadline = timeMs === undefined ? Infinity : this.now() + timeMs;
    this.stopFlag = stop;
    this.nodeLimit = nodes === undefined ? Infinity : this.nodes + nodes;
    this.stopped = false;
  }

  /** True once the stop flag is raised, the deadline passed or the node limit reached (and from then on). */
  private spent(): boolean {
    if (this.stopped) return true;
    if (
      this.nodes >= this.nodeLimit ||
      (this.stopFlag !== undefined && Atomics.load(this.stopFlag, 0) !== 0) ||
      (this.deadline !== Infinity && this.now() >= this.deadline)
    ) {
      this.stopped = true;
    }
    return this.stopped;
  }

  /**
   * The orders of the viewer for this round, in an order they can be scheduled in. Any orders already in the
   * observation are ignored: the set returned replaces them. `think.timeMs` and `think.stop` may cut the level's
   * work short (the best so far is returned); without them the choice depends on the seed alone.
   */
  choose(view: TactorusObservation, levelId: string, think: ThinkOptions = {}): TactorusChoice {
    const level = this.level(levelId);
    const rng = createRng(think.seed ?? 0);
    this.lookahead = level.lookahead ?? 0;
    if (view.outcome) return { move: [], score: 0, nodes: 0 };
    this.startBudget(think.timeMs, think.stop, undefined);
    const start = this.nodes;
    boardCodes(view.board, this.board);
    const p = view.viewer;
    const strategies = strategiesOf(level, p, rng);
    if (level.method === 'attractor') {
      const s = strategies[0] as Strategy;
      const set = this.plan(view, p, s, level, rng);
      return { move: set.toOrders(), score: 0, nodes: 0 };
    }
    if (level.method === 'compare') return this.compare(view, p, strategies, level, rng, think, start);
    return this.regret(view, p, strategies, level, rng, think, start);
  }

  /**
   * Levels 3–5: each strategy against the same likely enemy order sets, the best average wins. The table is
   * filled an enemy sample at a time, so a budget cut short compares every strategy over the samples done.
   */
  private compare(
    view: TactorusObservation,
    p: Player,
    strategies: readonly Strategy[],
    level: TactorusLevel,
    rng: Rng,
    think: ThinkOptions,
    start: number,
  ): TactorusChoice {
    const n = this.candidates(view, p, strategies, level, 1, rng, this.mine, 1);
    const m = this.candidates(
      view,
      enemy(p),
      this.enemyStrategies(p, rng, level.samples ?? 6),
      level,
      1,
      rng,
      this.theirs,
      0,
    );
    const totals = new Float64Array(n);
    const column = new Float64Array(n);
    // Samples every strategy was tried against (`done`), and strategies tried against the next one (`partial`).
    let done = 0;
    let partial = 0;
    fill: for (; done < m; done++) {
      for (partial = 0; partial < n; partial++) {
        if (this.spent()) break fill;
        column[partial] = this.payoff(view, p, this.mine[partial] as OrderSet, this.theirs[done] as OrderSet);
      }
      // The same sums in the same order as a strategy at a time: without a cut the choice does not change.
      for (let i = 0; i < n; i++) totals[i]! += column[i] as number;
    }
    // Cut short before any sample was done: the strategies tried against the first one, compared over it.
    const samples = done > 0 ? done : 1;
    const compared = done > 0 ? n : partial;
    if (compared === 0) return this.fallback(view, p, think, start);
    const judged = done > 0 ? totals : column;
    let best = -Infinity;
    let bestI = 0;
    for (let i = 0; i < compared; i++) {
      const avg = (judged[i] as number) / samples;
      if (avg > best) {
        best = avg;
        bestI = i;
      }
    }
    think.onThought?.(
      done === m
        ? `compared ${n} strategies against ${m} likely enemy order sets`
        : `stopped early: compared ${compared} strategies against ${samples} of ${m} likely enemy order sets`,
    );
    return {
      move: (this.mine[bestI] as OrderSet).toOrders(),
      score: Math.round(best),
      nodes: this.nodes - start,
      ...(done < m ? { stopped: true } : {}),
    };
  }

  /**
   * Level 6: regret matching over the payoff table of both sides' candidates. The table is filled a row then a
   * column at a time, candidates taken a noise variant of every strategy at a time, so a budget cut short still
   * solves the game of the candidates evaluated against each other so far.
   */
  private regret(
    view: TactorusObservation,
    p: Player,
    strategies: readonly Strategy[],
    level: TactorusLevel,
    rng: Rng,
    think: ThinkOptions,
    start: number,
  ): TactorusChoice {
    const variants = level.variants ?? 2;
    const n = this.candidates(view, p, strategies, level, variants, rng, this.mine, 1);
    const e = enemy(p);
    const theirStrategies = strategiesOf(level, e, rng);
    const m = this.candidates(view, e, theirStrategies, level, variants, rng, this.theirs, 0);
    const table = new Float64Array(n * m);
    const rowOrder = variantMajor(n, strategies.length, variants);
    const colOrder = variantMajor(m, theirStrategies.length, variants);
    this.rows = 0;
    this.cols = 0;
    const complete = this.fill(view, p, table, m, rowOrder, colOrder, n, m);
    if (this.rows === 0 || this.cols === 0) return this.fallback(view, p, think, start);
    // Complete: the table as it is (the same arithmetic as ever); cut short: the block done, in fill order.
    const d = complete
      ? this.decide(table, n, m, level, rng)
      : this.decide(block(table, m, rowOrder, colOrder, this.rows, this.cols), this.rows, this.cols, level, rng);
    const chosen = complete ? d.index : (rowOrder[d.index] as number);
    const cut = !complete || d.iterations < (level.iterations ?? 400);
    think.onThought?.(
      `${this.rows}×${this.cols} candidate order sets, mixed over ${d.mixed}` +
        (cut ? ` (stopped early: ${n}×${m} planned, ${d.iterations} iterations)` : ''),
    );
    return {
      move: (this.mine[chosen] as OrderSet).toOrders(),
      score: Math.round(d.value),
      nodes: this.nodes - start,
      ...(cut ? { stopped: true } : {}),
    };
  }

  /**
   * Extends the complete block rowOrder[0..rows) × colOrder[0..cols) of `table` (row i, column j at
   * `i * stride + j`) to n × m, adding a row then a column; false when the budget ran out first.
   */
  private fill(
    view: TactorusObservation,
    p: Player,
    table: Float64Array,
    stride: number,
    rowOrder: ArrayLike<number>,
    colOrder: ArrayLike<number>,
    n: number,
    m: number,
  ): boolean {
    while (this.rows < n || this.cols < m) {
      if ((this.rows <= this.cols && this.rows < n) || this.cols >= m) {
        const i = rowOrder[this.rows] as number;
        for (let c = 0; c < this.cols; c++) {
          if (this.spent()) return false;
          const j = colOrder[c] as number;
          table[i * stride + j] = this.payoff(view, p, this.mine[i] as OrderSet, this.theirs[j] as OrderSet);
        }
        this.rows++;
      } else {
        const j = colOrder[this.cols] as number;
        for (let r = 0; r < this.rows; r++) {
          if (this.spent()) return false;
          const i = rowOrder[r] as number;
          table[i * stride + j] = this.payoff(view, p, this.mine[i] as OrderSet, this.theirs[j] as OrderSet);
        }
        this.cols++;
      }
    }
    return true;
  }

  /** Regret matching over an n × m table (stopped early by the budget), and the row the level plays. */
  private decide(table: Float64Array, n: number, m: number, level: TactorusLevel, rng: Rng): Decision {
    const mix = solveMatrixGame(table, n, m, level.iterations ?? 400, this.spentCheck);
    // Value of the mix against the other side's mix.
    let value = 0;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < m; j++)
        value += (mix.row[i] as number) * (mix.col[j] as number) * (table[i * m + j] as number);
    }
    let pick = n - 1;
    if (level.pick === 'exploit') {
      // The best answer to the other side playing its equilibrium mix half the time and any candidate otherwise.
      let best = -Infinity;
      for (let i = 0; i < n; i++) {
        let v = 0;
        for (let j = 0; j < m; j++) v += (0.5 * (mix.col[j] as number) + 0.5 / m) * (table[i * m + j] as number);
        if (v > best) {
          best = v;
          pick = i;
        }
      }
    } else if (level.pick === 'best') {
      for (let i = 0; i < n; i++) if ((mix.row[i] as number) > (mix.row[pick] as number)) pick = i;
    } else {
      let r = rng.float();
      for (let i = 0; i < n; i++) {
        r -= mix.row[i] as number;
        if (r < 0) {
          pick = i;
          break;
        }
      }
    }
    return { index: pick, value, mixed: mix.row.filter((x) => x > 0.01).length, iterations: mix.iterations };
  }

  /**
   * Cut short before any round was carried out: the level's first candidate (its flag strategy, guard included),
   * valued by the evaluation of the board as it stands.
   */
  private fallback(view: TactorusObservation, p: Player, think: ThinkOptions, start: number): TactorusChoice {
    think.onThought?.('stopped early: played the first strategy planned');
    return {
      move: (this.mine[0] as OrderSet).toOrders(),
      score: Math.round(this.evaluator.evaluate(this.board, view.rules, view.round, p)),
      nodes: this.nodes - start,
      stopped: true,
    };
  }

  /** The enemy's likely strategies: its flag or centre attractors, step lengths at random. */
  private enemyStrategies(p: Player, rng: Rng, count: number): Strategy[] {
    const e = enemy(p);
    const attractors = [ENEMY_FLAG, ...centralAttractors(e, 3)];
    const out: Strategy[] = [];
    for (let i = 0; i < count; i++) {
      out.push({
        attractor: i % 2 === 0 ? ENEMY_FLAG : (attractors[rng.int(attractors.length)] as number),
        step: rng.int(3) as 0 | 1 | 2,
      });
    }
    return out;
  }

  /**
   * Plans `variants` order sets per strategy into `pool` from index `from`; returns the index after the last.
   * Stops early when the budget is spent, once at least `least` are planned.
   */
  private candidates(
    view: TactorusObservation,
    p: Player,
    strategies: readonly Strategy[],
    level: TactorusLevel,
    variants: number,
    rng: Rng,
    pool: OrderSet[],
    least: number,
    from = 0,
  ): number {
    let n = from;
    for (const s of strategies) {
      for (let v = 0; v < variants; v++) {
        if (n - from >= least && this.spent()) return n;
        const set = this.plan(view, p, s, level, rng);
        while (pool.length <= n) pool.push(new OrderSet());
        (pool[n++] as OrderSet).copyFrom(set);
      }
    }
    return n;
  }

  private plan(view: TactorusObservation, p: Player, s: Strategy, level: TactorusLevel, rng: Rng): OrderSet {
    return this.attractor.plan(
      this.board,
      view.rules,
      view.round,
      p,
      { attractor: s.attractor, step: s.step, noise: level.noise, guard: level.guard, model: level.model },
      rng,
    );
  }

  /** The round carried out with both order sets and the result judged for `p`. */
  private payoff(view: TactorusObservation, p: Player, mine: OrderSet, theirs: OrderSet): number {
    this.nodes++;
    const orders: [OrderSet, OrderSet] = p === 0 ? [mine, theirs] : [theirs, mine];
    const code = resolveCodes(this.board, orders, view.round + 1, this.after);
    if (code !== OUTCOME_NONE) return outcomeScore(code, p);
    let board = this.after;
    let round = view.round + 1;
    for (let r = 0; r < this.lookahead; r++) {
      // Both sides play on with the plain flag-attractor plan (no randomness) for a round.
      const options = { attractor: ENEMY_FLAG, step: 0, noise: 0, guard: true, model: 'mobile' } as const;
      this.lookMine.copyFrom(this.attractor.plan(board, view.rules, round, p, options, this.lookRng));
      this.lookTheirs.copyFrom(this.attractor.plan(board, view.rules, round, enemy(p), options, this.lookRng));
      const next = board === this.after ? this.later : this.after;
      const c = resolveCodes(
        board,
        p === 0 ? [this.lookMine, this.lookTheirs] : [this.lookTheirs, this.lookMine],
        round + 1,
        next,
      );
      this.nodes++;
      round++;
      board = next;
      if (c !== OUTCOME_NONE) return outcomeScore(c, p) * 0.9;
    }
    return this.evaluator.evaluate(board, view.rules, round, p);
  }

  /**
   * What the round carried out with `mine` (the viewer's orders) and `theirs` is worth to the viewer, judged as the
   * strongest level judges a pair in `analyse` (the round, its play-on, the evaluation): a review's measure.
   */
  judge(view: TactorusObservation, mine: readonly Order[], theirs: readonly Order[]): number {
    const level = this.levels[this.levels.length - 1] as TactorusLevel;
    this.lookahead = level.lookahead ?? 0;
    boardCodes(view.board, this.board);
    return Math.round(this.payoff(view, view.viewer, OrderSet.of(mine), OrderSet.of(theirs)));
  }

  /**
   * The strongest level's search made anytime, in refinement passes: each pass plans one more noise variant of
   * every strategy for both sides (level 6: 8 strategies, so the table grows by 8 rows and 8 columns), carries out
   * the new pairs and solves the grown table by regret matching; after each pass `onIteration` reports it.
   *
   * - `depth`: passes (level 6's own table is 3 passes: 24 candidates a side);
   * - `nodes`: rounds carried out in the simulator (each pair is one round, plus the round played on);
   * - `timeMs`, `stop`: stop early.
   *
   * With no limit at all it makes level 6's 3 passes; with only a time or node budget, up to 64. Cut short in a
   * pass, it answers with the last pass done (in the first pass: the part of its table done). The answer's `pv`
   * holds one element, the order set; `depth` is the passes completed; `score` the value of the equilibrium mix
   * for the viewer (hundredths of an infantry). Seeded with 1: the same limits give the same answer, and a
   * deeper analysis begins with the passes of a shallower one.
   */
  analyse(view: TactorusObservation, limits: AnalyseLimits = {}): Analysis<readonly Order[]> {
    const t0 = this.now();
    const level = this.levels[this.levels.length - 1] as TactorusLevel;
    const start = this.nodes;
    if (view.outcome) return { score: 0, depth: 0, nodes: 0, timeMs: 0, pv: [] };
    const unlimited = limits.depth === undefined && limits.timeMs === undefined && limits.nodes === undefined;
    const passes = Math.max(1, Math.floor(limits.depth ?? (unlimited ? (level.variants ?? 3) : MAX_PASSES)));
    this.startBudget(limits.timeMs, limits.stop, limits.nodes);
    this.lookahead = level.lookahead ?? 0;
    boardCodes(view.board, this.board);
    const rng = createRng(1);
    const p = view.viewer;
    const e = enemy(p);
    const mine = strategiesOf(level, p, rng);
    const theirs = strategiesOf(level, e, rng);
    const identity: number[] = [];
    let capacity = 0;
    let table = new Float64Array(0);
    let n = 0;
    let m = 0;
    this.rows = 0;
    this.cols = 0;
    let done = 0;
    let best: { orders: readonly Order[]; score: number } | undefined;
    const report = (depth: number, orders: readonly Order[], score: number): Analysis<readonly Order[]> => ({
      score,
      depth,
      nodes: this.nodes - start,
      timeMs: this.now() - t0,
      pv: [orders],
    });
    for (let pass = 1; pass <= passes; pass++) {
      // One variant of every strategy a side (the first candidate is planned whatever the budget).
      n = this.candidates(view, p, mine, level, 1, rng, this.mine, n === 0 ? 1 : 0, n);
      m = this.candidates(view, e, theirs, level, 1, rng, this.theirs, 0, m);
      if (Math.max(n, m) > capacity) {
        // Grow the table (row i, column j at i * capacity + j) and the fill order (candidates in plan order).
        const grown = Math.max(n, m, capacity * 2);
        const next = new Float64Array(grown * grown);
        for (let i = 0; i < capacity; i++) next.set(table.subarray(i * capacity, (i + 1) * capacity), i * grown);
        table = next;
        capacity = grown;
        while (identity.length < capacity) identity.push(identity.length);
      }
      if (this.spent() || !this.fill(view, p, table, capacity, identity, identity, n, m)) break;
      const d = this.decide(block(table, capacity, identity, identity, n, m), n, m, level, rng);
      best = { orders: (this.mine[d.index] as OrderSet).toOrders(), score: Math.round(d.value) };
      done = pass;
      limits.onIteration?.(report(done, best.orders, best.score));
      if (this.spent()) break;
    }
    if (!best) {
      // Cut short in the first pass: the block of its table done, or its first candidate when none is.
      if (this.rows > 0 && this.cols > 0) {
        const d = this.decide(
          block(table, capacity, identity, identity, this.rows, this.cols),
          this.rows,
          this.cols,
          level,
          rng,
        );
        best = { orders: (this.mine[d.index] as OrderSet).toOrders(), score: Math.round(d.value) };
      } else {
        const score = Math.round(this.evaluator.evaluate(this.board, view.rules, view.round, p));
        best = { orders: (this.mine[0] as OrderSet).toOrders(), score };
      }
    }
    return report(done, best.orders, best.score);
  }
}

/**
 * The `count` candidates planned (strategy-major: strategy s, variant v at s * variants + v), a variant of every
 * strategy at a time, so that any leading part of the order spans the strategies.
 */
function variantMajor(count: number, strategies: number, variants: number): Int32Array {
  const order = new Int32Array(count);
  let k = 0;
  for (let v = 0; v < variants; v++) {
    for (let s = 0; s < strategies; s++) if (s * variants + v < count) order[k++] = s * variants + v;
  }
  return order;
}

/** The rows × cols block of `table` (stride `stride`) at rowOrder[r], colOrder[c], as a table of its own. */
function block(
  table: Float64Array,
  stride: number,
  rowOrder: ArrayLike<number>,
  colOrder: ArrayLike<number>,
  rows: number,
  cols: number,
): Float64Array {
  const out = new Float64Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    const i = rowOrder[r] as number;
    for (let c = 0; c < cols; c++) out[r * cols + c] = table[i * stride + (colOrder[c] as number)] as number;
  }
  return out;
}

function outcomeScore(code: number, p: Player): number {
  const w = outcomeWinner(code);
  return w === -1 ? 0 : w === p ? WIN_SCORE : -WIN_SCORE;
}

function enemy(p: Player): Player {
  return p === 0 ? 1 : 0;
}

/**
 * Regret matching plus (both players, alternating updates) on a zero-sum table `table[i * m + j]` (row player's
 * payoff). Returns both players' average strategies, which approach an equilibrium of the table. `stop`, asked
 * before each iteration, ends it early (with no iteration run, both strategies are uniform).
 */
export function solveMatrixGame(
  table: Float64Array,
  n: number,
  m: number,
  iterations: number,
  stop?: () => boolean,
): { row: Float64Array; col: Float64Array; iterations: number } {
  const rowRegret = new Float64Array(n);
  const colRegret = new Float64Array(m);
  const rowSum = new Float64Array(n);
  const colSum = new Float64Array(m);
  const row = new Float64Array(n);
  const col = new Float64Array(m);
  const rowValue = new Float64Array(n);
  const colValue = new Float64Array(m);
  let t = 1;
  for (; t <= iterations; t++) {
    if (stop?.()) break;
    normalise(rowRegret, row);
    normalise(colRegret, col);
    // Row player's regrets against the column mix.
    let v = 0;
    for (let i = 0; i < n; i++) {
      let x = 0;
      for (let j = 0; j < m; j++) x += (col[j] as number) * (table[i * m + j] as number);
      rowValue[i] = x;
      v += (row[i] as number) * x;
    }
    for (let i = 0; i < n; i++) rowRegret[i] = Math.max(0, (rowRegret[i] as number) + (rowValue[i] as number) - v);
    normalise(rowRegret, row);
    // Column player's (it minimises the row payoff).
    let u = 0;
    for (let j = 0; j < m; j++) {
      let x = 0;
      for (let i = 0; i < n; i++) x += (row[i] as number) * (table[i * m + j] as number);
      colValue[j] = -x;
      u -= (col[j] as number) * x;
    }
    for (let j = 0; j < m; j++) colRegret[j] = Math.max(0, (colRegret[j] as number) + (colValue[j] as number) - u);
    // Linear averaging (later iterations weigh more), as in RM+.
    for (let i = 0; i < n; i++) rowSum[i]! += t * (row[i] as number);
    for (let j = 0; j < m; j++) colSum[j]! += t * (col[j] as number);
  }
  normaliseSum(rowSum);
  normaliseSum(colSum);
  return { row: rowSum, col: colSum, iterations: t - 1 };
}

function normalise(regret: Float64Array, out: Float64Array): void {
  let sum = 0;
  for (let i = 0; i < regret.length; i++) sum += regret[i] as number;
  for (let i = 0; i < regret.length; i++) out[i] = sum > 0 ? (regret[i] as number) / sum : 1 / regret.length;
}

function normaliseSum(x: Float64Array): void {
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += x[i] as number;
  for (let i = 0; i < x.length; i++) x[i] = sum > 0 ? (x[i] as number) / sum : 1 / x.length;
}

/** What `createTactorusEngine` takes: plain data, so it can name an engine to build in a worker. */
export interface TactorusEngineOptions {
  /** The levels (default `TACTORUS_LEVELS`); tuning and tests pass their own. */
  readonly levels?: readonly TactorusLevel[];
}

/** Makes a Tactorus engine with its scratch tables, single-threaded (one per worker). */
export function createTactorusEngine(options: TactorusEngineOptions = {}): TactorusAi {
  return new TactorusAi(options.levels ?? TACTORUS_LEVELS);
}

/** The engine the command line and the match runner use, made on first use (importing allocates nothing). */
export const tactorusEngine: ChoosingEngine<TactorusObservation, readonly Order[], TactorusChoice> =
  /* @__PURE__ */ lazyEngine(TACTORUS_LEVELS, () => createTactorusEngine());

// ---------------------------------------------------------------------------------------------------------------
// Self-play matches of simultaneous rounds.

/** Plays one round of `s` with both players' orders (each scheduled through the rules, so an illegal one throws). */
export function playOrders(s: TactorusState, orders: readonly [readonly Order[], readonly Order[]]): TactorusState {
  let t = s;
  for (const p of [0, 1] as const) {
    for (const o of orders[p]) {
      t = playMove(t, { type: 'order', player: p, from: o.from, to: o.to });
    }
  }
  return playMove(playMove(t, { type: 'done', player: 0 }), { type: 'done', player: 1 });
}

/**
 * A start position after `rounds` rounds of a few random orders a side (fewer if the game would end), from `start`
 * (default: a new game of `setup`; any orders scheduled in it are dropped).
 */
export function randomTactorusOpening(
  setup: TactorusSetup,
  seed: number,
  rounds: number,
  start?: TactorusState,
): TactorusState {
  const rng = createRng(seed);
  const planner = new OrderPlanner();
  let s: TactorusState = start ? { ...start, orders: [[], []], committed: [false, false] } : newGame(setup);
  for (let r = 0; r < rounds; r++) {
    const codes = boardCodes(s.board);
    const a = randomOrderSet(planner, codes, s.rules, 0, rng, 1 + rng.int(6)).toOrders();
    const b = randomOrderSet(planner, codes, s.rules, 1, rng, 1 + rng.int(6)).toOrders();
    const next = playOrders(s, [a, b]);
    if (next.ended) break;
    s = next;
  }
  return s;
}

/**
 * A self-play match between two levels: every round both engines choose from their own observations, then the
 * round is carried out. Each opening (seeded random rounds from `start`, default a new game of `setup` or `rules`)
 * is played twice with the seats swapped.
 */
export function playTactorusMatch(
  engine: Engine<TactorusObservation, readonly Order[]>,
  a: string,
  b: string,
  options: MatchOptions & { readonly setup?: TactorusSetup; readonly rules?: Rules; readonly start?: TactorusState },
): MatchResult {
  const rng = createRng(options.seed ?? 1);
  const openingRounds = options.openingPlies ?? 2;
  const setup: TactorusSetup = options.setup ?? (options.rules ? { rules: options.rules } : {});
  const games: MatchGame[] = [];
  let wins = 0;
  let draws = 0;
  let losses = 0;
  let opening = options.start ?? newGame(setup);
  for (let index = 0; index < options.games; index++) {
    const aSeat: Player = index % 2 === 0 ? 0 : 1;
    if (index % 2 === 0) opening = randomTactorusOpening(setup, rng.next(), openingRounds, options.start);
    const seed = rng.next();
    let s = opening;
    let rounds = 0;
    const maxRounds = options.maxPlies ?? 400;
    while (!s.ended && rounds < maxRounds) {
      const choice = ([0, 1] as const).map(
        (p) => engine.choose(observe(s, p), p === aSeat ? a : b, { seed: (seed + 7919 * rounds + p) >>> 0 }).move,
      );
      s = playOrders(s, [choice[0] as readonly Order[], choice[1] as readonly Order[]]);
      rounds++;
    }
    const o = s.ended;
    const aPoints = !o || o.kind === 'draw' ? 0.5 : o.winner === aSeat ? 1 : 0;
    if (aPoints === 1) wins++;
    else if (aPoints === 0) losses++;
    else draws++;
    const g: MatchGame = { index, aSeat, aPoints, reason: o ? o.reason : 'adjudicated', plies: rounds };
    games.push(g);
    options.onGame?.(g);
  }
  return { wins, draws, losses, games };
}
