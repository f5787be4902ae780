import { Worker } from 'node:worker_threads';
import type { AnalyseLimits, Analysis, MoveChoice, ThinkOptions } from '@tactica/ai';

/** Names an engine: an `Engine` export, or a factory export and its arguments, of a module (`@tactica/ai` by default). */
export interface EngineSpec {
  readonly name: string;
  readonly args: readonly unknown[];
  /** Module specifier or file URL the worker imports. */
  readonly module?: string;
}

export type EngineRequest =
  | {
      readonly id: number;
      readonly kind: 'choose';
      readonly state: unknown;
      readonly level: string;
      readonly options: Omit<ThinkOptions, 'stop' | 'onThought'>;
    }
  | {
      readonly id: number;
      readonly kind: 'analyse';
      readonly state: unknown;
      readonly limits: Omit<AnalyseLimits, 'stop' | 'onIteration'>;
      /** Send an `iteration` message after each completed iteration. */
      readonly stream: boolean;
    };

export type EngineResponse =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: string }
  | { readonly id: number; readonly iteration: Analysis<unknown> };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The compiled worker script (tests run the TypeScript sources, so they use the build of this file). */
function workerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../../dist/ai/worker.js', here) : new URL('./worker.js', here);
}

/**
 * An engine running in its own worker thread: `choose` and `analyse` return promises, and `stop()` ends the
 * running search at once (it returns the best move found so far). States and moves cross the thread boundary by
 * structured clone, which every game's plain-data states survive.
 */
export class WorkerEngine<S, M> {
  private readonly worker: Worker;
  private readonly stopFlag: Int32Array;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; onIteration?: (a: Analysis<unknown>) => void }
  >();
  private nextId = 1;

  constructor(spec: EngineSpec) {
    const stop = new SharedArrayBuffer(4);
    this.stopFlag = new Int32Array(stop);
    this.worker = new Worker(workerUrl(), { workerData: { spec, stop } });
    this.worker.on('message', (res: EngineResponse) => {
      const p = this.pending.get(res.id);
      if (!p) return;
      if ('iteration' in res) {
        p.onIteration?.(res.iteration);
        return;
      }
      this.pending.delete(res.id);
      if (res.ok) p.resolve(res.value);
      else p.reject(new Error(res.error));
    });
    this.worker.on('error', (e) => this.failAll(e));
    this.worker.on('exit', (code) => this.failAll(new Error(`engine worker exited with code ${code}`)));
  }

  choose(s: S, level: string, options: Omit<ThinkOptions, 'stop' | 'onThought'> = {}): Promise<MoveChoice<M>> {
    return this.request({ kind: 'choose', state: s, level, options }) as Promise<MoveChoice<M>>;
  }

  /** The strongest search to the limits; `limits.onIteration` is called as each iteration completes. */
  analyse(s: S, limits: AnalyseLimits): Promise<Analysis<M>> {
    const { stop: _stop, onIteration, ...plain } = limits;
    return this.request(
      { kind: 'analyse', state: s, limits: plain, stream: onIteration !== undefined },
      onIteration,
    ) as Promise<Analysis<M>>;
  }

  /** Stops the search under way; its promise resolves with the best move so far. */
  stop(): void {
    Atomics.store(this.stopFlag, 0, 1);
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }

  private request(
    body: DistributiveOmit<EngineRequest, 'id'>,
    onIteration?: (a: Analysis<unknown>) => void,
  ): Promise<unknown> {
    const id = this.nextId++;
    Atomics.store(this.stopFlag, 0, 0);
    return new Promise((resolve, reject) => {
      this.pending.set(id, onIteration ? { resolve, reject, onIteration } : { resolve, reject });
      this.worker.postMessage({ ...body, id });
    });
  }

  private failAll(e: Error): void {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }
}
