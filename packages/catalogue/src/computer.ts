/**
 * The computer of any game, asked the same way: one move for the player to move in sequential games (the engine's
 * choice), a round's orders in simultaneous ones (the game's own computer).
 */
import type { Player } from '@tactica/core';
import type { ThinkOptions } from '@tactica/ai';
import type { AnyGameSetup, Computer, EngineLoadOptions } from './types.js';

export async function loadComputer(
  setup: AnyGameSetup,
  options: EngineLoadOptions = {},
): Promise<Computer<unknown, unknown>> {
  // Tactorus' computer searches on one thread: it has no options to take.
  if (setup.dynamics === 'simultaneous') return setup.loadComputer();
  const engine = await setup.loadEngine(options);
  let endgameHits = 0;
  return {
    levels: engine.levels,
    choose: (state: unknown, _player: Player, level: string, options?: ThinkOptions) => {
      const choice = engine.choose(state, level, options);
      endgameHits += choice.endgameHits ?? 0;
      return [choice.move];
    },
    get endgameHits() {
      return endgameHits;
    },
  };
}
