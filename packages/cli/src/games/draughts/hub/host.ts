/**
 * The engine's side of a Hub session (see ../hub.ts): the variant, level, position and limits the GUI set, the
 * worker that searches, and the search under way. Lines are dispatched to the verbs' table (verbs.ts); `go` runs a
 * search here.
 */
import { DRAUGHTS_LEVELS, type Analysis, type DraughtsLevel } from '@tactica/ai';
import { egdbSetting } from '@tactica/ai/node-egdb';
import { nodeWorkerEngine, type EngineSpec, type WorkerEngine } from '@tactica/ai/node-worker';
import { draughtsGame, playingOn, withoutMoveCounter, type DraughtsMove, type DraughtsState } from '@tactica/draughts';
import type { Io } from '../../../io.js';
import {
  hubMove,
  hubMoveTime,
  hubScore,
  hubValue,
  MASTER,
  parseHubLine,
  type HubVariant,
  type Limits,
} from './protocol.js';
import { HUB_VERBS } from './verbs.js';

type EngineLevels = readonly Omit<DraughtsLevel, 'nodes'>[];

export interface HubOptions {
  /** The engine the worker runs (default: the draughts engine, `{ family: 'draughts' }`). */
  readonly engine?: EngineSpec;
  /** Play without the opening book (`tactica hub --no-book`); by default each level's own setting. */
  readonly noBook?: boolean;
}

/** What `go` asks for: a move (`think`), a search on the opponent's time (`ponder`), or an analysis. */
export type GoMode = 'think' | 'ponder' | 'analyze';

/** The search under way: what `stop`, `ping` and `ponder-hit` act on. */
interface Search {
  stopRequested: boolean;
  haveResult: boolean;
  pondering: boolean;
  /** No limit but `stop` ends it (pondering, analysis, `level infinite`). */
  unbounded: boolean;
  budgetMs?: number;
  timer?: NodeJS.Timeout;
  /** The best line found so far: the answer even if the search fails later. */
  best?: Analysis<DraughtsMove>;
}

/** The lines a search listens to; every other line waits until the search has answered (Hub protocol). */
const WHILE_SEARCHING = new Set(['ping', 'stop', 'ponder-hit']);

export class HubHost {
  variant: HubVariant = 'normal';
  levelId = MASTER.id;
  game = draughtsGame('international');
  state: DraughtsState = this.game.initial();
  /** The limits of the next search, from `level` (reset by `pos` and after every `go`, as Scan does). */
  limits: Limits = {};
  /** The input has ended. */
  closed = false;
  private search: Search | undefined;
  private engine: WorkerEngine<DraughtsState, DraughtsMove> | undefined;
  /** Search threads: the engine's default until `set-param name=threads` (a match gives both sides the same). */
  threads: number | undefined;
  private readonly levels: EngineLevels;
  private readonly options: HubOptions;

  constructor(
    private readonly io: Io,
    options: HubOptions = {},
  ) {
    // Master's node cap lifted: by time, time alone limits it (as an analysis by time always was); with no limit at
    // all, `go think` still searches its usual nodes (`MASTER.nodes`, below).
    const levels: EngineLevels = DRAUGHTS_LEVELS.map((lv) => {
      if (lv.id !== MASTER.id) return lv;
      const { nodes: _cap, ...rest } = lv;
      return rest;
    });
    this.levels = levels;
    this.options = options;
  }

  private spec(): EngineSpec {
    return (
      this.options.engine ?? {
        family: 'draughts',
        options: {
          levels: this.levels,
          ...(this.options.noBook ? { book: false } : {}),
          ...(this.threads !== undefined ? { threads: this.threads } : {}),
          endgames: egdbSetting(),
        },
      }
    );
  }

  /** Sets the search threads: the worker is made with its threads, so a running one is replaced at its next use. */
  async setThreads(n: number): Promise<void> {
    this.threads = n;
    const old = this.engine;
    this.engine = undefined;
    await old?.close();
  }

  write(line: string): void {
    this.io.output.write(`${line}\n`);
  }

  /** An `error` line; a quoted value cannot hold a double quote: messages quote with single ones. */
  error(message: string): void {
    this.write(`error message=${hubValue(message.replace(/"/g, "'"))}`);
  }

  /** The worker, started when first needed. */
  worker(): WorkerEngine<DraughtsState, DraughtsMove> {
    return (this.engine ??= nodeWorkerEngine<DraughtsState, DraughtsMove>(this.spec()));
  }

  /** Ready once the worker has loaded the engine and answered a first, tiny search (it also warms it up). */
  async warmUp(): Promise<void> {
    try {
      await this.worker().analyse(this.game.initial(), { depth: 3 });
    } catch (e) {
      this.error(`the engine failed to start: ${(e as Error).message}`);
    }
  }

  /** A fresh worker forgets what earlier searches learnt (its tables); it is started and warmed up at once. */
  async restartWorker(): Promise<void> {
    if (!this.engine) return;
    const old = this.engine;
    this.engine = undefined;
    await old.close();
    await this.warmUp();
  }

  async close(): Promise<void> {
    if (this.engine) await this.engine.close();
  }

  /** Reads and answers one line; 'quit' when the session is to end. */
  async handle(raw: string): Promise<'quit' | undefined> {
    const parsed = parseHubLine(raw);
    if (!parsed.ok) {
      this.error(parsed.error.message);
      return undefined;
    }
    const { command, pairs } = parsed.value;
    const verb = HUB_VERBS.get(command);
    if (!verb) {
      this.error(`bad command "${command}"`);
      return undefined;
    }
    return verb(this, pairs);
  }

  /** While a search runs, a line it listens to is obeyed at once: true when `line` was one. */
  interrupt(line: string): boolean {
    const word = line.trim().split(/\s+/)[0] ?? '';
    const search = this.search;
    if (!search || !WHILE_SEARCHING.has(word)) return false;
    if (word === 'ping') this.write('pong');
    else if (word === 'stop') this.requestStop();
    else if (search.pondering) {
      search.pondering = false;
      if (search.budgetMs !== undefined) {
        search.timer = setTimeout(() => {
          if (this.search === search) this.requestStop();
        }, search.budgetMs);
      }
    }
    return true;
  }

  /** The input has ended: a search without limits stops now (one with limits finishes). */
  inputClosed(): void {
    this.closed = true;
    if (this.search?.unbounded) this.requestStop();
  }

  private requestStop(): void {
    if (!this.search) return;
    this.search.stopRequested = true;
    if (this.search.haveResult) this.worker().stop();
  }

  /** `go`: a search of the position, `info` lines as it deepens, then `done move=… [ponder=…]`. */
  async go(mode: GoMode): Promise<void> {
    const l = this.limits;
    this.limits = {};
    // A position our rules have drawn but that has moves is played on: a Hub GUI referees the game and asks for a
    // move in any position that has one, as Scan answers it **(ours)**; one without a move has no answer but an
    // error (a GUI never asks for it). The GUI's rules are the game's, so the engine is asked without our move
    // counter: with it, the last plies before its draw scored every move alike.
    const live = withoutMoveCounter(playingOn(this.state));
    const legal = this.game.legalMoves(live);
    if (legal.length === 0) {
      this.error('the game is over in this position: the side to move has no move');
      this.write('done');
      return;
    }
    const started = Date.now();
    // How long a ponder turned into a search (`ponder-hit`) or an analysis may run: the move's hard limit.
    const budget = hubMoveTime(l)?.timeMs;
    const unbounded =
      (mode !== 'think' || l.infinite === true) &&
      budget === undefined &&
      l.depth === undefined &&
      l.nodes === undefined;
    // With the input closed, nothing could ever stop an unbounded search: it answers at once.
    const current: Search = {
      stopRequested: this.closed && unbounded,
      haveResult: false,
      pondering: mode === 'ponder',
      unbounded,
    };
    this.search = current;
    // A move by time is timed by the engine's own time manager (no timer here): see `hubMoveTime`.
    const moveTime = mode === 'think' ? hubMoveTime(l) : undefined;
    // A ponder has no limit until `ponder-hit`, which arms a timer for the move's hard limit (the engine cannot be
    // given a limit in the middle of a search).
    if (mode === 'ponder' && budget !== undefined) current.budgetMs = budget;
    try {
      if (mode === 'think' && (this.levelId !== MASTER.id || (moveTime !== undefined && l.depth === undefined))) {
        await this.thinkAtLevel(live, current, moveTime, started);
      } else {
        await this.analyse(live, legal.length, mode, l, budget, current, started);
      }
    } catch (e) {
      this.error(`the engine failed: ${(e as Error).message}`);
    } finally {
      if (current.timer) clearTimeout(current.timer);
      this.search = undefined;
    }
    const move = current.best?.pv[0] ?? legal[0];
    const answer = current.best?.pv[1];
    this.write(`done${move ? ` move=${hubMove(move)}` : ''}${answer ? ` ponder=${hubMove(answer)}` : ''}`);
  }

  /**
   * A level plays as it does everywhere (its book, its checks, its budget; a time limit can only shorten it): Master
   * by time with its time manager; a depth or node limit on Master is an analysis (below).
   */
  private async thinkAtLevel(
    live: DraughtsState,
    current: Search,
    moveTime: ReturnType<typeof hubMoveTime>,
    started: number,
  ): Promise<void> {
    // `choose` always has a move to answer with, even stopped at once.
    current.haveResult = true;
    const choice = await this.worker().choose(live, this.levelId, {
      seed: live.seen.length,
      ...(moveTime ?? {}),
      onIteration: (a) => {
        if (a.pv.length > 0) this.info(a as Analysis<DraughtsMove>, Date.now() - started, a.nodes);
      },
    });
    current.best = {
      score: choice.score ?? 0,
      depth: choice.depth ?? 0,
      nodes: choice.nodes ?? 0,
      timeMs: Date.now() - started,
      pv: choice.pv && choice.pv.length > 0 ? choice.pv : [choice.move],
    };
    this.info(current.best, Date.now() - started, current.best.nodes);
  }

  /** One search, iterative deepening inside the worker: each completed depth comes back as an info line. */
  private async analyse(
    live: DraughtsState,
    moves: number,
    mode: GoMode,
    l: Limits,
    budget: number | undefined,
    current: Search,
    started: number,
  ): Promise<void> {
    const unlimited = mode !== 'think' || l.infinite === true || budget !== undefined || l.depth !== undefined;
    const nodeLimit = l.nodes ?? (unlimited ? undefined : MASTER.nodes);
    const report = (a: Analysis<DraughtsMove>): void => {
      current.haveResult = true;
      if (a.pv.length > 0) {
        current.best = a;
        this.info(a, Date.now() - started, a.nodes);
      }
      // A stop that came before the first result takes effect now.
      if (current.stopRequested) this.worker().stop();
    };
    const a = await this.worker().analyse(live, {
      depth: moves === 1 && mode === 'think' ? 1 : (l.depth ?? 64),
      ...(nodeLimit !== undefined ? { nodes: nodeLimit } : {}),
      // The hard limit of a move by time with a depth too, or of a timed analysis: the engine's own clock.
      ...(mode !== 'ponder' && budget !== undefined ? { timeMs: budget } : {}),
      onIteration: report as (a: Analysis<unknown>) => void,
    });
    current.haveResult = true;
    if (a.pv.length > 0 && (!current.best || a.depth >= current.best.depth)) current.best = a;
  }

  private info(a: Analysis<DraughtsMove>, ms: number, nodes: number): void {
    const seconds = Math.max(ms, 1) / 1000;
    this.write(
      `info depth=${a.depth} score=${hubScore(a.score)} nodes=${nodes} time=${seconds.toFixed(3)} nps=${(nodes / seconds / 1e6).toFixed(2)} pv=${hubValue(a.pv.map(hubMove).join(' '))}`,
    );
  }
}
