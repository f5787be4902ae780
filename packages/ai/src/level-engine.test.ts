import { nim, type NimState } from '@tactica/core/test-games';
import { describe, expect, it } from 'vitest';
import { ContractPosition } from './contract-position.js';
import { levelEngine } from './level-engine.js';

const engine = levelEngine<NimState, number>({
  game: nim,
  ttLog2: 12,
  levels: [
    { id: 'random', name: 'Random', description: 'any legal move', depth: 0 },
    { id: 'loose', name: 'Loose', description: 'near-best moves at random', depth: 4, margin: 2_000_000 },
    { id: 'best', name: 'Best', description: 'full search', depth: 20 },
  ],
  position: (s) => new ContractPosition(nim, s, { evaluate: () => 0 }),
});

describe('level engine', () => {
  it('the strongest level plays the winning Nim move and reports its line', () => {
    const choice = engine.choose({ stones: 7, toMove: 0 }, 'best');
    expect(choice.move).toBe(3);
    expect(choice.pv?.[0]).toBe(3);
  });
  it('a depth-0 level plays a legal move chosen by the seed, reproducibly', () => {
    const s = nim.initial();
    const a = engine.choose(s, 'random', { seed: 5 }).move;
    expect([1, 2, 3]).toContain(a);
    expect(engine.choose(s, 'random', { seed: 5 }).move).toBe(a);
  });
  it('a level with a wide margin varies its choice with the seed', () => {
    const seen = new Set<number>();
    for (let seed = 0; seed < 20; seed++) seen.add(engine.choose(nim.initial(), 'loose', { seed }).move);
    expect(seen.size).toBeGreaterThan(1);
  });
  it('analyse gives the principal variation as game moves', () => {
    const a = engine.analyse({ stones: 6, toMove: 0 }, { depth: 10 });
    expect(a.pv[0]).toBe(2);
    expect(a.depth).toBeGreaterThan(0);
  });
});
