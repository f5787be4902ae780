import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { force400 } from './game.js';
import { formatPosition, parsePosition } from './position-text.js';
import { loadEngine, readEngine, type Force400State } from './state.js';
import { positions } from './test-arbitraries.js';

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
