/** Test helper: fast-check arbitraries for Force 400 positions. */
import fc from 'fast-check';
import { isHomeRank } from './board.js';
import type { Force400State, Man } from './state.js';

/** Arbitrary legal-looking positions: up to 20 men a side anywhere, forces 0–99, recharge counters, both kings. */
export const positions: fc.Arbitrary<Force400State> = fc
  .record({
    squares: fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { minLength: 2, maxLength: 40 }),
    forces: fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 40, maxLength: 40 }),
    waits: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 40, maxLength: 40 }),
    toMove: fc.constantFrom(0 as const, 1 as const),
    moveNumber: fc.integer({ min: 1, max: 500 }),
  })
  .map(({ squares, forces, waits, toMove, moveNumber }) => {
    const board: (Man | null)[] = new Array<Man | null>(100).fill(null);
    squares.forEach((sq, i) => {
      const side = i % 2 === 0 ? 0 : 1;
      board[sq] = {
        side,
        force: forces[i] ?? 10,
        king: i < 2,
        wait: isHomeRank(sq) ? 0 : (waits[i] ?? 0),
      };
    });
    return { board, toMove, moveNumber, ended: null };
  });
