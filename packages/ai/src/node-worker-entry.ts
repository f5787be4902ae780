/**
 * The script a Node worker thread runs (`nodeWorkerTransport` starts it): the engine host on the thread's port.
 */
import { parentPort } from 'node:worker_threads';
import { serveEngine } from './worker/engine-host.js';

// The engine's settings come in its spec, as data: the draughts endgame databases are its `endgames` option (the
// programs pass `egdbSetting()`), not a global of this thread.

const port = parentPort;
if (!port) throw new Error('node-worker-entry.js runs in a worker thread (see @tactica/ai/node-worker)');
serveEngine({
  postMessage: (message) => port.postMessage(message),
  onMessage: (listener) => port.on('message', listener),
});
