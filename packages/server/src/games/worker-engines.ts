/**
 * The computer's engines in a pool of worker threads, so a search never holds up the server's requests. Jobs
 * wait in a queue shared fairly among the users they serve (`FairQueue`): one user's many searches never queue
 * another user's move behind them. Every move is bounded in time (`moveMs`, besides the level's own limits and the
 * clock's budget), so one deep search holds a worker for seconds at most. A search for a game that has moved on
 * (`cancel`) is dropped from the queue, or stopped through the worker's shared stop flag while it runs. A worker
 * that dies (or overruns its job by far) is replaced and its job refused, and the scheduler tries the computer's
 * turn again later.
 */
import { Worker } from 'node:worker_threads';
import { WorkerEngine, type EngineTransport, type WorkerConnection } from '@tactica/ai/worker-protocol';
import { threadConnection } from '@tactica/ai/node-worker';
import { positionSeenBy, sequentialPlay, type EngineLoadOptions } from '@tactica/catalogue';
import type { Player } from '@tactica/core';
import type { CatalogueJob } from './catalogue-engine.js';
import { FairQueue } from './fair-queue.js';
import type { LiveGame } from './live-game.js';
import type { AnalyseLimits, Analysis } from '@tactica/ai';
import type { EngineRunner } from './scheduler.js';

export interface EngineJob {
  readonly id: number;
  readonly family: string;
  readonly options: unknown;
  readonly state: unknown;
  readonly player: Player;
  readonly level: string;
  readonly seed: number;
  readonly timeMs?: number;
}

/** Whom a job serves and what it is for: the key of its fair share, and what `cancel` matches. */
export interface JobTag {
  /** The user the computer's move is for (the game's human player); `NOBODY` for a game without one. */
  readonly owner: string;
  readonly gameId?: number;
  /** The game's version the search was asked for. */
  readonly version?: number;
}

/** The share of the jobs that serve no user (the computer against itself, direct `run` calls). */
const NOBODY = 'nobody';

/**
 * The longest one move of the computer may search in a server game, whatever its level **(ours)**: the levels' own
 * node limits end almost every search before it (the slowest, Force 400's Level 7, takes 3–5 s on one core of an
 * idle 2-core machine, and is cut short on a busy one), and it keeps one search from holding a worker for long while
 * other users' moves wait.
 */
const COMPUTER_MOVE_MS = 5_000;

export interface EnginePoolOptions {
  /** The longest a move may search, in ms (default `COMPUTER_MOVE_MS`); a clock's budget may lower it. */
  readonly moveMs?: number;
  /**
   * The draughts endgame databases Master probes: their folder (a folder without slices is none), or `false` for
   * none (default: none; `tactica serve` passes `--egdb`, by default the command line's folder).
   */
  readonly endgames?: string | false;
  /** The most memory one search table of a worker's engines may take, in MB (default: each level's own). */
  readonly hashMb?: number;
}

/**
 * One search thread per worker: the pool's size is the cores the computer may take (draughts Master would otherwise
 * start Lazy SMP helpers on every core, in every worker, beside the requests) **(ours)**.
 */
const ENGINE_THREADS = 1;

/** The refusal of a search whose game moved on before it was answered. */
export class SearchCancelled extends Error {
  constructor(gameId: number | undefined) {
    super(`the search for game ${gameId ?? '?'} was cancelled: the game moved on`);
  }
}

/** A review's search: the position of a game (family, options) and its limits (../reviews/review-service.ts). */
export interface AnalyseJob {
  readonly family: string;
  readonly options: unknown;
  readonly state: unknown;
  readonly limits: Omit<AnalyseLimits, 'stop' | 'onIteration'>;
}

interface Pending {
  readonly job: EngineJob;
  readonly tag: JobTag;
  /** A review's search (`analyse`), answered with its analysis, where a move's job is answered with the moves. */
  readonly limits?: AnalyseJob['limits'];
  readonly resolve: (answer: never) => void;
  readonly reject: (e: Error) => void;
  /** Refused already (the game moved on): the worker's answer, when it comes, is dropped. */
  cancelled: boolean;
}

interface Slot {
  /** The worker's engine, on the AI package's worker protocol; a new one replaces it when it overruns. */
  engine: WorkerEngine<CatalogueJob, readonly unknown[]>;
  transport: ThreadTransport;
  busy: Pending | undefined;
  timer: NodeJS.Timeout | undefined;
}

/** The compiled worker and engine (tests run the TypeScript sources, so they use the build of these files). */
function builtUrl(file: string): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL(`../../dist/games/${file}`, here) : new URL(`./${file}`, here);
}

/**
 * Starts the pool's engine workers (`engine-worker.ts`: the AI package's engine host) as Node worker threads, and
 * keeps the last one at hand, so that an idle worker does not keep the process alive (`unref`).
 */
class ThreadTransport implements EngineTransport {
  readonly sharedStop = true;
  worker: Worker | undefined;

  connect(): WorkerConnection {
    const worker = new Worker(builtUrl('engine-worker.js'));
    worker.unref();
    this.worker = worker;
    return threadConnection(worker);
  }
}

/** The longest a job may run past its own budget before its worker is replaced. */
const OVERRUN_MS = 60_000;

/** The key of a game's fair share: its human player (a game against the computer has one). */
function ownerOf(game: Pick<LiveGame, 'users'>): string {
  return (game.users[0] ?? game.users[1])?.id ?? NOBODY;
}

export class WorkerEngines implements EngineRunner {
  private readonly slots: Slot[] = [];
  private readonly queue = new FairQueue<Pending>();
  private readonly moveMs: number;
  private readonly engine: EngineLoadOptions;
  private nextId = 1;
  private endgameHitCount = 0;
  private closed = false;
  private cancelledCount = 0;
  private stoppedCount = 0;
  private analysedCount = 0;

  constructor(
    size = 1,
    private readonly now: () => number = Date.now,
    options: EnginePoolOptions = {},
  ) {
    this.moveMs = options.moveMs ?? COMPUTER_MOVE_MS;
    this.engine = {
      threads: ENGINE_THREADS,
      endgames: options.endgames ?? false,
      ...(options.hashMb !== undefined ? { hashMb: options.hashMb } : {}),
    };
    for (let i = 0; i < Math.max(1, size); i++) this.slots.push(this.spawn());
  }

  /** Searches refused because their game moved on: dropped from the queue, or stopped while running. */
  get cancelled(): number {
    return this.cancelledCount;
  }

  /** Of those, the searches stopped while running (through the stop flag). */
  get stopped(): number {
    return this.stoppedCount;
  }

  /** Positions the endgame databases answered in the searches answered so far (draughts Master). */
  get endgameHits(): number {
    return this.endgameHitCount;
  }

  /** Reviews' searches answered so far (`analyse`). */
  get analysed(): number {
    return this.analysedCount;
  }

  /** Jobs waiting for a worker. */
  get queued(): number {
    return this.queue.length;
  }

  /** What the computer in `seat` sees: the position (sequential) or its own view of the round. */
  choose(game: LiveGame, seat: Player, level: string, seed: number): Promise<readonly unknown[]> {
    const r = game.restored;
    const state = positionSeenBy(r, seat);
    const clock = sequentialPlay(r)?.session.pendingComputer(this.now())?.budgetMs;
    const timeMs = Math.min(clock ?? Infinity, this.moveMs);
    return this.run(
      {
        family: game.family,
        options: r.setup.options,
        state,
        player: seat,
        level,
        seed,
        ...(Number.isFinite(timeMs) ? { timeMs } : {}),
      },
      { owner: ownerOf(game), gameId: game.id, version: game.version },
    );
  }

  run(job: Omit<EngineJob, 'id'>, tag: JobTag = { owner: NOBODY }): Promise<readonly unknown[]> {
    return this.enqueue(job, undefined, tag);
  }

  /**
   * A review's search of a position by the game's review engine, in the same queue and fair shares as the
   * computer's moves (`tag.owner` the user who asked for the review).
   */
  analyse(job: AnalyseJob, tag: JobTag = { owner: NOBODY }): Promise<Analysis<unknown>> {
    const { limits, ...position } = job;
    return this.enqueue({ ...position, player: 0, level: '', seed: 0 }, limits, tag);
  }

  private enqueue<T>(job: Omit<EngineJob, 'id'>, limits: AnalyseJob['limits'] | undefined, tag: JobTag): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the engines are closed'));
    return new Promise<T>((resolve, reject) => {
      const id = this.nextId++;
      const pending = { job: { ...job, id }, tag, resolve, reject, cancelled: false };
      this.queue.push(tag.owner, limits ? { ...pending, limits } : pending);
      this.dispatch();
    });
  }

  /**
   * The game moved on to `version` (a move, a takeback, a resignation, a timeout, another instance's change): its
   * searches asked for an older version are refused with `SearchCancelled`, the waiting ones dropped and the
   * running ones stopped (the stop flag ends a search within milliseconds, where a new worker would load its
   * engines again).
   */
  cancel(gameId: number, version: number): void {
    const stale = (p: Pending): boolean => p.tag.gameId === gameId && (p.tag.version ?? 0) < version;
    for (const p of this.queue.remove(stale)) this.refuse(p);
    for (const slot of this.slots) {
      const p = slot.busy;
      if (!p || p.cancelled || !stale(p)) continue;
      slot.engine.stop();
      this.stoppedCount++;
      this.refuse(p);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.clear()) p.reject(new Error('the engines are closed'));
    await Promise.all(
      this.slots.map(async (s) => {
        if (s.timer) clearTimeout(s.timer);
        s.busy?.reject(new Error('the engines are closed'));
        s.busy = undefined;
        await s.engine.close();
      }),
    );
  }

  private refuse(p: Pending): void {
    p.cancelled = true;
    this.cancelledCount++;
    p.reject(new SearchCancelled(p.tag.gameId));
  }

  private spawn(): Slot {
    const transport = new ThreadTransport();
    return { engine: this.engineOn(transport), transport, busy: undefined, timer: undefined };
  }

  /** An engine of the catalogue's games served by a worker of `transport`, with the pool's settings as data. */
  private engineOn(transport: ThreadTransport): WorkerEngine<CatalogueJob, readonly unknown[]> {
    const spec = { module: builtUrl('catalogue-engine.js').href, name: 'catalogueEngine', args: [this.engine] };
    return new WorkerEngine(spec, transport);
  }

  private finish(slot: Slot, p: Pending): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.busy = undefined;
    this.queue.done(p.tag.owner);
    this.dispatch();
  }

  /**
   * A search failed: its job is refused and the slot takes the next. A worker that died is started again by its
   * engine at the next request; one that overran is ended and a fresh engine takes its place.
   */
  private fail(slot: Slot, p: Pending, e: Error, overran: boolean): void {
    if (overran) {
      void slot.engine.close();
      slot.transport = new ThreadTransport();
      slot.engine = this.engineOn(slot.transport);
    }
    if (!p.cancelled) p.reject(e);
    if (this.closed) return;
    this.finish(slot, p);
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const next = this.queue.shift();
      if (!next) break;
      const p = next.item;
      slot.busy = p;
      const { engine } = slot;
      const { id: _id, level, seed, timeMs, ...job } = p.job;
      // The engine lowers its stop flag before it sends the request: a stop meant for the last job cannot reach this.
      const search: Promise<{ readonly move: unknown; readonly endgameHits?: number }> = p.limits
        ? engine.analyse({ ...job, review: true }, p.limits).then((analysis) => ({ move: analysis }))
        : engine.choose(job, level, { seed, ...(timeMs !== undefined ? { timeMs } : {}) });
      slot.transport.worker?.ref();
      slot.timer = setTimeout(
        () => this.fail(slot, p, new Error('the engine overran its time'), true),
        (timeMs ?? 30_000) + OVERRUN_MS,
      );
      slot.timer.unref();
      search.then(
        (choice) => {
          if (slot.busy !== p || slot.engine !== engine) return;
          this.endgameHitCount += choice.endgameHits ?? 0;
          if (p.limits) this.analysedCount++;
          this.finish(slot, p);
          if (!p.cancelled) p.resolve(choice.move as never);
        },
        (e: Error) => {
          if (slot.busy !== p || slot.engine !== engine) return;
          // The protocol's coded error (`EngineError`: engine/load-failed, engine/failed, engine/worker-failed).
          this.fail(slot, p, e, false);
        },
      );
    }
    for (const slot of this.slots) if (!slot.busy) slot.transport.worker?.unref();
  }
}
