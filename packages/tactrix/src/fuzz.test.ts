/*
 * Bad input of every kind into the Tactrix! parsers the command line reads (positions, records, move text):
 * truncations, random bytes, invalid UTF-8, NUL bytes, terminal escapes and huge inputs (a million-character line,
 * a record repeated to 2 MB). Every answer is a value or a coded error that is safe to print
 * (`@tactica/core/fuzz`), each within a few seconds.
 */
import { createRng } from '@tactica/core';
import { fuzzParser } from '@tactica/core/fuzz';
import { describe, expect, it } from 'vitest';
import { legalMoves, outcomeOfState, parseMove, play, tactrix } from './game.js';
import { formatPosition, parsePosition } from './position-text.js';
import { formatRecord, parseRecord } from './record.js';
import { initialState, type TactrixMove, type TactrixState } from './state.js';

function randomGame(seed: number, plies: number): { moves: TactrixMove[]; states: TactrixState[] } {
  const rng = createRng(seed);
  let s = initialState();
  const moves: TactrixMove[] = [];
  const states = [s];
  for (let i = 0; i < plies && !outcomeOfState(s); i++) {
    const m = rng.pick(legalMoves(s));
    moves.push(m);
    s = play(s, m);
    states.push(s);
  }
  return { moves, states };
}

const games = [1, 2].map((seed) => randomGame(seed, 60));
const records = games.map((g) => formatRecord(initialState(), g.moves));
const positions = games.flatMap((g) =>
  [0, 20, g.states.length - 1].map((i) => formatPosition(g.states[i] ?? initialState())),
);

describe('Tactrix! parsers refuse bad input with a coded error, never a throw (fuzz)', () => {
  it('positions', async () => {
    const r = await fuzzParser(parsePosition, positions, { seed: 'tactrix positions', count: 300 });
    expect(r.refused).toBeGreaterThan(150);
  });

  it('records', async () => {
    const r = await fuzzParser(parseRecord, records, { seed: 'tactrix records', count: 300 });
    expect(r.refused).toBeGreaterThan(150);
  });

  it('move text', async () => {
    const s = initialState();
    const texts = legalMoves(s)
      .slice(0, 5)
      .map((m) => tactrix.formatMove(s, m));
    const r = await fuzzParser((t) => parseMove(s, t), texts, { seed: 'tactrix moves', count: 300 });
    expect(r.refused).toBeGreaterThan(150);
  });
});
