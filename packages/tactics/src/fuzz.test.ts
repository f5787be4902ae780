/*
 * Bad input of every kind into the Tactics parsers the command line reads (positions, records, move text):
 * truncations, random bytes, invalid UTF-8, NUL bytes, terminal escapes and huge inputs (a million-character line,
 * a record repeated to 2 MB). Every answer is a value or a coded error that is safe to print
 * (`@tactica/core/fuzz`), each within a few seconds.
 */
import { createRng, unwrap } from '@tactica/core';
import { fuzzParser } from '@tactica/core/fuzz';
import { describe, expect, it } from 'vitest';
import { tactics } from './game.js';
import { formatPosition, parsePosition } from './position.js';
import { parseRecord, writeRecord } from './record.js';
import { initialState, type TacticsMove, type TacticsState } from './state.js';

const EXAMPLE = 'R*R*b*R*R2R/5*R2/1Q1Q1*B2/4R3/*Q4*Q2/4*b2*B/4R3/8 w 0';

/** A random game of up to `plies` moves from a start. */
function randomGame(start: TacticsState, seed: string, plies: number): { moves: TacticsMove[]; end: TacticsState } {
  const rng = createRng(seed);
  const moves: TacticsMove[] = [];
  let s = start;
  for (let i = 0; i < plies && !tactics.outcome(s); i++) {
    const legal = tactics.legalMoves(s);
    if (legal.length === 0) break;
    const m = rng.pick(legal);
    moves.push(m);
    s = tactics.play(s, m);
  }
  return { moves, end: s };
}

const starts = [initialState(), unwrap(parsePosition(EXAMPLE))];
const games = starts.map((start, i) => ({ start, ...randomGame(start, `tactics fuzz ${i}`, 40) }));
const records = games.map((g) => writeRecord({ start: g.start, moves: g.moves }));
const positions = [EXAMPLE, ...games.flatMap((g) => [formatPosition(g.start), formatPosition(g.end)])];

describe('Tactics parsers refuse bad input with a coded error, never a throw (fuzz)', () => {
  it('positions', async () => {
    const r = await fuzzParser(parsePosition, positions, { seed: 'tactics positions', count: 300 });
    expect(r.refused).toBeGreaterThan(150);
  });

  it('records', async () => {
    const r = await fuzzParser(parseRecord, records, { seed: 'tactics records', count: 300 });
    expect(r.refused).toBeGreaterThan(150);
  });

  it('move text', async () => {
    const s = games[0]?.start ?? initialState();
    const texts = tactics
      .legalMoves(s)
      .slice(0, 5)
      .map((m) => tactics.formatMove(s, m));
    const r = await fuzzParser((t) => tactics.parseMove(s, t), texts, { seed: 'tactics moves', count: 300 });
    expect(r.refused).toBeGreaterThan(150);
  });
});
