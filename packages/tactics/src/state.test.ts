/**
 * The repetition history a state keeps (`TacticsState.seen`): every position since the start, in chunks shared
 * between the states of a line, so a long game holds its keys about once and a move copies a bounded part.
 */
import { createRng } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { repetitions, tactics } from './game.js';
import { SEEN_CHUNK, seenKeys, seenWith, type TacticsState } from './state.js';

/** A random legal line of up to `plies` plies from the start. */
function randomLine(plies: number, seed: string): TacticsState[] {
  const rng = createRng(seed);
  const line = [tactics.initial()];
  while (line.length <= plies) {
    const s = line[line.length - 1] as TacticsState;
    const moves = tactics.legalMoves(s);
    if (moves.length === 0) break;
    line.push(tactics.play(s, rng.pick(moves)));
  }
  return line;
}

describe('the repetition history (ours: chunks shared along a line)', () => {
  it('keeps every position of the line, oldest first, and shares every full chunk with the state before', () => {
    const line = randomLine(300, 'seen history');
    expect(line.length).toBeGreaterThan(3 * SEEN_CHUNK);
    line.forEach((s, i) => {
      const keys = seenKeys(s.seen);
      expect(keys).toHaveLength(i + 1);
      // Every chunk but the last is full; the full ones are the very objects the previous state holds.
      s.seen.slice(0, -1).forEach((chunk) => expect(chunk).toHaveLength(SEEN_CHUNK));
      const before = line[i - 1];
      if (before) s.seen.slice(0, -1).forEach((chunk, c) => expect(chunk).toBe(before.seen[c]));
    });
    // The line's states hold each key about once: n keys in all, plus at most a chunk's worth per state.
    const held = new Set(line.flatMap((s) => s.seen)).size;
    expect(held).toBeLessThan(line.length * 2);
  });

  it('counts repetitions across chunk boundaries as a plain list of keys does', () => {
    const line = randomLine(400, 'seen repetitions');
    for (const s of line) {
      const keys = seenKeys(s.seen);
      const key = keys[keys.length - 1];
      let plain = 0;
      for (let i = keys.length - 1; i >= 0; i -= 2) if (keys[i] === key) plain++;
      expect(repetitions(s)).toBe(Math.max(1, plain));
    }
  });

  it('adds a key by copying at most a chunk: the states before are never changed', () => {
    let seen = seenWith([], 'k0');
    const frozen: string[][] = [];
    for (let i = 1; i < 3 * SEEN_CHUNK; i++) {
      frozen.push(seenKeys(seen));
      seen = seenWith(seen, `k${i}`);
    }
    expect(seenKeys(seen)).toEqual(Array.from({ length: 3 * SEEN_CHUNK }, (_, i) => `k${i}`));
    expect(seen).toHaveLength(3);
    expect(frozen[5]).toEqual(['k0', 'k1', 'k2', 'k3', 'k4', 'k5']);
  });
});
