import type { AnalyseLimits, Analysis, Engine, LevelInfo, MoveChoice, ThinkOptions } from './engine.js';

/** An engine whose `choose` gives a richer choice than `MoveChoice` (Tactorus' `TactorusChoice`). */
export interface ChoosingEngine<S, M, C extends MoveChoice<M> = MoveChoice<M>> extends Engine<S, M> {
  choose(s: S, level: string, options?: ThinkOptions): C;
}

/**
 * An engine made on its first `choose` or `analyse`, so that importing a module that offers a ready engine
 * (`draughtsEngine`) allocates nothing: a searcher's tables take megabytes, and a page that plays one game, or none
 * against the computer, should not pay for them. `levels` is the plain data the engine will have.
 */
export function lazyEngine<S, M, C extends MoveChoice<M> = MoveChoice<M>>(
  levels: readonly LevelInfo[],
  create: () => ChoosingEngine<S, M, C>,
): ChoosingEngine<S, M, C> {
  let engine: ChoosingEngine<S, M, C> | undefined;
  const made = (): ChoosingEngine<S, M, C> => (engine ??= create());
  return {
    levels,
    choose: (s: S, level: string, options?: ThinkOptions): C => made().choose(s, level, options),
    analyse: (s: S, limits: AnalyseLimits): Analysis<M> => made().analyse(s, limits),
  };
}
