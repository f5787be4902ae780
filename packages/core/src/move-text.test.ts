import { describe, expect, it } from 'vitest';
import { prefixOf, pushMove, startHistory, type History } from './history.js';
import { lineTexts } from './move-text.js';

/** States are objects (as the games' are), moves numbers; counts how often a move is formatted. */
function counting(): { game: { formatMove(s: { n: number }, m: number): string }; calls: () => number } {
  let calls = 0;
  return {
    game: {
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
