/**
 * The script a Lazy SMP helper thread runs (draughts-smp.ts starts it) on a Node worker thread's `parentPort` or a
 * Web Worker's own scope: it builds its searcher at `init`, then searches each request until its stop flag rises.
 * Kept out of draughts-smp.ts so that a page's engine chunk does not carry it.
 */
import { DraughtsSearchPosition } from '@tactica/draughts';
import { DraughtsDeepSearcher } from './draughts-deep-search.js';
import { CONTROL_BUSY, CONTROL_NODES, CONTROL_READY, nodeBuiltin, type HelperRequest } from './draughts-smp.js';

/** One end of a helper's message channel. */
export interface HelperPort {
  onMessage(listener: (message: unknown) => void): void;
}

/** A helper thread's side: builds its searcher at `init`, then searches each request until its stop flag rises. */
function serveDeepHelper(port: HelperPort): void {
  let searcher: DraughtsDeepSearcher | undefined;
  let control: Int32Array | undefined;
  let index = 0;
  const positions = new Map<string, DraughtsSearchPosition>();
  port.onMessage((message) => {
    const req = message as HelperRequest;
    if (req.kind === 'init') {
      searcher = new DraughtsDeepSearcher({
        ...req.settings,
        ttLog2: req.ttLog2,
        table: req.table,
        helper: req.helper,
      });
      control = new Int32Array(req.control);
      Atomics.add(control, CONTROL_READY, 1);
      index = req.helper - 1;
      return;
    }
    if (!searcher || !control) return;
    const stop = new Int32Array(req.stop);
    try {
      if (Atomics.load(stop, 0) === 0) {
        const key = `${req.state.position.variant}${req.state.giveaway ? '-g' : ''}`;
        let pos = positions.get(key);
        if (pos) pos.load(req.state);
        else {
          pos = new DraughtsSearchPosition(req.state);
          positions.set(key, pos);
        }
        // The searcher takes the next generation: one below the main thread's, so that both age entries alike.
        searcher.tt.age = req.generation - 1;
        const r = searcher.search(pos, {
          depth: req.depth,
          stop,
          ...(req.timeMs !== undefined ? { timeMs: req.timeMs } : {}),
        });
        Atomics.add(control, CONTROL_NODES, r.nodes);
      }
    } finally {
      Atomics.store(control, CONTROL_BUSY + index, 0);
    }
  });
}

declare const self: {
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
};

const parentPort = nodeBuiltin<{
  readonly parentPort: { on(event: 'message', listener: (message: unknown) => void): void } | null;
}>('node:worker_threads')?.parentPort;

if (parentPort) serveDeepHelper({ onMessage: (listener) => parentPort.on('message', listener) });
else serveDeepHelper({ onMessage: (listener) => self.addEventListener('message', (event) => listener(event.data)) });
