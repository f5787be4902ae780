/**
 * The script a Lazy SMP helper thread runs (smp.ts starts it) on a Node worker thread's `parentPort` or a
 * Web Worker's own scope: it builds its searcher at `init`, then searches each request until its stop flag rises.
 * Kept out of smp.ts so that a page's engine chunk does not carry it.
 */
import { DraughtsSearchPosition } from '@tactica/draughts';
import { DraughtsDeepSearcher, type DeepEndgames } from './deep-search.js';
import { LearnedDraughtsEvaluator, withWasmNetwork } from './learned-eval.js';
import {
  CONTROL_BUSY,
  CONTROL_NODES,
  CONTROL_READY,
  nodeBuiltin,
  type HelperRequest,
  type HelperSettings,
} from './smp.js';

/** One end of a helper's message channel. */
export interface HelperPort {
  onMessage(listener: (message: unknown) => void): void;
}

/**
 * The main thread's endgame databases, opened again from their folder (Node only: the module is reached by a
 * computed specifier, so that a page's bundle never takes in its `node:fs`).
 */
async function openEndgames(folder: string | undefined): Promise<DeepEndgames | undefined> {
  if (folder === undefined || nodeBuiltin('node:fs') === undefined) return undefined;
  const specifier = '../../node-egdb.js';
  try {
    const egdb = (await import(/* @vite-ignore */ specifier)) as {
      openEgdbFolders(dir: string): DeepEndgames | undefined;
    };
    return egdb.openEgdbFolders(folder);
  } catch {
    // Unreadable: the helper searches without them (it never answers a move, only fills the table).
    return undefined;
  }
}

/** A helper thread's side: builds its searcher at `init`, then searches each request until its stop flag rises. */
function serveDeepHelper(port: HelperPort): void {
  let searcher: DraughtsDeepSearcher | undefined;
  let control: Int32Array | undefined;
  let index = 0;
  const positions = new Map<string, DraughtsSearchPosition>();
  // Messages are handled in order: a search waits for the searcher the init is still building (its databases).
  let queue = Promise.resolve();
  port.onMessage((message) => {
    queue = queue.then(() => handle(message as HelperRequest)).catch(() => undefined);
  });
  const init = async (req: HelperRequest & { readonly kind: 'init' }): Promise<void> => {
    control = new Int32Array(req.control);
    index = req.helper - 1;
    const { learned, endgamesFolder, ...settings }: HelperSettings = req.settings;
    const endgames = await openEndgames(endgamesFolder);
    // The network in WebAssembly where this thread runs it, as the main thread's (the same numbers either way).
    const evaluator = learned ? await withWasmNetwork(LearnedDraughtsEvaluator.fromHelperData(learned)) : undefined;
    searcher = new DraughtsDeepSearcher({
      ...settings,
      ...(evaluator ? { evaluator } : {}),
      ...(endgames ? { endgames } : {}),
      ttLog2: req.ttLog2,
      table: req.table,
      helper: req.helper,
    });
    Atomics.add(control, CONTROL_READY, 1);
  };
  const handle = async (req: HelperRequest): Promise<void> => {
    if (req.kind === 'init') return init(req);
    if (!control) return;
    const stop = new Int32Array(req.stop);
    try {
      // No searcher: its init failed (the thread then only ever reports itself idle).
      if (searcher && Atomics.load(stop, 0) === 0) {
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
  };
}

declare const self: {
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
};

const parentPort = nodeBuiltin<{
  readonly parentPort: { on(event: 'message', listener: (message: unknown) => void): void } | null;
}>('node:worker_threads')?.parentPort;

if (parentPort) serveDeepHelper({ onMessage: (listener) => parentPort.on('message', listener) });
else serveDeepHelper({ onMessage: (listener) => self.addEventListener('message', (event) => listener(event.data)) });
