/**
 * The engine the server's workers serve on the AI package's worker protocol (`serveEngine`, `@tactica/ai/worker-protocol`):
 * every game of the catalogue behind one `Engine`, the game and seat named by each request's state. `prepare` sets
 * the game up (by family and options, cached) and loads its computer, as the protocol's host does before each search;
 * `choose` answers with the computer's moves (one move, or a round's orders) as the choice's `move`. A review's
 * search (`analyse` of a job marked `review`) is the game's review engine's (`setup.loadReviewEngine()`: a fresh
 * engine of the worker's own, one per game and options) analysis of the state (../reviews/review-service.ts).
 *
 * The engines' settings (threads, the endgame databases' folder) come as data, in the worker's `init`: a worker
 * thread has module globals of its own, and nothing in it would set them. A review's engine probes the same
 * databases as the computer.
 */
import type { AnalyseLimits, Analysis, Engine, MoveChoice, ThinkOptions } from '@tactica/ai';
import { loadComputer, type Computer, type EngineLoadOptions } from '@tactica/catalogue';
import { entryOf } from '@tactica/catalogue/all';
import type { Player } from '@tactica/core';

/** What one search is about: the game (family, options), the state the computer sees, and its seat. */
export interface CatalogueJob {
  readonly family: string;
  readonly options: unknown;
  readonly state: unknown;
  readonly player: Player;
  /** A review's search (`analyse`): answered by the game's review engine, not its computer. */
  readonly review?: true;
}

type AnyComputer = Computer<unknown, unknown>;
type AnyEngine = Engine<unknown, unknown>;

/** Every game's computer behind one engine, loaded with `settings`. */
export function catalogueEngine(settings: EngineLoadOptions = {}): Engine<CatalogueJob, readonly unknown[]> {
  const loading = new Map<string, Promise<AnyComputer>>();
  const loaded = new Map<string, AnyComputer>();
  const keyOf = (job: CatalogueJob): string => `${job.family}:${JSON.stringify(job.options)}`;
  const reviewers = new Map<string, Promise<AnyEngine>>();
  const reviewing = new Map<string, AnyEngine>();
  return {
    levels: [],
    async prepare(job: CatalogueJob): Promise<void> {
      if (job.review) {
        const key = keyOf(job);
        let e = reviewers.get(key);
        if (!e) {
          e = loadReviewer(job, settings);
          reviewers.set(key, e);
          e.catch(() => reviewers.delete(key));
        }
        const engine = await e;
        await engine.prepare?.(job.state);
        reviewing.set(key, engine);
        return;
      }
      const key = keyOf(job);
      let c = loading.get(key);
      if (!c) {
        c = load(job, settings);
        loading.set(key, c);
        // A game that failed to load is tried again by its next request.
        c.catch(() => loading.delete(key));
      }
      loaded.set(key, await c);
    },
    choose(job: CatalogueJob, level: string, options?: ThinkOptions): MoveChoice<readonly unknown[]> {
      const computer = loaded.get(keyOf(job));
      if (!computer) throw new Error(`no computer loaded for ${job.family}`);
      const before = computer.endgameHits ?? 0;
      const moves = computer.choose(job.state, job.player, level, options);
      return { move: moves, endgameHits: (computer.endgameHits ?? 0) - before };
    },
    analyse(job: CatalogueJob, limits: AnalyseLimits): Analysis<readonly unknown[]> {
      const engine = reviewing.get(keyOf(job));
      if (!job.review || !engine) throw new Error(`no review engine loaded for ${job.family}`);
      // The review engine's moves are the game's own (one move each), not a computer's list of them.
      return engine.analyse(job.state, limits) as Analysis<never>;
    },
  };
}

/** The game's review engine (a sequential game's; a simultaneous game's review is judged by rounds, not here). */
async function loadReviewer(job: CatalogueJob, settings: EngineLoadOptions): Promise<AnyEngine> {
  const entry = entryOf(job.family);
  if (!entry.ok) throw new Error(entry.error.message);
  const setup = entry.value.setup(job.options);
  if (!setup.ok) throw new Error(setup.error.message);
  // A game of rounds has no review engine: its reviews judge rounds (../reviews/round-review-worker.ts).
  if (!('loadReviewEngine' in setup.value)) throw new Error(`${job.family} is reviewed by rounds, not by searches`);
  // The databases the computer plays with (a worker thread has no process default of its own to fall back on).
  const endgames = settings.endgames === undefined ? {} : { endgames: settings.endgames };
  return (await setup.value.loadReviewEngine(endgames)) as AnyEngine;
}

async function load(job: CatalogueJob, settings: EngineLoadOptions): Promise<AnyComputer> {
  const entry = entryOf(job.family);
  if (!entry.ok) throw new Error(entry.error.message);
  const setup = entry.value.setup(job.options);
  if (!setup.ok) throw new Error(setup.error.message);
  return loadComputer(setup.value, settings);
}
