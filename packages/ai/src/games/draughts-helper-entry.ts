/**
 * The script a Lazy SMP helper thread runs (draughts-smp.ts starts it): a Node worker thread's `parentPort`, or a
 * Web Worker's own scope, serving `serveDeepHelper`.
 */
import { nodeBuiltin, serveDeepHelper } from './draughts-smp.js';

declare const self: {
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
};

const parentPort = nodeBuiltin<{
  readonly parentPort: { on(event: 'message', listener: (message: unknown) => void): void } | null;
}>('node:worker_threads')?.parentPort;

if (parentPort) serveDeepHelper({ onMessage: (listener) => parentPort.on('message', listener) });
else serveDeepHelper({ onMessage: (listener) => self.addEventListener('message', (event) => listener(event.data)) });
