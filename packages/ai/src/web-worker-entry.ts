/**
 * The module a Web Worker runs: the engine host on the worker's own scope. A Vite app starts it with
 *
 *   new Worker(new URL('@tactica/ai/web-worker-entry', import.meta.url), { type: 'module' })
 *
 * (`webWorkerEngine` does this by default). With Vite's `worker.format: 'es'` each game's engine stays a chunk of
 * its own in the worker too, loaded when an `init` names it.
 */
import { serveEngine } from './worker/engine-host.js';

/** The worker's global scope, as much of it as the host uses (no DOM types in this package). */
declare const self: {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
};

serveEngine({
  postMessage: (message) => self.postMessage(message),
  onMessage: (listener) => self.addEventListener('message', (event) => listener(event.data)),
});
