import { nim, type NimState } from '@tactica/core/test-games';
import { describe, expect, it } from 'vitest';
import { ContractPosition } from './contract-position.js';
import type { Engine } from './engine.js';
import { lazyEngine } from './lazy-engine.js';
import { levelEngine, type LevelSettings } from './level-engine.js';

const LEVELS: readonly LevelSettings[] = [{ id: 'best', name: 'Best', description: 'full search', depth: 20 }];

function counted(): { engine: Engine<NimState, number>; made: () => number } {
  let made = 0;
  const engine = lazyEngine<NimState, number>(LEVELS, () => {
    made++;
    return levelEngine<NimState, number>({
      game: nim,
      ttLog2: 10,
      levels: LEVELS,
      position: (s) => new ContractPosition(nim, s, { evaluate: () => 0 }),
    });
  });
  return { engine, made: () => made };
}

describe('an engine made on first use', () => {
  it('has its levels before it is made, and is made at the first move, once', () => {
    const { engine, made } = counted();
    expect(engine.levels.map((l) => l.id)).toEqual(['best']);
    expect(made()).toBe(0);
    expect(engine.choose({ stones: 7, toMove: 0 }, 'best').move).toBe(3);
    expect(engine.analyse({ stones: 6, toMove: 0 }, { depth: 10 }).pv[0]).toBe(2);
    expect(made()).toBe(1);
  });

  it('an analysis first makes it too', () => {
    const { engine, made } = counted();
    engine.analyse({ stones: 5, toMove: 0 }, { depth: 4 });
    expect(made()).toBe(1);
  });
});
