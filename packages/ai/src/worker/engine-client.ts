/**
 * The caller's side of the protocol: an engine in a worker behind promises. The transport (Node worker threads,
 * Web Workers) only starts workers and carries messages; everything else is here, the same for both.
 */
import { inputError, type InputError } from '@tactica/core';
import type { AnalyseLimits, Analysis, LevelInfo, MoveChoice, ThinkOptions } from '../engine.js';
import type { EngineReady } from './engine-host.js';
import {
  EngineError,
  type EnginePort,
  type EngineRequest,
  type EngineResponse,
  type EngineSpec,
  type EngineErrorCode,
} from './protocol.js';

/** A worker a transport started. */
export interface WorkerConnection {
  /** The client's end of the worker's channel. */
  readonly port: EnginePort;
  /** Ends the worker at once, whatever it is doing. */
  terminate(): void | Promise<void>;
  /** Tells of the worker failing by itself (an uncaught error, an exit), with a message. */
  onFailure(listener: (message: string) => void): void;
}

/** Starts workers that serve an engine (`serveEngine`) on their end of the channel. */
export interface EngineTransport {
  /**
   * Whether the worker can share a stop flag (a `SharedArrayBuffer`) with this thread: always in Node, in a browser
   * only when the page is cross-origin isolated.
   */
  readonly sharedStop: boolean;
  connect(): WorkerConnection;
}

/** `choose`'s options through a worker: the callbacks are called as the worker's messages arrive. */
export type WorkerChooseOptions = Omit<ThinkOptions, 'stop'>;

interface Pending {
  readonly kind: EngineRequest['kind'];
  readonly resolve: (value: unknown) => void;
  readonly reject: (e: Error) => void;
  readonly onIteration: ((a: Analysis<unknown>) => void) | undefined;
  readonly onThought: ((text: string) => void) | undefined;
  /** The last iteration the worker reported with a move. */
  last?: Analysis<unknown>;
  /** `stop()` was called while no stop flag could reach the worker: settle at the next iteration. */
  stopRequested: boolean;
}

/** One running worker and what it was asked. */
interface Live {
  readonly connection: WorkerConnection;
  readonly stopFlag: Int32Array | undefined;
  readonly pending: Map<number, Pending>;
  ready: Promise<readonly LevelInfo[]>;
}

/** A request as the client builds it, before it is given its id. */
type RequestBody = EngineRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/**
 * An engine running in its own worker, so a search never blocks the thread that talks to people: `choose` and
 * `analyse` return promises and `stop()` ends the search under way with the best move found so far. The worker is
 * started at the first request. States and moves cross by structured clone, which every game's plain-data states
 * survive.
 *
 *   const engine = nodeWorkerEngine<DraughtsState, DraughtsMove>({ family: 'draughts' });  // or webWorkerEngine
 *   const pending = engine.analyse(state, { depth: 64, onIteration: (a) => show(a) });
 *   engine.stop();                                   // pending resolves with the best line so far
 *   await engine.close();
 */
export class WorkerEngine<S, M> {
  private live: Live | undefined;
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly spec: EngineSpec,
    private readonly transport: EngineTransport,
  ) {}

  /** Starts the worker if need be; resolves with the engine's levels once it has loaded. */
  ready(): Promise<readonly LevelInfo[]> {
    const live = this.connect();
    return live instanceof EngineError ? Promise.reject(live) : live.ready;
  }

  choose(s: S, level: string, options: WorkerChooseOptions = {}): Promise<MoveChoice<M>> {
    const { onIteration, onThought, ...plain } = options;
    const stream = (live: Live): boolean => onIteration !== undefined || live.stopFlag === undefined;
    return this.request(
      (live) => ({
        kind: 'choose',
        state: s,
        level,
        options: plain,
        iterations: stream(live),
        thoughts: onThought !== undefined,
      }),
      onIteration,
      onThought,
    ) as Promise<MoveChoice<M>>;
  }

  /** The strongest search to the limits; `limits.onIteration` is called as each iteration completes. */
  analyse(s: S, limits: AnalyseLimits): Promise<Analysis<M>> {
    const { stop: _stop, onIteration, ...plain } = limits;
    return this.request(
      (live) => ({
        kind: 'analyse',
        state: s,
        limits: plain,
        iterations: onIteration !== undefined || live.stopFlag === undefined,
      }),
      onIteration,
      undefined,
    ) as Promise<Analysis<M>>;
  }

  /**
   * Stops every search under way; each promise resolves with the best move found so far. With a shared stop flag
   * the worker's search ends at once and answers. Without one (a browser page that is not cross-origin isolated)
   * each search is answered from the last iteration it reported, or at its first if it has reported none, and the
   * worker, still busy, is ended; the next request starts a fresh one (its tables start empty).
   */
  stop(): void {
    const live = this.live;
    if (!live) return;
    if (live.stopFlag) {
      Atomics.store(live.stopFlag, 0, 1);
      return;
    }
    for (const [id, p] of live.pending) {
      if (p.kind === 'init') continue;
      p.stopRequested = true;
      if (p.last) this.settleEarly(live, id, p, p.last);
    }
  }

  /** Ends the worker; requests under way reject with `engine/closed`, and so does every later one. */
  async close(): Promise<void> {
    this.closed = true;
    const live = this.live;
    if (!live) return;
    this.live = undefined;
    failAll(live, coded('engine/closed', 'the engine was closed'));
    await live.connection.terminate();
  }

  private request(
    body: (live: Live) => Exclude<RequestBody, { kind: 'init' }>,
    onIteration: ((a: Analysis<unknown>) => void) | undefined,
    onThought: ((text: string) => void) | undefined,
  ): Promise<unknown> {
    const live = this.connect();
    if (live instanceof EngineError) return Promise.reject(live);
    if (live.stopFlag) Atomics.store(live.stopFlag, 0, 0);
    return this.send(live, body(live), onIteration, onThought);
  }

  private send(
    live: Live,
    body: RequestBody,
    onIteration: ((a: Analysis<unknown>) => void) | undefined,
    onThought: ((text: string) => void) | undefined,
  ): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      live.pending.set(id, { kind: body.kind, resolve, reject, onIteration, onThought, stopRequested: false });
      live.connection.port.postMessage({ ...body, id });
    });
  }

  /** The running worker, started and sent the engine's spec if there is none; a coded error if it cannot start. */
  private connect(): Live | EngineError {
    if (this.closed) return new EngineError(coded('engine/closed', 'the engine was closed'));
    if (this.live) return this.live;
    let connection: WorkerConnection;
    try {
      connection = this.transport.connect();
    } catch (e) {
      return new EngineError(coded('engine/worker-failed', `the worker did not start: ${messageOf(e)}`));
    }
    const stopFlag = this.transport.sharedStop ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
    const live: Live = { connection, stopFlag, pending: new Map(), ready: Promise.resolve([]) };
    connection.port.onMessage((message) => this.receive(live, message));
    connection.onFailure((message) => {
      if (this.live !== live) return; // a worker this client ended itself
      this.live = undefined;
      failAll(live, coded('engine/worker-failed', `the engine's worker failed: ${message}`));
    });
    const init = this.send(
      live,
      { kind: 'init', spec: this.spec, ...(stopFlag ? { stop: stopFlag.buffer as SharedArrayBuffer } : {}) },
      undefined,
      undefined,
    );
    live.ready = init.then((r) => (r as EngineReady).levels);
    // A failed init also fails every request after it, which is where callers hear of it.
    live.ready.catch(() => undefined);
    this.live = live;
    return live;
  }

  private receive(live: Live, message: unknown): void {
    const res = message as EngineResponse;
    const p = live.pending.get(res.id);
    if (!p) return;
    switch (res.kind) {
      case 'iteration':
        if (res.analysis.pv.length > 0) p.last = res.analysis;
        p.onIteration?.(res.analysis);
        if (p.stopRequested && p.last) this.settleEarly(live, res.id, p, p.last);
        return;
      case 'thought':
        p.onThought?.(res.text);
        return;
      case 'result':
        live.pending.delete(res.id);
        p.resolve(res.value);
        return;
      case 'error':
        live.pending.delete(res.id);
        p.reject(new EngineError(res.error));
        return;
    }
  }

  /**
   * Answers a request from its last iteration while the worker still works on it (no stop flag could reach it).
   * Once no request is left waiting, the busy worker is ended: the next request starts a fresh one.
   */
  private settleEarly(live: Live, id: number, p: Pending, last: Analysis<unknown>): void {
    live.pending.delete(id);
    if (p.kind === 'choose') {
      const choice: MoveChoice<unknown> = {
        move: last.pv[0],
        score: last.score,
        depth: last.depth,
        nodes: last.nodes,
        pv: last.pv,
      };
      p.resolve(choice);
    } else p.resolve(last);
    if (live.pending.size === 0 && this.live === live) {
      this.live = undefined;
      void live.connection.terminate();
    }
  }
}

function failAll(live: Live, error: InputError): void {
  for (const p of live.pending.values()) p.reject(new EngineError(error));
  live.pending.clear();
}

function coded(code: EngineErrorCode, message: string): InputError {
  return inputError(code, message);
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
