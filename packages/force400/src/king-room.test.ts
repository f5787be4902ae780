import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { strongestAttack } from './attacks.js';
import { RAY_LENGTH, RAY_START, RAYS } from './board.js';
import type { Force400Engine } from './engine.js';
import { kingRoom } from './king-room.js';
import { loadEngine } from './state.js';
import { positions } from './test-arbitraries.js';
import { fromDiagram } from './test-board.js';

const room = (diagram: string, kingSquare: number): number =>
  kingRoom(loadEngine(fromDiagram(diagram)), kingSquare, 99);

describe("a king's room", () => {
  it('a lone king in the corner with nobody near has every square of his three lines', () => {
    //  Black's king on A0 (force 10) runs along rank 0, file A and the diagonal: 9 + 9 + 9 squares.
    const r = room(
      `
      0 B10  .   .   .   .   .   .   .   .   .
      1  .   .   .   .   .   .   .   .   .   .
      2  .   .   .   .   .   .   .   .   .   .
      3  .   .   .   .   .   .   .   .   .   .
      4  .   .   .   .   .   .   .   .   .   .
      5  .   .   .   .   .   .   .   .   .   .
      6  .   .   .   .   .   .   .   .   .   .
      7  .   .   .   .   .   .   .   .   .   .
      8  .   .   .   .   .   .   .   .   .   .
      9  .   .   .   .   .   .   .   .   .  W10
    `,
      0,
    );
    // Rank 0 and file A: 9 + 9 squares (J0 and A9 are on J9's lines, but J9 arrives there with 9, no more than the
    // king's 9 after a long move, and ties go to the defender). The diagonal: B1 (a short move keeps 10) to H7 are
    // safe against J9's 9, I8 is not (J9 steps there with 10), and J9 itself is too strong to take.
    expect(r).toBe(25);
  });

  it('a strong man on a line shuts the squares he reaches; a zero-force king moves one step only', () => {
    const diagram = `
      0  .   .   .   .   .   .   .   .   .   .
      1  .   .   .   .   .   .   .   .   .   .
      2  .   .   .   .   .   .   .   .   .   .
      3  .   .   .   .   .   .   .   .   .   .
      4  .   .   .   .  B0   .   .   .   .   .
      5  .   .   .   .   .   .   .   .   .   .
      6  .   .   .   .   .   .   .   .   .   .
      7  .   .   .   .   .   .   .   .   .   .
      8  .   .   .   .   .   .   .   .   .   .
      9 w30  .   .   .   .   .   .   .   .  W10
    `;
    // E4's king has force 0: eight neighbours. A9 (30) reaches the diagonal A9–J0, which crosses E5 and F4; J9 (10)
    // reaches the diagonal J9–A0, which crosses F5 and D3 (through E4, which the king leaves). D4, D5, E3, F3 are left.
    expect(room(diagram, 44)).toBe(4);
  });

  it('counts a capture only when the king survives it and cannot be taken there next', () => {
    // Black's king E4 (6) can take F4 (5) and keep 1. J4 (3) would then take him on F4 (a long move arrives with 2).
    const board = (f4: string, j4: string): string => `
      0  .   .   .   .   .   .   .   .   .   .
      1  .   .   .   .   .   .   .   .   .   .
      2  .   .   .   .   .   .   .   .   .   .
      3  .   .   .   .   .   .   .   .   .   .
      4  .   .   .   .  B6  ${f4}   .   .   .  ${j4}
      5  .   .   .   .   .   .   .   .   .   .
      6  .   .   .   .   .   .   .   .   .   .
      7  .   .   .   .   .   .   .   .   .   .
      8  .   .   .   .   .   .   .   .   .   .
      9  .   .   .   .   .   .   .   .   .   .
    `;
    const free = room(board('w5', '.'), 44);
    expect(room(board('w5', 'w3'), 44)).toBe(free - 1);
    // A man as strong as the king cannot be taken: the capture is no room, guarded or not.
    expect(room(board('w6', '.'), 44)).toBe(free - 1);
  });

  it('is the definition, square by square: every destination asked of strongestAttack with the king lifted off', () => {
    fc.assert(
      fc.property(positions, fc.integer({ min: 1, max: 40 }), (state, cap) => {
        const e = loadEngine(state);
        const before = Array.from(e.owner);
        for (const king of e.kingSquare) {
          expect(kingRoom(e, king, cap)).toBe(roomByDefinition(e, king, cap));
          expect(Array.from(e.owner)).toEqual(before);
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** The king's room as king-room.ts defines it, with the plain ray walks of `strongestAttack`. */
function roomByDefinition(e: Force400Engine, king: number, cap: number): number {
  const side = e.owner[king] as number;
  const hunter = 1 - side;
  const kingForce = e.force[king] as number;
  e.owner[king] = -1;
  let room = 0;
  for (let d = 0; d < 8; d++) {
    const len =
      kingForce === 0 ? Math.min(1, RAY_LENGTH[king * 8 + d] as number) : (RAY_LENGTH[king * 8 + d] as number);
    for (let k = 0; k < len; k++) {
      const t = RAYS[(RAY_START[king * 8 + d] as number) + k] as number;
      const o = e.owner[t] as number;
      if (o === side) break;
      const arrives = k === 0 ? kingForce : kingForce - 1;
      if (o === hunter) {
        const left = arrives - (e.force[t] as number);
        if (left > 0 && strongestAttack(e, t, hunter as 0 | 1) <= left) room++;
        break;
      }
      if (strongestAttack(e, t, hunter as 0 | 1) <= arrives) room++;
    }
  }
  e.owner[king] = side as 0 | 1;
  return Math.min(room, cap);
}
