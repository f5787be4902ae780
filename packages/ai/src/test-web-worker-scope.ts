/**
 * Runs the Web Worker entry in a Node worker thread, for tests of the web transport where no browser is at hand:
 * the thread's port stands in for the worker's global scope (both are message ports with `addEventListener` and
 * `postMessage`), and the entry module is the same one a browser loads.
 */
import { parentPort } from 'node:worker_threads';

if (!parentPort) throw new Error('test-web-worker-scope.js runs in a worker thread');
Object.assign(globalThis, { self: parentPort });
await import('./web-worker-entry.js');
