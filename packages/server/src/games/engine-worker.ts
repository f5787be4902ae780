/**
 * An engine worker thread: sets a game up from the catalogue (by family and options, cached), loads its computer
 * once, and answers each job with the computer's move or orders. Everything crosses as plain data.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { entryOf } from '@tactica/catalogue/all';
import { loadComputer, type Computer } from '@tactica/catalogue';
import type { EngineJob, EngineReply, EngineWorkerData } from './worker-engines.js';

/** Raised by the pool to stop the search under way (its game moved on); lowered by the pool before each job. */
const stop = new Int32Array((workerData as EngineWorkerData).stop);

const computers = new Map<string, Promise<Computer<unknown, unknown>>>();

/**
 * One search thread per worker: the pool's size is the cores the computer may take (draughts Master would otherwise
 * start Lazy SMP helpers on every core, in every worker, beside the requests) **(ours)**.
 */
const ENGINE = { threads: 1 } as const;

async function computerFor(job: EngineJob): Promise<Computer<unknown, unknown>> {
  const key = `${job.family}:${JSON.stringify(job.options)}`;
  let c = computers.get(key);
  if (!c) {
    const entry = entryOf(job.family);
    if (!entry.ok) throw new Error(entry.error.message);
    const setup = entry.value.setup(job.options);
    if (!setup.ok) throw new Error(setup.error.message);
    c = loadComputer(setup.value, ENGINE);
    computers.set(key, c);
  }
  return c;
}

parentPort?.on('message', (job: EngineJob) => {
  void (async () => {
    let reply: EngineReply;
    try {
      const computer = await computerFor(job);
      const moves = computer.choose(job.state, job.player, job.level, {
        seed: job.seed,
        stop,
        ...(job.timeMs !== undefined ? { timeMs: job.timeMs } : {}),
      });
      reply = { id: job.id, ok: true, moves };
    } catch (e) {
      reply = { id: job.id, ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    parentPort?.postMessage(reply);
  })();
});
