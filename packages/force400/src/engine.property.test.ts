import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHomeRank } from './board.js';
import { force400 } from './game.js';
import { formatPosition, parsePosition } from './position-text.js';
import { loadEngine, readEngine, type Force400State, type Man } from './state.js';

/** Arbitrary legal-looking positions: up to 20 men a side anywhere, forces 0–99, recharge counters, both kings. */
const positions: fc.Arbitrary<Force400State> = fc
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

function totalForce(s: Force400State): number {
  return s.board.reduce((n, m) => n + (m?.force ?? 0), 0);
}

describe('engine properties over arbitrary positions', () => {
  it('position text round-trips', () => {
    fc.assert(
      fc.property(positions, (s) => {
        const text = formatPosition(s);
        const back = parsePosition(text);
        expect(back.ok).toBe(true);
        if (back.ok) expect(formatPosition(back.value)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('make then unmake restores every position, for every legal action', () => {
    fc.assert(
      fc.property(positions, (s) => {
        const engine = loadEngine(s);
        const before = formatPosition(readEngine(engine));
        for (const code of engine.legalCodes()) {
          engine.make(code);
          engine.unmake();
        }
        expect(formatPosition(readEngine(engine))).toBe(before);
        expect(engine.count()).toBe(engine.legalCodes().length);
      }),
      { numRuns: 150 },
    );
  });

  it('force stays within 0–99, only a move can add force (at most the 10 of a recharge), and kings stay single', () => {
    fc.assert(
      fc.property(positions, fc.nat(), (s, pick) => {
        const moves = force400.legalMoves(s);
        if (moves.length === 0) return;
        const m = moves[pick % moves.length];
        if (!m) return;
        const next = force400.play(s, m);
        for (const man of next.board) if (man) expect(man.force >= 0 && man.force <= 99).toBe(true);
        const gained = totalForce(next) - totalForce(s);
        if (m.kind === 'move') expect(gained).toBeLessThanOrEqual(10);
        else expect(gained).toBeLessThanOrEqual(0);
        for (const side of [0, 1]) {
          expect(next.board.filter((x) => x?.side === side && x.king).length).toBeLessThanOrEqual(1);
        }
        expect(next.toMove).not.toBe(s.toMove);
      }),
      { numRuns: 500 },
    );
  });
});
