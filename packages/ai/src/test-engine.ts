/** A small engine for testing the engine plumbing (worker threads, seats) without depending on a real game's AI. */
import { ContractPosition } from './contract-position.js';
import type { Engine } from './engine.js';
import { levelEngine } from './level-engine.js';
import { nim, type NimState } from '@tactica/core/test-games';

export function nimTestEngine(): Engine<NimState, number> {
  return levelEngine<NimState, number>({
    game: nim,
    ttLog2: 12,
    levels: [
      { id: 'random', name: 'Random', description: 'any legal move', depth: 0 },
      { id: 'best', name: 'Best', description: 'full search', depth: 40 },
    ],
    position: (s) => new ContractPosition(nim, s, { evaluate: () => 0 }),
  });
}
