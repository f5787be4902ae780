/**
 * The computer in Web Workers: one worker engine per game family to play, another to analyse, through the
 * platform's browser transport (`@tactica/ai/web-worker`). The page never runs a search itself, so it never
 * freezes while the computer thinks. `stop()` answers at once with the best move so far: on a cross-origin-isolated
 * page (`tactica serve` sends COOP/COEP) through a shared stop flag, elsewhere (static files) by ending the worker
 * and answering from the last iteration it reported.
 */
import { webWorkerEngine, type WorkerEngine } from '@tactica/ai/web-worker';
import { listing, type GameFamily } from '@tactica/catalogue';

export type EnginePurpose = 'play' | 'analyse';

const engines = new Map<string, WorkerEngine<unknown, unknown>>();

/** The worker engine of a family for a purpose, started at its first request. */
export function engineFor(family: GameFamily, purpose: EnginePurpose): WorkerEngine<unknown, unknown> {
  const key = `${family}/${purpose}`;
  let e = engines.get(key);
  if (!e) {
    // A game may want its engine loaded otherwise than by default (draughts: one rule set's learned weights, the
    // game's, when it is first asked for a move, rather than all seven up front): the listing says so.
    const options = listing(family).engineOptions;
    e = webWorkerEngine<unknown, unknown>(options ? { family, options } : { family });
    engines.set(key, e);
  }
  return e;
}

/** Stops every search of a family and purpose; each answers with its best move so far. */
export function stopEngine(family: GameFamily, purpose: EnginePurpose): void {
  engines.get(`${family}/${purpose}`)?.stop();
}

/** Ends every worker (a game of another family was opened). */
export async function closeEngines(except?: GameFamily): Promise<void> {
  const closing: Promise<void>[] = [];
  for (const [key, e] of engines) {
    if (except !== undefined && key.startsWith(`${except}/`)) continue;
    engines.delete(key);
    closing.push(e.close());
  }
  await Promise.all(closing);
}
