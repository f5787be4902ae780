/**
 * The game record (ours): written and read back, every move replayed through the rules, results checked against
 * the rules, and every fault reported with its line and column.
 */
import { createRng, unwrap } from '@tactica/core';
import { mutate } from '@tactica/core/conformance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tactics } from './game.js';
import { formatPosition, parsePosition } from './position.js';
import { parseRecord, writeRecord } from './record.js';
import type { TacticsMove, TacticsState } from './state.js';

const EXAMPLE = 'R*R*b*R*R2R/5*R2/1Q1Q1*B2/4R3/*Q4*Q2/4*b2*B/4R3/8 w 0';

function movesOf(s: TacticsState, ...texts: string[]): TacticsMove[] {
  const out: TacticsMove[] = [];
  for (const t of texts) {
    const m = unwrap(tactics.parseMove(s, t));
    out.push(m);
    s = tactics.play(s, m);
  }
  return out;
}

describe('writing and reading records', () => {
  it("the manual's worked example as a record", () => {
    const start = unwrap(parsePosition(EXAMPLE));
    const text = writeRecord({ start, moves: movesOf(start, 'h1-f1', 'a5-c3', 'c1-f4', 'c3-e5') });
    expect(text).toBe(
      ['[Game "Tactics"]', `[Position "${EXAMPLE}"]`, '[Result "*"]', '', '1. h1-f1 a5-c3 2. c1-f4 c3-e5 *', ''].join(
        '\n',
      ),
    );
    const r = unwrap(parseRecord(text));
    expect(r.moves.map((m) => tactics.formatMove(start, m))).toEqual(['h1-f1', 'a5-c3', 'c1-f4', 'c3-e5']);
    expect(r.states).toHaveLength(5);
    expect(r.result).toBe('*');
  });

  it('a game starting with Black to move numbers its first move "1..."', () => {
    const start = unwrap(parsePosition('R7/8/8/8/8/8/8/7*R b 0'));
    const text = writeRecord({ start, moves: movesOf(start, 'h8-h7', 'a1-a2', 'h7-h6') });
    expect(text.split('\n')[4]).toBe('1... h8-h7 2. a1-a2 h7-h6 *');
    expect(unwrap(parseRecord(text)).moves).toHaveLength(3);
  });

  it('random games round-trip: same moves, same final position', () => {
    const rng = createRng(3);
    for (let g = 0; g < 5; g++) {
      let s = tactics.initial();
      const moves: TacticsMove[] = [];
      for (let i = 0; i < 80 && !tactics.outcome(s); i++) {
        const m = rng.pick(tactics.legalMoves(s));
        moves.push(m);
        s = tactics.play(s, m);
      }
      const r = unwrap(
        parseRecord(writeRecord({ start: tactics.initial(), moves, tags: [['White', 'Ann "A" \\ B']] })),
      );
      expect(r.moves).toEqual(moves);
      expect(formatPosition(r.states[r.states.length - 1]!)).toBe(formatPosition(s));
      expect(r.tags).toEqual([['White', 'Ann "A" \\ B']]);
    }
  });

  it('a decisive result the rules do not give is a resignation; a draw they do not give was agreed', () => {
    const start = tactics.initial();
    const moves = movesOf(start, 'c1-c5');
    const after = tactics.play(start, moves[0]!);
    const resigned = writeRecord({ start, moves, final: tactics.resign(after, 1) });
    expect(resigned).toContain('[Result "1-0"]');
    const r = unwrap(parseRecord(resigned));
    expect(tactics.outcome(r.states[1]!)).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
    const agreed = unwrap(parseRecord(writeRecord({ start, moves, final: tactics.agreeDraw(after) })));
    expect(tactics.outcome(agreed.states[1]!)).toEqual({ kind: 'draw', reason: 'agreed' });
  });

  it('a game the rules ended records their result', () => {
    const start = unwrap(parsePosition('8/8/8/3R4/3*R4/8/8/3R4 w 0'));
    const text = writeRecord({ start, moves: movesOf(start, 'd8-d6') });
    expect(text).toContain('1. d8-d6 1-0');
    expect(unwrap(parseRecord(text)).result).toBe('1-0');
  });
});

describe('faults in a record are refused with a code, a line and a column', () => {
  const start = unwrap(parsePosition('8/8/8/3R4/3*R4/8/8/3R4 w 0'));
  const won = `[Game "Tactics"]\n[Position "${formatPosition(start)}"]\n\n1. d8-d6 1-0\n`;
  it.each([
    ['', 'record/empty', undefined, undefined],
    ['[Game Tactics]\n', 'record/bad-tag', 1, 1],
    ['[Game "Draughts"]\n', 'record/wrong-game', 1, 1],
    ['[Result "1-0"]\n[Result "0-1"]\n', 'record/duplicate-tag', 2, 1],
    ['[Position "8/8 w"]\n\n*', 'record/bad-position', 1, 1],
    ['[Result "2-0"]\n', 'record/bad-result', 1, 1],
    ['c1-c5', 'record/bad-move-number', 1, 1],
    ['1. c1-c5 2. c8-c4', 'record/bad-move-number', 1, 10],
    ['1. c1-c5 2... c8-c4', 'record/bad-move-number', 1, 10],
    ['1. c1-c5 1. c8-c4', 'record/bad-move-number', 1, 10],
    ['1. c1-c5 c8-c6 c1-c2', 'record/bad-move-number', 1, 16],
    ['1. c1-c5\n  c8-c3 2. d1-d8', 'record/illegal-move', 2, 3],
    ['1. c1-c5 c8-c6 2. c5-c9', 'record/illegal-move', 1, 19],
    ['1. c1-c5 *\n2. d1-d2', 'record/after-result', 2, 1],
    ['[Result "0-1"]\n\n1. c1-c5 1-0', 'record/result-mismatch', 3, 10],
    [won.replace('1-0', '0-1'), 'record/result-mismatch', 4, 10],
    [won.replace('1-0', 'd4-d3'), 'record/moves-after-end', 4, 10],
    ['1. c1-c5 c8-c6 2.', 'record/bad-move-number', 1, 18],
  ])('%j: %s', (text, code, line, column) => {
    const r = parseRecord(text);
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
    if (r.ok) return;
    expect(r.error.line).toBe(line);
    expect(r.error.column).toBe(column);
  });

  it('an illegal move says which move and why', () => {
    const r = parseRecord('1. c1-c5 c8-c5');
    expect(!r.ok && r.error.message).toBe('move 1... c8-c5: c5 is occupied: pieces never capture (move/occupied)');
  });

  it('fuzzed records: any string and damaged real records give a record or a coded error, never a throw', () => {
    const rng = createRng(21);
    const real = writeRecord({
      start: unwrap(parsePosition(EXAMPLE)),
      moves: movesOf(unwrap(parsePosition(EXAMPLE)), 'h1-f1', 'a5-c3', 'c1-f4', 'c3-e5'),
    });
    for (let i = 0; i < 1500; i++) {
      const r = parseRecord(mutate(rng, real));
      if (!r.ok) expect(r.error.code).toMatch(/^record\/[a-z-]+$/);
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (t) => {
        const r = parseRecord(t);
        if (!r.ok) expect(r.error.code).toMatch(/^record\/[a-z-]+$/);
      }),
      { numRuns: 1000, seed: 5 },
    );
  });
});

describe('move numbers', () => {
  it('"N..." may also stand before any move of Black, and "1.c1-c5" may be written without a space', () => {
    expect(unwrap(parseRecord('1.c1-c5 1... c8-c6 2. d1-d2 2...d8-d7 *')).moves).toHaveLength(4);
  });
});
