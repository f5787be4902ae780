import { describe, expect, it } from 'vitest';
import { historyLine } from './history.js';

describe("a player's history names the opponent, the result and how the game ended", () => {
  it('a win, a loss and a draw against people, each with its reason', () => {
    expect(
      historyLine(
        {
          id: 1,
          family: 'draughts',
          seat: 0,
          opponent: { name: 'bob' },
          result: { kind: 'win', winner: 0, reason: 'time-forfeit' },
        },
        'alice',
      ),
    ).toEqual({ against: 'bob', result: 'won', how: 'alice wins on time: bob ran out of time.' });
    expect(
      historyLine(
        {
          id: 2,
          family: 'tactorus',
          seat: 1,
          opponent: { name: 'bob' },
          result: { kind: 'win', winner: 0, reason: 'flag-captured' },
        },
        'alice',
      ),
    ).toEqual({ against: 'bob', result: 'lost', how: "bob wins by capturing alice's flag." });
    expect(
      historyLine(
        { id: 3, family: 'tactics', seat: 0, opponent: { name: 'bob' }, result: { kind: 'draw', reason: 'agreed' } },
        'alice',
      ),
    ).toMatchObject({ result: 'drawn', how: 'Draw by agreement.' });
  });

  it('a game against the computer names its level; a game in progress has no result yet', () => {
    expect(
      historyLine(
        { id: 4, family: 'draughts', seat: 1, opponent: { name: null, level: 'easy' }, result: null },
        'alice',
      ),
    ).toEqual({ against: 'the computer (easy)', result: 'playing', how: '' });
  });
});
