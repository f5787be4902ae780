/**
 * The script a Node worker thread runs (`nodeWorkerTransport` starts it): the engine host on the thread's port.
 */
import { parentPort } from 'node:worker_threads';
import { useDraughtsEndgames } from './games/draughts.js';
import { openEgdbFolders } from './node-egdb.js';
import { serveEngine } from './worker/engine-host.js';

// The endgame databases of the folder (`npm run egdb:build`), read lazily by Master's search; TACTICA_EGDB=off
// leaves them out (ours).
if (process.env['TACTICA_EGDB'] !== 'off') useDraughtsEndgames(openEgdbFolders());

const port = parentPort;
if (!port) throw new Error('node-worker-entry.js runs in a worker thread (see @tactica/ai/node-worker)');
serveEngine({
  postMessage: (message) => port.postMessage(message),
  onMessage: (listener) => port.on('message', listener),
});
