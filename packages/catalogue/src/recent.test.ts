import { unwrap } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { force400Entry } from './force400/entry.js';
import { RECENT_POSITIONS, RecentPositions } from './recent.js';
import { tacticsInputs } from './tactics/board.js';
import { tactics } from '@tactica/tactics';

describe('answers remembered for the last positions asked about', () => {
  it('makes an answer once while its position is among the last asked about, and again once it is not', () => {
    const recent = new RecentPositions<object, number>(3);
    let made = 0;
    const answer = (): number => ++made;
    const [a, b, c, d] = [{}, {}, {}, {}];
    expect(recent.get(a, answer)).toBe(1);
    expect(recent.get(b, answer)).toBe(2);
    expect(recent.get(c, answer)).toBe(3);
    // Asked for again, `a` becomes the most recent: `b` is the one to go.
    expect(recent.get(a, answer)).toBe(1);
    expect(recent.get(d, answer)).toBe(4);
    expect(recent.get(a, answer)).toBe(1);
    expect(recent.get(c, answer)).toBe(3);
    expect(recent.get(b, answer)).toBe(5);
    expect(made).toBe(5);
  });

  it('makes an answer again for another owner of the same position', () => {
    const recent = new RecentPositions<object, string>();
    const key = {};
    expect(recent.get(key, () => 'first game', 'one')).toBe('first game');
    expect(recent.get(key, () => 'second game', 'two')).toBe('second game');
    expect(recent.get(key, () => 'made again', 'two')).toBe('second game');
  });

  it('a board keeps the inputs of the last positions asked about, not of every position still held', () => {
    // Positions a line holds (a server holds the current one of every game it caches) are not all asked about.
    const held = [tactics.initial()];
    for (let i = 0; i <= RECENT_POSITIONS; i++) {
      const s = held[held.length - 1]!;
      held.push(tactics.play(s, tactics.legalMoves(s)[0]!));
    }
    const first = tacticsInputs(held[0]!);
    expect(tacticsInputs(held[0]!)).toBe(first);
    for (const s of held.slice(1)) tacticsInputs(s);
    // Still alive, but asked about before the last RECENT_POSITIONS others: its inputs were let go, made again alike.
    const again = tacticsInputs(held[0]!);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('a Force 400 board made for another game makes its inputs for that game', () => {
    const a = unwrap(force400Entry.setup());
    const b = unwrap(force400Entry.setup());
    const s = a.initial();
    const inputs = a.board.inputs(s, 0);
    expect(a.board.inputs(s, 0)).toBe(inputs);
    expect(b.board.inputs(s, 0)).not.toBe(inputs);
    expect(b.board.inputs(s, 0)).toEqual(inputs);
  });
});
