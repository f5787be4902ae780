/**
 * @tactica/ai/web-worker — engines in Web Workers, for browser pages.
 *
 *   import { webWorkerEngine } from '@tactica/ai/web-worker';
 *   const engine = webWorkerEngine<DraughtsState, DraughtsMove>({ family: 'draughts' });
 *   const choice = await engine.choose(state, 'smart', { seed: 7 });
 *   engine.stop();        // answers with the best move so far
 *
 * A stop flag can be shared with the worker only on a cross-origin-isolated page (COOP and COEP headers); then
 * `stop()` ends the search at once. On any other page the worker is ended instead and the search answered from
 * the last iteration it reported (see `WorkerEngine.stop`); the next request starts a fresh worker.
 */
import { WorkerEngine, type EngineTransport, type WorkerConnection } from './worker/engine-client.js';
import type { EngineSpec } from './worker/protocol.js';

export {
  WorkerEngine,
  type EngineTransport,
  type WorkerChooseOptions,
  type WorkerConnection,
} from './worker/engine-client.js';
export { EngineError, type EngineSpec } from './worker/protocol.js';

/** As much of a Web Worker as the transport uses (this package compiles without the DOM types). */
export interface WebWorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  addEventListener(type: 'error', listener: (event: { readonly message?: string }) => void): void;
  terminate(): void;
}

declare const Worker: new (url: URL, options: { readonly type: 'module' }) => WebWorkerLike;

export interface WebWorkerOptions {
  /**
   * Starts a worker running `@tactica/ai/web-worker-entry` (default: `new Worker(new URL('./web-worker-entry.js',
   * import.meta.url), { type: 'module' })`, which Vite and other bundlers follow).
   */
  readonly createWorker?: () => WebWorkerLike;
  /** Share a stop flag with the worker (default: when the page is cross-origin isolated). */
  readonly sharedStop?: boolean;
}

/** Whether this page may share memory with its workers (`crossOriginIsolated`, `SharedArrayBuffer`). */
export function canShareStopFlag(): boolean {
  const scope = globalThis as { readonly crossOriginIsolated?: boolean };
  return scope.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
}

function defaultWorker(): WebWorkerLike {
  return new Worker(new URL('./web-worker-entry.js', import.meta.url), { type: 'module' });
}

/** Starts each engine worker as a Web Worker. */
export function webWorkerTransport(options: WebWorkerOptions = {}): EngineTransport {
  const create = options.createWorker ?? defaultWorker;
  return {
    sharedStop: options.sharedStop ?? canShareStopFlag(),
    connect(): WorkerConnection {
      const worker = create();
      return {
        port: {
          postMessage: (message) => worker.postMessage(message),
          onMessage: (listener) => worker.addEventListener('message', (event) => listener(event.data)),
        },
        terminate: () => worker.terminate(),
        onFailure: (listener) =>
          worker.addEventListener('error', (event) => listener(event.message ?? 'the worker reported an error')),
      };
    },
  };
}

/** An engine in its own Web Worker, started at the first request. */
export function webWorkerEngine<S, M>(spec: EngineSpec, options: WebWorkerOptions = {}): WorkerEngine<S, M> {
  return new WorkerEngine<S, M>(spec, webWorkerTransport(options));
}
