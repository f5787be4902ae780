/**
 * The engine the server's workers serve on the AI package's worker protocol (`serveEngine`, `@tactica/ai/worker-protocol`):
 * every game of the catalogue behind one `Engine`, the game and seat named by each request's state. `prepare` sets
 * the game up (by family and options, cached) and loads its computer, as the protocol's host does before each search;
 * `choose` answers with the computer's moves (one move, or a round's orders) as the choice's `move`.
 *
 * The engines' settings (threads, the endgame databases' folder) come as data, in the worker's `init`: a worker
 * thread has module globals of its own, and nothing in it would set them.
 */
import type { Engine, MoveChoice, ThinkOptions } from '@tactica/ai';
import { loadComputer, type Computer, type EngineLoadOptions } from '@tactica/catalogue';
import { entryOf } from '@tactica/catalogue/all';
import type { Player } from '@tactica/core';

/** What one search is about: the game (family, options), the state the computer sees, and its seat. */
export interface CatalogueJob {
  readonly family: string;
  readonly options: unknown;
  readonly state: unknown;
  readonly player: Player;
}

type AnyComputer = Computer<unknown, unknown>;

/** Every game's computer behind one engine, loaded with `settings`. */
export function catalogueEngine(settings: EngineLoadOptions = {}): Engine<CatalogueJob, readonly unknown[]> {
  const loading = new Map<string, Promise<AnyComputer>>();
  const loaded = new Map<string, AnyComputer>();
  const keyOf = (job: CatalogueJob): string => `${job.family}:${JSON.stringify(job.options)}`;
  return {
    levels: [],
    async prepare(job: CatalogueJob): Promise<void> {
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
    analyse(): never {
      throw new Error('the server asks its engines for moves only');
    },
  };
}

async function load(job: CatalogueJob, settings: EngineLoadOptions): Promise<AnyComputer> {
  const entry = entryOf(job.family);
  if (!entry.ok) throw new Error(entry.error.message);
  const setup = entry.value.setup(job.options);
  if (!setup.ok) throw new Error(setup.error.message);
  return loadComputer(setup.value, settings);
}
