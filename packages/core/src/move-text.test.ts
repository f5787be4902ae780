import { describe, expect, it } from 'vitest';
import { prefixOf, pushMove, startHistory, undo, type History } from './history.js';
import { carryLineTexts, lineTexts, lineTextsJson } from './move-text.js';

/** States are objects (as the games' are), moves numbers (a move leads to `{ n: move }`); counts formatted moves. */
function counting(): {
  game: { formatMove(s: { n: number }, m: number): string; play(s: { n: number }, m: number): { n: number } };
  calls: () => number;
} {
  let calls = 0;
  return {
    game: {
      play: (_s, m) => ({ n: m }),
      formatMove(s, m) {
        calls++;
        return `${s.n}+${m}`;
      },
    },
    calls: () => calls,
  };
}

describe('lineTexts', () => {
  it('extends the texts of a line by the one move pushed; a list links to its prefix, not the chain behind it', () => {
    const { game, calls } = counting();
    let h: History<{ n: number }, number> = startHistory({ n: 0 });
    for (let i = 1; i <= 50; i++) {
      const before = h;
      h = pushMove(h, i, { n: i });
      lineTexts(game, h);
      // One link back only: a list that kept its prefix for ever held the chain of every list before it.
      expect(prefixOf(h.moves)).toBe(before.moves);
      expect(prefixOf(before.moves)).toBeUndefined();
    }
    expect(calls()).toBe(50);
    expect(lineTexts(game, h)).toEqual(Array.from({ length: 50 }, (_, i) => `${i}+${i + 1}`));
  });
});

describe('lineTextsJson', () => {
  it('is the JSON of the line texts, extended move by move and written afresh after a takeback', () => {
    const { game, calls } = counting();
    let h: History<{ n: number }, number> = startHistory({ n: 0 });
    for (let i = 1; i <= 30; i++) {
      h = pushMove(h, i, { n: i });
      expect(lineTextsJson(game, h)).toBe(JSON.stringify(lineTexts(game, h)));
    }
    expect(calls()).toBe(30);
    // Two moves taken back and another played: the new list's prefix holds 30 moves, the list 29.
    h = pushMove(undo(game, h, 2), 99, { n: 99 });
    expect(lineTextsJson(game, h)).toBe(
      JSON.stringify([...Array.from({ length: 28 }, (_, i) => `${i}+${i + 1}`), '28+99']),
    );
    h = pushMove(h, 7, { n: 7 });
    expect(JSON.parse(lineTextsJson(game, h))).toEqual(lineTexts(game, h));
  });

  it('escapes what a move text holds as JSON does', () => {
    const game = {
      play: (_s: { n: number }, m: number) => ({ n: m }),
      formatMove: (_s: { n: number }, m: number) => (m === 1 ? 'a "quoted"\\ move' : 'b\u2028'),
    };
    let h: History<{ n: number }, number> = startHistory({ n: 0 });
    h = pushMove(h, 1, { n: 1 });
    lineTextsJson(game, h);
    h = pushMove(h, 2, { n: 2 });
    expect(lineTextsJson(game, h)).toBe(JSON.stringify(['a "quoted"\\ move', 'b\u2028']));
  });
});

describe('carryLineTexts', () => {
  // States that are numbers are not remembered per state (moveText keeps texts on objects): every text computed counts.
  let calls = 0;
  const game = {
    play: (_s: number, m: number): number => m,
    formatMove(s: number, m: number): string {
      calls++;
      return `${s}+${m}`;
    },
  };
  const line = (n: number): History<number, number> => {
    let h: History<number, number> = startHistory(0);
    for (let i = 1; i <= n; i++) h = pushMove(h, i, i);
    return h;
  };

  it("keeps a followed line's text one move away: a line pushed twice since it was written costs two texts", () => {
    let h = line(20);
    calls = 0;
    lineTextsJson(game, h);
    expect(calls).toBe(20);
    // Another writer's move followed, then this copy writes its own: each extends the one before.
    h = pushMove(h, 21, 21);
    carryLineTexts(game, h);
    h = pushMove(h, 22, 22);
    expect(JSON.parse(lineTextsJson(game, h))).toEqual(Array.from({ length: 22 }, (_, i) => `${i}+${i + 1}`));
    expect(calls).toBe(22);
  });

  it('keeps the texts of a line written without its JSON one move away through followed moves (a server writes texts, not JSON)', () => {
    let h = line(30);
    calls = 0;
    lineTexts(game, h);
    expect(calls).toBe(30);
    // Three moves of another instance's followed, then this copy writes its own: one text each, never the whole line.
    for (let i = 31; i <= 33; i++) {
      h = pushMove(h, i, i);
      carryLineTexts(game, h);
    }
    h = pushMove(h, 34, 34);
    expect(lineTexts(game, h)).toEqual(Array.from({ length: 34 }, (_, i) => `${i}+${i + 1}`));
    expect(calls).toBe(34);
  });

  it('computes nothing for a line never written', () => {
    let h = line(1);
    calls = 0;
    for (let i = 2; i <= 20; i++) {
      h = pushMove(h, i, i);
      carryLineTexts(game, h);
    }
    expect(calls).toBe(0);
  });
});
