/**
 * An engine worker thread: the AI package's engine host (`serveEngine`) on the thread's port, the same protocol the
 * browser's and `tactica`'s engine workers speak. The pool's `init` names the engine (`catalogueEngine`, with the
 * engines' settings as data) and shares the stop flag; each `choose` is one search.
 */
import { parentPort } from 'node:worker_threads';
import { serveEngine } from '@tactica/ai/worker-protocol';

const port = parentPort;
if (!port) throw new Error('engine-worker.js runs in a worker thread (see WorkerEngines)');
serveEngine({
  postMessage: (message) => port.postMessage(message),
  onMessage: (listener) => port.on('message', listener),
});
