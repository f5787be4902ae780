import { describe, expect, it } from 'vitest';
import { resultWords } from './result-words.js';

const names = ['alice', 'bob'] as const;

describe('result banners say who won and why', () => {
  it('a win names its reason: time, resignation, no moves, a captured flag or king', () => {
    expect(resultWords({ kind: 'win', winner: 0, reason: 'time-forfeit' }, names)).toBe(
      'alice wins on time: bob ran out of time.',
    );
    expect(resultWords({ kind: 'win', winner: 1, reason: 'resigned' }, names)).toBe(
      'bob wins by resignation: alice resigned.',
    );
    expect(resultWords({ kind: 'win', winner: 0, reason: 'no-moves' }, names)).toMatch(/^alice wins .*no legal moves/);
    expect(resultWords({ kind: 'win', winner: 1, reason: 'flag-captured' }, names)).toBe(
      "bob wins by capturing alice's flag.",
    );
    expect(resultWords({ kind: 'win', winner: 0, reason: 'king-captured' }, names)).toBe(
      "alice wins by capturing bob's king.",
    );
  });

  it('a win by taking the last piece says so: draughts, give-away, and Tactics freezing the last mobile piece', () => {
    expect(resultWords({ kind: 'win', winner: 0, reason: 'last-piece-taken' }, names)).toBe(
      "alice wins by taking bob's last piece.",
    );
    expect(resultWords({ kind: 'win', winner: 1, reason: 'no-pieces-left' }, names)).toBe(
      'bob wins by giving away every piece.',
    );
    expect(resultWords({ kind: 'win', winner: 0, reason: 'all-frozen' }, names)).toBe(
      "alice wins by freezing bob's last mobile piece.",
    );
  });

  it('a draw names its reason; an unknown reason still reads as words, never as a code', () => {
    expect(resultWords({ kind: 'draw', reason: 'agreed' }, names)).toBe('Draw by agreement.');
    expect(resultWords({ kind: 'draw', reason: 'threefold' }, names)).toBe('Draw by threefold repetition.');
    expect(resultWords({ kind: 'draw', reason: 'flags-met' }, names)).toBe('Draw: the flags met.');
    expect(resultWords({ kind: 'win', winner: 0, reason: 'some-new-reason' }, names)).toBe(
      'alice wins (some new reason).',
    );
  });
});
