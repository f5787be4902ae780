/**
 * A worker thread that runs one engine, so a search never blocks the thread that talks to users (the Hub protocol's
 * `stop`, a server's other games). The engine is built from an export of `@tactica/ai` named in `workerData`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Analysis, Engine } from '@tactica/ai';
import type { EngineRequest, EngineResponse, EngineSpec } from './worker-engine.js';

const data = workerData as { spec: EngineSpec; stop: SharedArrayBuffer };
const stop = new Int32Array(data.stop);
const exports = (await import(data.spec.module ?? '@tactica/ai')) as Record<string, unknown>;
const engine = buildEngine(data.spec);

parentPort?.on('message', (req: EngineRequest) => {
  let res: EngineResponse;
  try {
    if (req.kind === 'choose') {
      const choice = engine.choose(req.state, req.level, { ...req.options, stop });
      res = { id: req.id, ok: true, value: choice };
    } else {
      const report = (iteration: Analysis<unknown>): void => {
        const message: EngineResponse = { id: req.id, iteration };
        parentPort?.postMessage(message);
      };
      res = {
        id: req.id,
        ok: true,
        value: engine.analyse(req.state, { ...req.limits, stop, ...(req.stream ? { onIteration: report } : {}) }),
      };
    }
  } catch (e) {
    res = { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort?.postMessage(res);
});

function buildEngine(spec: EngineSpec): Engine<unknown, unknown> {
  const exported = exports[spec.name];
  if (typeof exported === 'function') return (exported as (...a: unknown[]) => Engine<unknown, unknown>)(...spec.args);
  if (exported && typeof exported === 'object' && 'choose' in exported) return exported as Engine<unknown, unknown>;
  throw new Error(`${spec.module ?? '@tactica/ai'} has no engine or engine factory named ${spec.name}`);
}
