/**
 * The computer of any game, asked the same way: one move for the player to move in sequential games (the engine's
 * choice), a round's orders in simultaneous ones (the game's own computer).
 */
import type { Player } from '@tactica/core';
import type { ThinkOptions } from '@tactica/ai';
import type { AnyGameSetup, Computer } from './types.js';

export async function loadComputer(setup: AnyGameSetup): Promise<Computer<unknown, unknown>> {
  if (setup.dynamics === 'simultaneous') return setup.loadComputer();
  const engine = await setup.loadEngine();
  return {
    levels: engine.levels,
    choose: (state: unknown, _player: Player, level: string, options?: ThinkOptions) => [
      engine.choose(state, level, options).move,
    ],
  };
}
