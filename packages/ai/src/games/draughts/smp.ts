/**
 * Lazy SMP for the deep draughts search: helper threads search the same root as the main thread over one shared
 * transposition table (`DeepTable` in a `SharedArrayBuffer`), their depths staggered (`helper` option of
 * `DraughtsDeepSearcher`), and fill the table with results the main thread then finds. Only the main thread's answer
 * is played; the helpers' results are thrown away.
 *
 * Threads: Node worker threads (`node:worker_threads`, reached through `process.getBuiltinModule` so that this file
 * stays free of Node types and runs in the browser too), or Web Workers on a cross-origin-isolated page (the only
 * pages that may share memory: the page needs `Cross-Origin-Opener-Policy: same-origin` and
 * `Cross-Origin-Embedder-Policy: require-corp`, see docs/ai.md). Anywhere else there are no helpers and the search
 * runs on one thread.
 *
 * Each search gets a fresh four-byte stop flag, raised by the main thread when it has its answer and never lowered
 * again: a helper that reads a request late (a thread still starting, a busy one) sees the flag up and returns at
 * once, so no helper can ever search an old position after the main thread moved on. Each helper marks itself busy
 * in a shared control block while it works (`busy`), and adds its node count there.
 *
 *   const helpers = new DraughtsHelpers({ count: 1, ttLog2: 19, table });   // table: the main searcher's buffer
 *   const stop = helpers.start(state, { depth: 64, timeMs: 1000 }, main.tt.age + 1);
 *   try { main.search(position, limits) } finally { helpers.finish(stop) }
 */
import type { DraughtsState } from '@tactica/draughts';
import type { DeepSearcherOptions } from './deep-search.js';
import type { LearnedForHelpers } from './learned-eval.js';

/**
 * The searcher settings a helper can be sent: plain data. The main thread's evaluation and endgame databases travel
 * as what rebuilds them, so that every thread writes the same scores into the shared table: the learned evaluation's
 * weights, and the folder the databases are read from (Node; a page's helpers have none, as its main thread).
 */
export type HelperSettings = Omit<DeepSearcherOptions, 'ttLog2' | 'table' | 'helper' | 'evaluator' | 'endgames'> & {
  readonly learned?: LearnedForHelpers;
  readonly endgamesFolder?: string;
};

/** What the main thread sends a helper. */
export type HelperRequest =
  | {
      readonly kind: 'init';
      /** The helper's number, from 1 (0 is the main thread): it staggers the helper's depths. */
      readonly helper: number;
      readonly ttLog2: number;
      readonly table: SharedArrayBuffer;
      /** The control block: [helper nodes, helpers ready, busy flag of helper 1, of helper 2, …]. */
      readonly control: SharedArrayBuffer;
      readonly settings: HelperSettings;
    }
  | {
      readonly kind: 'search';
      readonly state: DraughtsState;
      /** This search's stop flag (four bytes); raised once, never lowered. */
      readonly stop: SharedArrayBuffer;
      readonly depth: number;
      readonly timeMs?: number;
      /** The table generation the main thread searches with. */
      readonly generation: number;
    };

/** A helper thread as the pool sees it, whatever runs it. */
export interface HelperThread {
  postMessage(message: HelperRequest): void;
  terminate(): Promise<void>;
  /** Called once if the thread dies (an error, an exit) before `terminate`. */
  onFailure(listener: (reason: string) => void): void;
}

/** Starts one helper thread running `helper-entry.js`. */
export type HelperSpawner = () => HelperThread;

export const CONTROL_NODES = 0;
export const CONTROL_READY = 1;
export const CONTROL_BUSY = 2;
/** A helper's own time limit beyond the main thread's hard limit, should the main thread never raise its flag. */
const HELPER_SLACK_MS = 1000;

export interface DraughtsHelpersOptions {
  /** Helper threads (the main thread not counted). */
  readonly count: number;
  readonly ttLog2: number;
  /** The shared table's buffer: the main searcher's (`new DraughtsDeepSearcher({ ttLog2, table })`). */
  readonly table: SharedArrayBuffer;
  readonly settings?: HelperSettings;
  /** How to start a thread (default: `defaultHelperSpawner()`). */
  readonly spawn?: HelperSpawner;
}

/** A pool of helper threads for one shared table, started at the first search. */
export class DraughtsHelpers {
  readonly count: number;
  private readonly control: Int32Array;
  private readonly threads: (HelperThread | undefined)[] = [];
  private readonly dead: boolean[];
  private readonly spawn: HelperSpawner;
  private started = false;
  private closed = false;

  constructor(private readonly options: DraughtsHelpersOptions) {
    const spawn = options.spawn ?? defaultHelperSpawner();
    if (!spawn) throw new Error('this platform cannot start helper threads (see canUseHelperThreads)');
    this.spawn = spawn;
    this.count = Math.max(0, Math.floor(options.count));
    this.control = new Int32Array(new SharedArrayBuffer(4 * (CONTROL_BUSY + this.count)));
    this.dead = new Array<boolean>(this.count).fill(false);
  }

  /** Helpers searching now (or with a request not yet read). */
  get busy(): number {
    let n = 0;
    for (let i = 0; i < this.count; i++) if (!this.dead[i] && Atomics.load(this.control, CONTROL_BUSY + i) !== 0) n++;
    return n;
  }

  /** Helper threads running (started and neither failed nor closed). */
  get running(): number {
    let n = 0;
    for (let i = 0; i < this.count; i++) if (this.threads[i] && !this.dead[i]) n++;
    return n;
  }

  /** Helpers that have started and built their searcher (a thread takes a while to start: a search before that runs
   * without it). */
  get ready(): number {
    return Atomics.load(this.control, CONTROL_READY);
  }

  /** The nodes the helpers reported for the searches since the last `start`. */
  get helperNodes(): number {
    return Atomics.load(this.control, CONTROL_NODES);
  }

  /**
   * Sets every helper searching `state`; answers the search's stop flag, for `finish`. `generation` is the table
   * generation the main searcher will use (its `tt.age + 1`: its search takes the next one).
   */
  start(
    state: DraughtsState,
    limits: { readonly depth: number; readonly timeMs?: number },
    generation: number,
  ): Int32Array {
    const stopBuffer = new SharedArrayBuffer(4);
    const stop = new Int32Array(stopBuffer);
    if (this.closed) {
      stop[0] = 1;
      return stop;
    }
    if (!this.started) this.startThreads();
    Atomics.store(this.control, CONTROL_NODES, 0);
    const request: HelperRequest = {
      kind: 'search',
      state,
      stop: stopBuffer,
      depth: limits.depth,
      ...(limits.timeMs !== undefined ? { timeMs: limits.timeMs + HELPER_SLACK_MS } : {}),
      generation,
    };
    for (let i = 0; i < this.count; i++) {
      const t = this.threads[i];
      if (!t || this.dead[i]) continue;
      Atomics.store(this.control, CONTROL_BUSY + i, 1);
      t.postMessage(request);
    }
    return stop;
  }

  /**
   * Raises the search's stop flag: each helper stops at its next poll (every 256 nodes), or never starts. The main
   * thread does not wait for them: a thread that blocks, even for a millisecond, may not get a core back for tens of
   * milliseconds on a loaded machine (measured 20 ms a move under load 20 on two cores), and nothing depends on it.
   */
  finish(stop: Int32Array): void {
    Atomics.store(stop, 0, 1);
  }

  /** Ends every helper thread; a search after this runs on the main thread alone. */
  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0);
    await Promise.all(threads.map((t) => t?.terminate()));
  }

  private startThreads(): void {
    this.started = true;
    for (let i = 0; i < this.count; i++) {
      const thread = this.spawn();
      thread.onFailure(() => {
        this.dead[i] = true;
        Atomics.store(this.control, CONTROL_BUSY + i, 0);
      });
      thread.postMessage({
        kind: 'init',
        helper: i + 1,
        ttLog2: this.options.ttLog2,
        table: this.options.table,
        control: this.control.buffer as SharedArrayBuffer,
        settings: this.options.settings ?? {},
      });
      this.threads[i] = thread;
    }
  }
}

/** As much of `node:worker_threads`' Worker as the spawner uses. */
interface NodeWorkerLike {
  postMessage(message: unknown): void;
  terminate(): Promise<number>;
  unref(): void;
  on(event: 'error', listener: (error: { readonly message: string }) => void): void;
  on(event: 'exit', listener: (code: number) => void): void;
}

interface NodeWorkerThreads {
  readonly Worker: new (url: URL) => NodeWorkerLike;
  readonly parentPort: { on(event: 'message', listener: (message: unknown) => void): void } | null;
}

/** As much of a Web Worker as the spawner uses. */
interface WebWorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'error', listener: (event: { readonly message?: string }) => void): void;
  terminate(): void;
}

declare const Worker: new (url: URL, options: { readonly type: 'module' }) => WebWorkerLike;

/** A Node built-in module when this runs in Node (20.16 and later), else undefined. */
export function nodeBuiltin<T>(id: string): T | undefined {
  const process = (globalThis as { readonly process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return process?.getBuiltinModule?.(id) as T | undefined;
}

/** Whether this platform can run helper threads: Node, or a cross-origin-isolated page or worker. */
export function canUseHelperThreads(): boolean {
  return defaultHelperSpawner() !== undefined;
}

/** The cores this platform reports (Node's available parallelism, the browser's `hardwareConcurrency`), at least 1. */
export function availableCores(): number {
  const os = nodeBuiltin<{ availableParallelism?: () => number; cpus: () => readonly unknown[] }>('node:os');
  if (os) return Math.max(1, os.availableParallelism?.() ?? os.cpus().length);
  const nav = (globalThis as { readonly navigator?: { readonly hardwareConcurrency?: number } }).navigator;
  return Math.max(1, nav?.hardwareConcurrency ?? 1);
}

/** The helper entry's URL (tests run the TypeScript sources, so they start the build's, as node-worker.ts does). */
function nodeEntryUrl(): URL {
  // A variable, not a literal: a bundler must not take the Node path for an asset of the browser build.
  const path = import.meta.url.endsWith('.ts') ? '../../../dist/games/draughts/helper-entry.js' : './helper-entry.js';
  return new URL(path, import.meta.url);
}

/** How this platform starts a helper thread, or undefined when it cannot share memory with one. */
export function defaultHelperSpawner(): HelperSpawner | undefined {
  const threads = nodeBuiltin<NodeWorkerThreads>('node:worker_threads');
  if (threads) {
    return () => {
      const worker = new threads.Worker(nodeEntryUrl());
      // A helper never keeps a process alive: it only ever works while the main thread searches.
      worker.unref();
      let ended = false;
      return {
        postMessage: (message) => worker.postMessage(message),
        terminate: async () => {
          ended = true;
          await worker.terminate();
        },
        onFailure(listener) {
          worker.on('error', (e) => listener(e.message));
          worker.on('exit', (code) => {
            if (!ended) listener(`it exited with code ${code}`);
          });
        },
      };
    };
  }
  const scope = globalThis as { readonly crossOriginIsolated?: boolean };
  if (scope.crossOriginIsolated !== true || typeof SharedArrayBuffer !== 'function' || typeof Worker !== 'function') {
    return undefined;
  }
  return () => {
    const worker = new Worker(new URL('./helper-entry.js', import.meta.url), { type: 'module' });
    return {
      postMessage: (message) => worker.postMessage(message),
      terminate: () => {
        worker.terminate();
        return Promise.resolve();
      },
      onFailure: (listener) =>
        worker.addEventListener('error', (event) => listener(event.message ?? 'the helper reported an error')),
    };
  };
}
