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
  it('extends the texts of a line by the one move pushed, and lets the prefix go once written', () => {
    const { game, calls } = counting();
    let h: History<{ n: number }, number> = startHistory({ n: 0 });
    for (let i = 1; i <= 50; i++) {
      h = pushMove(h, i, { n: i });
      expect(prefixOf(h.moves)).toBeDefined();
      lineTexts(game, h);
      // A list held its prefix for ever, and so the chain of every list before it: n lists of up to n moves.
      expect(prefixOf(h.moves)).toBeUndefined();
    }
    expect(calls()).toBe(50);
    expect(lineTexts(game, h)).toEqual(Array.from({ length: 50 }, (_, i) => `${i}+${i + 1}`));
  });
});
