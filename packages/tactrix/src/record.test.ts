import { readFileSync, writeFileSync } from 'node:fs';
import { createRng, describeError, unwrap } from '@tactica/core';
import { mutate } from '@tactica/core/conformance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legalMoves, outcomeOfState, play, tactrix } from './game.js';
import { formatPosition, parsePosition } from './position-text.js';
import { playthrough } from './playthrough.js';
import { formatRecord, parseRecord } from './record.js';
import { initialState, type TactrixMove } from './state.js';

function randomGame(seed: number, plies: number): TactrixMove[] {
  const rng = createRng(seed);
  let s = initialState();
  const moves: TactrixMove[] = [];
  for (let i = 0; i < plies && !outcomeOfState(s); i++) {
    const m = rng.pick(legalMoves(s));
    moves.push(m);
    s = play(s, m);
  }
  return moves;
}

describe('saved games', () => {
  it('a saved game loads back to the same moves and final position', () => {
    for (const seed of [1, 2, 3, 4]) {
      const moves = randomGame(seed, 250);
      const text = formatRecord(initialState(), moves);
      const r = unwrap(parseRecord(text));
      expect(r.moves).toEqual(moves);
      const final = moves.reduce((s, m) => play(s, m), initialState());
      expect(formatPosition(r.states[r.states.length - 1]!)).toBe(formatPosition(final));
      expect(formatRecord(r.start, r.moves)).toBe(text);
    }
  });

  it('a save names who played a side (the computer), and reads it back; a side named by its colour has no line', () => {
    const moves = randomGame(5, 6);
    const text = formatRecord(initialState(), moves, undefined, ['White', 'Computer (Smart)\n1. e2-e3']);
    expect(text.split('\n').slice(1, 4)).toEqual([
      'Start standard',
      'Black Computer (Smart)',
      expect.stringMatching(/^1\. /),
    ]);
    const r = unwrap(parseRecord(text));
    expect(r.players).toEqual([undefined, 'Computer (Smart)']);
    expect(r.moves).toEqual(moves);
    expect(unwrap(parseRecord(formatRecord(initialState(), moves))).players).toBeUndefined();
  });

  it('reads the documented example', () => {
    const r = unwrap(parseRecord('Tactrix! game\nStart standard\n1. e2-e3\n1... e9-e8\n2. e3-e4\nResult *\n'));
    expect(r.moves).toHaveLength(3);
    expect(r.states[3]!.balance).toEqual([2, 1]);
  });

  it('a game from a set-up position keeps its start; Black to move numbers its first ply "N..."', () => {
    const start = unwrap(parsePosition('.........k/' + '........../'.repeat(8) + 'K........V b 5 7 3 12'));
    const text = formatRecord(start, [unwrap(tactrix.parseMove(start, 'j10-i10'))]);
    expect(text).toContain('\n12... j10-i10\n');
    expect(unwrap(parseRecord(text)).start).toEqual(start);
  });

  it('resignation and agreed draws are kept in the Result line', () => {
    const s = tactrix.resign(play(initialState(), legalMoves(initialState())[0]!), 1);
    const text = formatRecord(initialState(), [legalMoves(initialState())[0]!], s);
    expect(text).toMatch(/Result 1-0 resigned\n$/);
    const r = unwrap(parseRecord(text));
    expect(tactrix.outcome(r.states[1]!)).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
    const agreed = unwrap(parseRecord('Tactrix! game\nStart standard\nResult 1/2-1/2 agreed\n'));
    expect(tactrix.outcome(agreed.states[0]!)).toEqual({ kind: 'draw', reason: 'agreed' });
  });

  it.each([
    ['Tactrics game\nStart standard\n', 'record/bad-header', 1],
    ['Tactrix! game\n1. e2-e3\n', 'record/missing-start', 2],
    ['Tactrix! game\nStart standard\n2. e2-e3\n', 'record/bad-number', 3],
    ['Tactrix! game\nStart standard\n1... e2-e3\n', 'record/bad-number', 3],
    ['Tactrix! game\nStart standard\n1. e2-e5\n', 'record/move-illegal', 3],
    ['Tactrix! game\nStart standard\n1. e9-e8\n', 'record/move-not-your-piece', 3],
    ['Tactrix! game\nStart standard\n\n# note\n1. buy J@e2\n', 'record/move-cannot-afford', 5],
    ['Tactrix! game\nStart standard\n1. e2-e3\nResult 1-0 king-captured\n', 'record/result-mismatch', 4],
    ['Tactrix! game\nStart standard\nResult 2-0\n', 'record/bad-result', 3],
    ['Tactrix! game\nStart standard\nResult *\n1. e2-e3\n', 'record/after-result', 4],
    ['Tactrix! game\nStart nonsense\n', 'record/bad-start', 2],
    ['Tactrix! game\nStart standard\nhello\n', 'record/bad-line', 3],
  ])('refuses a bad record with a coded error and its line (%#: %s)', (text, code, line) => {
    const r = parseRecord(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.line).toBe(line);
    }
  });

  it('fuzz: damaged saves are refused with a coded error, never a throw', () => {
    const text = formatRecord(initialState(), randomGame(5, 60));
    const rng = createRng(11);
    for (let i = 0; i < 300; i++) {
      const r = parseRecord(mutate(rng, text));
      if (!r.ok) expect(describeError(r.error)).toMatch(/^record\/[a-z-]+: /);
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (junk) => {
        const r = parseRecord(`Tactrix! game\nStart standard\n${junk}`);
        return r.ok || /^record\/[a-z0-9-]+$/.test(r.error.code);
      }),
      { numRuns: 300 },
    );
  });
});

describe('position text', () => {
  it('the starting position', () => {
    expect(formatPosition(initialState())).toBe(
      'vndwrkwdnv/jjjjjjjjjj/**********/**********/**********/**********/**********/**********/JJJJJJJJJJ/VNDWRKWDNV w 0 0 0 1',
    );
  });

  it.each([
    ['', 'position/syntax'],
    ['vndwrkwdnv w 0 0 0 1', 'position/bad-board'],
    [
      'vndwrkwdn/jjjjjjjjjj/**********/**********/**********/**********/**********/**********/JJJJJJJJJJ/VNDWRKWDNV w 0 0 0 1',
      'position/bad-rank',
    ],
    [
      'vndwrkwdnq/jjjjjjjjjj/**********/**********/**********/**********/**********/**********/JJJJJJJJJJ/VNDWRKWDNV w 0 0 0 1',
      'position/bad-square',
    ],
    [
      'vndwrkwdnv/jjjjjjjjjj/**********/**********/**********/**********/**********/**********/JJJJJJJJJJ/VNDWRKWDNV v 0 0 0 1',
      'position/bad-side',
    ],
    [
      'vndwrkwdnv/jjjjjjjjjj/**********/**********/**********/**********/**********/**********/JJJJJJJJJJ/VNDWRKWDNV w x 0 0 1',
      'position/bad-number',
    ],
    [
      'vndwrkwdnv/jjjjjjjjjj/**********/**********/**********/**********/**********/**********/JJJJJJJJJJ/VNDWRKWDNV w 0 0 0 0',
      'position/bad-number',
    ],
    [
      'vndwrkwdnv/jjjjjjjjjj/**********/**********/**********/**********/**********/**********/JJJJJJJJJJ/VNDWRKWDNV w 0 0 101 1',
      'position/bad-clock',
    ],
    [
      'vndwrkwdnv/jjjjjjjjjj/**********/**********/**********/**********/**********/**********/JJJJJJJJJJ/VNDWRKKDNV w 0 0 0 1',
      'position/kings',
    ],
    [
      'vndwrrwdnv/jjjjjjjjjj/**********/**********/**********/**********/**********/**********/JJJJJJJJJJ/VNDWRKWDNV w 0 0 0 1',
      'position/regeneroids',
    ],
    [
      'vndwr.wdnv/jjjjjjjjjj/**********/**********/**********/**********/**********/**********/JJJJJJJJJJ/VNDWR.WDNV w 0 0 0 1',
      'position/kings',
    ],
  ])('refuses %j with %s', (text, code) => {
    const r = parsePosition(text);
    expect(r.ok ? undefined : r.error.code).toBe(code);
  });

  it('a position with one king missing is a finished game, not an error', () => {
    const s = unwrap(
      parsePosition(
        'vndwr.wdnv/jjjjjjjjjj/**********/**********/**********/**********/**********/**********/JJJJJJJJJJ/VNDWRKWDNV b 0 0 0 1',
      ),
    );
    expect(outcomeOfState(s)).toEqual({ kind: 'win', winner: 0, reason: 'king-captured' });
  });

  it('fuzz: any string is parsed or refused with a coded error, never a throw', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 160 }), (text) => {
        const r = parsePosition(text);
        return r.ok || (/^position\/[a-z0-9-]+$/.test(r.error.code) && r.error.message.length > 0);
      }),
      { numRuns: 500 },
    );
  });

  it('fuzz: move text of any shape is parsed or refused with a coded error', () => {
    const s = play(initialState(), legalMoves(initialState())[4]!);
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const r = tactrix.parseMove(s, text);
        return r.ok || /^move\/[a-z0-9-]+$/.test(r.error.code);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('golden playthrough', () => {
  it('seed 3, up to 400 plies, matches testdata/golden-playthrough.txt', () => {
    const file = new URL('../testdata/golden-playthrough.txt', import.meta.url);
    const text = playthrough(3, 400);
    // Regenerate deliberately with UPDATE_GOLDEN=1 after a reviewed rules change.
    if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(file, text);
    expect(text).toBe(readFileSync(file, 'utf8'));
  });
});
