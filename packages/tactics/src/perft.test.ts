/**
 * Perft from the start, as data: depths 1–4 here (deeper in `node bench/tactics.js --deep`). Depths 1–3 are also
 * confirmed by the independent re-implementation in reference.test.ts.
 */
import { divide, perft, perftGeneric } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { tactics } from './game.js';

/** [depth, leaf nodes] from the standard start, White to move. */
const START_PERFT: readonly (readonly [number, number])[] = [
  [1, 62],
  [2, 3_552],
  [3, 219_042],
  [4, 12_818_660],
];

describe('perft from the start', () => {
  it.each(START_PERFT)('depth %i: %i nodes', (depth, nodes) => {
    expect(perft(tactics, tactics.initial(), depth)).toBe(nodes);
  });

  it('the fast perft agrees with the generic walk over the contract, and divide adds up', () => {
    expect(perftGeneric(tactics, tactics.initial(), 3)).toBe(219_042);
    const lines = divide(tactics, tactics.initial(), 3);
    expect(lines).toHaveLength(62);
    expect(lines.reduce((n, l) => n + l.nodes, 0)).toBe(219_042);
  });
});
