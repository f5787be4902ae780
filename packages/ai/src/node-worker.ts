/**
 * @tactica/ai/node-worker — engines in Node worker threads. The stop flag is always shared, so `stop()` ends a
 * search at once and the worker lives on with its tables.
 *
 *   import { nodeWorkerEngine } from '@tactica/ai/node-worker';
 *   const engine = nodeWorkerEngine<DraughtsState, DraughtsMove>({ family: 'draughts' });
 *   const choice = await engine.choose(state, 'smart', { seed: 7 });
 *   await engine.close();                               // a worker keeps the process alive until closed
 */
import { Worker } from 'node:worker_threads';
import { WorkerEngine, type EngineTransport, type WorkerConnection } from './worker/engine-client.js';
import type { EngineSpec } from './worker/protocol.js';

export {
  WorkerEngine,
  type EngineTransport,
  type WorkerChooseOptions,
  type WorkerConnection,
} from './worker/engine-client.js';
export { EngineError, type EngineSpec } from './worker/protocol.js';

/** The worker script: this file's build neighbour (tests run the TypeScript sources, so they use the build). */
function entryUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('../dist/node-worker-entry.js', import.meta.url)
    : new URL('./node-worker-entry.js', import.meta.url);
}

/** A worker thread as the engine client's connection: its messages, its end, and its failures. */
export function threadConnection(worker: Worker): WorkerConnection {
  return {
    port: {
      postMessage: (message) => worker.postMessage(message),
      onMessage: (listener) => worker.on('message', listener),
    },
    terminate: async () => {
      await worker.terminate();
    },
    onFailure(listener) {
      worker.on('error', (e) => listener(e.message));
      worker.on('exit', (code) => listener(`it exited with code ${code}`));
    },
  };
}

/** Starts each engine worker as a Node worker thread. */
export const nodeWorkerTransport: EngineTransport = {
  sharedStop: true,
  connect: (): WorkerConnection => threadConnection(new Worker(entryUrl())),
};

/** An engine in its own worker thread, started at the first request. */
export function nodeWorkerEngine<S, M>(spec: EngineSpec): WorkerEngine<S, M> {
  return new WorkerEngine<S, M>(spec, nodeWorkerTransport);
}
