/**
 * The computer's engines in a pool of worker threads, so a search never holds up the server's requests. Jobs
 * wait in a queue for a free worker; a worker that dies (or overruns its job by far) is replaced and its job
 * refused, and the scheduler tries the computer's turn again later.
 */
import { Worker } from 'node:worker_threads';
import type { Player } from '@tactica/core';
import type { LiveGame } from './live-game.js';
import type { EngineRunner } from './scheduler.js';
import { ownPosition } from './transitions.js';

export interface EngineJob {
  readonly id: number;
  readonly family: string;
  readonly options: unknown;
  readonly state: unknown;
  readonly player: Player;
  readonly level: string;
  readonly seed: number;
  readonly timeMs?: number;
}

export type EngineReply =
  | { readonly id: number; readonly ok: true; readonly moves: readonly unknown[] }
  | { readonly id: number; readonly ok: false; readonly error: string };

interface Pending {
  readonly job: EngineJob;
  readonly resolve: (moves: readonly unknown[]) => void;
  readonly reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | undefined;
  timer: NodeJS.Timeout | undefined;
}

/** The compiled worker (tests run the TypeScript sources, so they use the build of this file). */
function workerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? new URL('../../dist/games/engine-worker.js', here)
    : new URL('./engine-worker.js', here);
}

/** The longest a job may run past its own budget before its worker is replaced. */
const OVERRUN_MS = 60_000;

export class WorkerEngines implements EngineRunner {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    size = 1,
    private readonly now: () => number = Date.now,
  ) {
    for (let i = 0; i < Math.max(1, size); i++) this.slots.push(this.spawn());
  }

  /** What the computer in `seat` sees: the position (sequential) or its own view of the round. */
  choose(game: LiveGame, seat: Player, level: string, seed: number): Promise<readonly unknown[]> {
    const r = game.restored;
    const state = r.dynamics === 'sequential' ? r.session.position : ownPosition(r.session, seat);
    const budget = r.dynamics === 'sequential' ? r.session.pendingComputer(this.now())?.budgetMs : undefined;
    return this.run({
      family: game.family,
      options: r.setup.options,
      state,
      player: seat,
      level,
      seed,
      ...(budget !== undefined ? { timeMs: budget } : {}),
    });
  }

  run(job: Omit<EngineJob, 'id'>): Promise<readonly unknown[]> {
    if (this.closed) return Promise.reject(new Error('the engines are closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { ...job, id: this.nextId++ }, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('the engines are closed'));
    await Promise.all(
      this.slots.map(async (s) => {
        if (s.timer) clearTimeout(s.timer);
        s.busy?.reject(new Error('the engines are closed'));
        s.worker.removeAllListeners();
        await s.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const slot: Slot = { worker: this.startWorker(() => slot), busy: undefined, timer: undefined };
    return slot;
  }

  /** A worker whose answers and failures go to the slot `slotOf()` names (the slot outlives its workers). */
  private startWorker(slotOf: () => Slot): Worker {
    const worker = new Worker(workerUrl());
    worker.on('message', (reply: EngineReply) => {
      const slot = slotOf();
      const p = slot.busy;
      if (!p || p.job.id !== reply.id) return;
      this.finish(slot);
      if (reply.ok) p.resolve(reply.moves);
      else p.reject(new Error(reply.error));
    });
    worker.on('error', (e) => this.replace(slotOf(), e));
    worker.on('exit', (code) => this.replace(slotOf(), new Error(`engine worker exited with code ${code}`)));
    worker.unref();
    return worker;
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.busy = undefined;
    this.dispatch();
  }

  /** A worker died or overran: its job is refused and a fresh worker takes its place. */
  private replace(slot: Slot, e: Error): void {
    const p = slot.busy;
    slot.busy = undefined;
    if (slot.timer) clearTimeout(slot.timer);
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    p?.reject(e);
    if (this.closed) return;
    slot.worker = this.startWorker(() => slot);
    this.dispatch();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.busy || this.queue.length === 0) continue;
      const p = this.queue.shift() as Pending;
      slot.busy = p;
      slot.worker.ref();
      slot.timer = setTimeout(
        () => this.replace(slot, new Error('the engine overran its time')),
        (p.job.timeMs ?? 30_000) + OVERRUN_MS,
      );
      slot.timer.unref();
      slot.worker.postMessage(p.job);
    }
    for (const slot of this.slots) if (!slot.busy) slot.worker.unref();
  }
}
