import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeFen } from '../fen.js';
import type { Position } from '../position.js';
import type { VariantId } from '../rules.js';
import { gamePositions, parsePdn, readPdn, type PdnGame } from './reader.js';
import { writePdn } from './writer.js';

// Published games, unchanged excerpts of the PDN test corpus of Wieger Wesselink's PDN 3.0 work
// (github.com/wiegerw/pdn, games/succeed/, commit 11c652f); see testdata/pdn/README.md.
function corpus(file: string): string {
  return readFileSync(new URL(`../../testdata/pdn/${file}`, import.meta.url), 'utf8');
}

function final(g: PdnGame): string {
  return makeFen(gamePositions(g).at(-1) as Position);
}

const CASES: readonly {
  file: string;
  variant?: VariantId;
  games: readonly { plies: number; result: PdnGame['result']; final: string }[];
}[] = [
  {
    // World championship 2003, round 1 (International, GameType 20, results written 1-0 / 0-1 / 1/2-1/2).
    file: 'wk2003-round1.pdn',
    games: [
      { plies: 80, result: 'draw', final: 'W:W24,25,29,37,38,42,47,49:B4,8,13,14,15,21,26,31' },
      { plies: 93, result: 'draw', final: 'B:W24,34,38,40:B9,12,25,28' },
      { plies: 90, result: 'draw', final: 'W:W22,30,35,36,39,43:B4,7,8,13,19,29' },
      { plies: 96, result: 'black-wins', final: 'W:W22,28,32,33,35,36,38,45:B11,13,17,19,23,24,25,26' },
      { plies: 101, result: 'white-wins', final: 'B:W14,K36,37,42:B16,26,K44' },
    ],
  },
  {
    // Online games from kurnik (International): long flying-king endings, captures with every stop written.
    file: 'kurnik-2011.pdn',
    games: [
      { plies: 126, result: 'black-wins', final: 'W:W6,K11,39:B1,15,29,35,K50' },
      { plies: 117, result: 'white-wins', final: 'B:W25,28,K30,32,44,45:B14,19,K47' },
    ],
  },
  {
    // The Open Checkers Archive 2.0 (English checkers, no GameType tag): 1841-1847 matches.
    file: 'oca-1841-1847.pdn',
    variant: 'english',
    games: [
      { plies: 44, result: 'white-wins', final: 'B:WK1,8,12,31,32:B3,9,20,27,28' },
      { plies: 52, result: 'draw', final: 'B:WK6,13,24:B5,K15,K32' },
      { plies: 22, result: 'white-wins', final: 'B:W17,18,19,20,21,22,23,25,28,29:B1,3,5,6,7,9,10,11,12,14' },
      { plies: 40, result: 'draw', final: 'B:W11,17,20,29:B3,12,23,K30' },
      { plies: 67, result: 'draw', final: 'W:WK4,K5,12:B3,9,K14' },
      { plies: 41, result: 'black-wins', final: 'W:WK3,15,19,21,22,23,24,27:B1,6,7,9,10,12,14,20,K26' },
      { plies: 36, result: 'white-wins', final: 'B:W5,19,20,27,28:B3,8,10,12' },
      { plies: 53, result: 'black-wins', final: 'W:W5,6,20,21,28:B1,3,K7,8,11,26' },
    ],
  },
  {
    // X USSR championship (Russian draughts, algebraic moves with ":" captures, numeric FEN ending in ".").
    file: 'ussr-1950.pdn',
    variant: 'russian',
    games: [
      { plies: 61, result: 'white-wins', final: 'B:Wc3,f6:Ba5,h6,h8' },
      { plies: 69, result: 'draw', final: 'B:Wg7:Ba5,e7,h4' },
      { plies: 58, result: 'draw', final: 'W:Wb6,c1,d6:Bf2,h6' },
      { plies: 61, result: 'draw', final: 'B:Wc1,c5,c7:BKa1,a3,f8' },
      { plies: 50, result: 'draw', final: 'W:Wa3,b6,e1,f4,h2:Ba7,c5,d2,f6,h6' },
      { plies: 54, result: 'draw', final: 'W:Wg7,h2:BKa5,a7,c7' },
    ],
  },
];

describe('published games replay move by move through the rules', () => {
  for (const c of CASES) {
    it(`${c.file}: every move legal, final positions and results as recorded`, () => {
      const read = parsePdn(corpus(c.file), c.variant ? { defaultVariant: c.variant } : {});
      if (!read.ok) throw new Error(read.error.message);
      expect(read.value.map((g) => ({ plies: g.moves.length, result: g.result, final: final(g) }))).toEqual(c.games);
    });

    it(`${c.file}: written back and read again, the same games`, () => {
      const read = parsePdn(corpus(c.file), c.variant ? { defaultVariant: c.variant } : {});
      if (!read.ok) throw new Error(read.error.message);
      const text = writePdn(read.value);
      const again = parsePdn(text);
      if (!again.ok) throw new Error(again.error.message);
      expect(again.value.map(final)).toEqual(read.value.map(final));
      expect(again.value.map((g) => g.result)).toEqual(read.value.map((g) => g.result));
      expect(writePdn(again.value)).toBe(text);
    });
  }

  it('the English games are English only: read as International they fail on a named move', () => {
    const read = readPdn(corpus('oca-1841-1847.pdn'), { variant: 'international' });
    const first = read[0];
    expect(first?.ok).toBe(false);
    if (first && !first.ok) {
      expect(first.error.game).toBe(1);
      expect(first.error.code).toMatch(/^pdn\//);
      expect(first.error.moveNumber).toMatch(/^\d+\.(\.\.)?$/);
      expect(first.error.line).toBeGreaterThan(0);
    }
  });

  it('a two-piece capture recorded by its start and end only is found among the legal moves', () => {
    // USSR 1950, Коршунов - Петров, 9. f2:f6: the man on f2 takes twice and comes back to the f-file.
    const read = parsePdn(corpus('ussr-1950.pdn'), { defaultVariant: 'russian' });
    if (!read.ok) throw new Error(read.error.message);
    const g = read.value[2] as PdnGame;
    const m = g.moves[16];
    expect(m?.captures).toHaveLength(2);
    expect(m?.path).toHaveLength(2);
  });
});
