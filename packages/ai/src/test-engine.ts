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

/**
 * The Nim engine with a `prepare` that takes a few milliseconds (a later request must still wait for it), fails for
 * a heap of 13 stones, and a `choose` and `analyse` that refuse any state it was not prepared for.
 */
export function preparedNimTestEngine(): Engine<NimState, number> {
  const inner = nimTestEngine();
  const prepared = new Set<number>();
  const check = (s: NimState): void => {
    if (!prepared.has(s.stones)) throw new Error(`not prepared for ${s.stones} stones`);
  };
  return {
    levels: inner.levels,
    async prepare(s) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (s.stones === 13) throw new Error('no data for 13 stones');
      prepared.add(s.stones);
    },
    choose(s, level, options) {
      check(s);
      return inner.choose(s, level, options);
    },
    analyse(s, limits) {
      check(s);
      return inner.analyse(s, limits);
    },
  };
}
