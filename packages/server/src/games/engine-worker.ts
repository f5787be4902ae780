/**
 * An engine worker thread: sets a game up from the catalogue (by family and options, cached), loads its computer
 * once, and answers each job with the computer's move or orders. Everything crosses as plain data.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { entryOf } from '@tactica/catalogue/all';
import { loadComputer, type Computer } from '@tactica/catalogue';
import type { EngineJob, EngineReply, EngineWorkerData } from './worker-engines.js';

const data = workerData as EngineWorkerData;

/** Raised by the pool to stop the search under way (its game moved on); lowered by the pool before each job. */
const stop = new Int32Array(data.stop);

const computers = new Map<string, Promise<Computer<unknown, unknown>>>();

/** The engines' settings, as the pool gave them: threads, the endgame databases' folder (never a module global). */
const ENGINE = data.engine;

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
      const hits = computer.endgameHits ?? 0;
      const moves = computer.choose(job.state, job.player, job.level, {
        seed: job.seed,
        stop,
        ...(job.timeMs !== undefined ? { timeMs: job.timeMs } : {}),
      });
      reply = { id: job.id, ok: true, moves, endgameHits: (computer.endgameHits ?? 0) - hits };
    } catch (e) {
      reply = { id: job.id, ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    parentPort?.postMessage(reply);
  })();
});
