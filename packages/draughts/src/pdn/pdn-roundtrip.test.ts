import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeFen, parseFen } from '../fen.js';
import { generateMoves, sameMove, type DraughtsMove } from '../moves.js';
import { formatMove } from '../notation.js';
import { RULE_SETS, VARIANT_IDS } from '../rules.js';
import { PDN_GAME_TYPES, variantOfGameType } from './game-type.js';
import { gamePositions, parsePdn, type PdnGame } from './reader.js';
import { randomGame } from './test-games.js';
import { writePdn, writePdnGame } from './writer.js';

function finalFen(g: PdnGame): string {
  return makeFen(gamePositions(g).at(-1) as PdnGame['start']);
}

function expectSameGame(read: PdnGame, written: PdnGame): void {
  expect(read.variant).toBe(written.variant);
  expect(read.giveaway).toBe(written.giveaway);
  expect(read.result).toBe(written.result);
  expect(makeFen(read.start)).toBe(makeFen(written.start));
  expect(read.moves).toHaveLength(written.moves.length);
  read.moves.forEach((m, k) => expect(sameMove(m, written.moves[k] as (typeof written.moves)[number])).toBe(true));
  expect(finalFen(read)).toBe(finalFen(written));
}

describe('PDN round trip: random legal games in all 14 variants', () => {
  const variants = VARIANT_IDS.flatMap((variant) => [
    { variant, giveaway: false },
    { variant, giveaway: true },
  ]);

  it.each(variants)('$variant (give-away: $giveaway): write, read back: same moves and final FEN', (v) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 30 }), (seed, skip) => {
        const game = randomGame({ ...v, seed, skip: seed % 3 === 0 ? skip : 0, comments: seed % 2 === 0 });
        const text = writePdnGame(game);
        const read = parsePdn(text);
        if (!read.ok) throw new Error(`${read.error.message}\n${text}`);
        expect(read.value).toHaveLength(1);
        const back = read.value[0] as PdnGame;
        expectSameGame(back, game);
        // write -> read -> write is the identity.
        expect(writePdnGame(back)).toBe(text);
      }),
      { numRuns: 12 },
    );
  });

  it('several games in one text come back in order', () => {
    const games = VARIANT_IDS.map((variant, k) => randomGame({ variant, seed: 100 + k, comments: true }));
    const text = writePdn(games);
    const read = parsePdn(text);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.map((g) => g.variant)).toEqual([...VARIANT_IDS]);
    read.value.forEach((g, k) => expectSameGame(g, games[k] as PdnGame));
    expect(writePdn(read.value)).toBe(text);
  });

  it('comments keep their place and tags their order; odd characters are escaped', () => {
    const game = randomGame({ variant: 'international', seed: 7, maxPlies: 6 });
    const withNotes: PdnGame = {
      ...game,
      tags: [...game.tags, { name: 'Remark', value: 'say "hi" \\ bye' }],
      comments: [
        { ply: 0, text: 'before { the } start' },
        { ply: 1, text: 'after White' },
        { ply: 1, text: 'twice' },
        { ply: 6, text: 'the end' },
      ],
    };
    const text = writePdnGame(withNotes);
    expect(text).toContain('[Remark "say \\"hi\\" \\\\ bye"]');
    expect(text).toMatch(/^\{before the start\} 1\. \S+ \{after White\} \{twice\} 1\.\.\. \S+/m);
    const back = parsePdn(text);
    expect(back.ok && back.value[0]?.comments).toEqual([
      { ply: 0, text: 'before the start' },
      { ply: 1, text: 'after White' },
      { ply: 1, text: 'twice' },
      { ply: 6, text: 'the end' },
    ]);
    expect(back.ok && back.value[0]?.tags.at(-1)).toEqual({ name: 'Remark', value: 'say "hi" \\ bye' });
  });
});

describe('PDN writer', () => {
  it('writes the GameType number the rule set records carry (PDN 3.0: 20, 21, 24, 25, 26, 31, 23)', () => {
    for (const v of VARIANT_IDS) {
      expect(Number(PDN_GAME_TYPES[v].split(',')[0])).toBe(RULE_SETS[v].pdnGameType);
      expect(variantOfGameType(RULE_SETS[v].pdnGameType)).toEqual({ variant: v, giveaway: false });
    }
  });

  it('writes the seven tag roster, GameType, and the movetext wrapped at 79 columns', () => {
    const game = randomGame({ variant: 'international', seed: 3, maxPlies: 80 });
    const text = writePdnGame({ ...game, result: 'white-wins' });
    const lines = text.split('\n');
    expect(lines.slice(0, 8).map((l) => l.replace(/ ".*$/, ''))).toEqual([
      '[Event',
      '[Site',
      '[Date',
      '[Round',
      '[White',
      '[Black',
      '[Result',
      '[GameType',
    ]);
    expect(lines).toContain('[Result "2-0"]');
    expect(lines).toContain('[GameType "20"]');
    expect(lines).toContain('[Site "?"]');
    expect(lines).toContain('[Date "????.??.??"]');
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(79);
    expect(text.trimEnd().endsWith(' 2-0')).toBe(true);
  });

  it.each([
    ['international', 'white-wins', '2-0', '20'],
    ['international', 'draw', '1-1', '20'],
    ['english', 'black-wins', '1-0', '21'],
    ['english', 'white-wins', '0-1', '21'],
    ['pool', 'black-wins', '1-0', '23'],
    ['spanish', 'white-wins', '1-0', '24'],
    ['russian', 'draw', '1/2-1/2', '25'],
    ['brazilian', 'black-wins', '0-1', '26,W,8,8,N2,0'],
    ['thai', 'both-lose', '0-0', '31,W,8,8,N2,0'],
  ] as const)('%s: %s is written %s, GameType %s', (variant, result, text, type) => {
    const game = { ...randomGame({ variant, seed: 1, maxPlies: 2 }), result };
    const out = writePdnGame(game);
    expect(out).toContain(`[Result "${text}"]`);
    expect(out).toContain(`[GameType "${type}"]`);
    expect(out.trimEnd().endsWith(` ${text}`)).toBe(true);
  });

  it('marks give-away with a Variant tag and a start position with SetUp and FEN', () => {
    const game = randomGame({ variant: 'russian', giveaway: true, seed: 11, skip: 6, maxPlies: 4 });
    const out = writePdnGame(game);
    expect(out).toContain('[Variant "Give-away"]');
    expect(out).toContain('[SetUp "1"]');
    expect(out).toContain(`[FEN "${makeFen(game.start)}"]`);
    expect(out).toMatch(/\[FEN "[WB]:W[a-h]/); // Russian FEN in algebraic squares
  });

  it('opens with "1..." when the second mover is to move at the start', () => {
    const game = randomGame({ variant: 'english', seed: 5, skip: 1, maxPlies: 3 });
    expect(game.start.turn).toBe(0); // English: Black starts, so after one ply White is to move
    expect(writePdnGame(game)).toMatch(/\n\n1\.\.\. \d+-\d+ 2\. /);
  });

  it.each([
    ['international', 'W:W28:B23', 'x'],
    ['english', 'B:W23:B18', 'x'],
    ['russian', 'W:Wc3:Bd4,f6', ':'],
    ['thai', 'W:W22:B18', '-'],
  ] as const)('%s writes captures with the separator of the standard: %s -> "%s"', (variant, fen, sep) => {
    const start = parseFen(fen, variant);
    expect(start.ok).toBe(true);
    if (!start.ok) return;
    const legal = generateMoves(start.value);
    expect(legal.length).toBeGreaterThan(0);
    const move = legal[0] as DraughtsMove;
    expect(move.captures.length).toBeGreaterThan(0);
    const game: PdnGame = {
      variant,
      giveaway: false,
      tags: [],
      start: start.value,
      moves: [move],
      comments: [],
      result: 'unfinished',
    };
    const text = writePdnGame(game);
    const movetext = text.split('\n\n')[1] as string;
    const written = movetext.split(' ')[1] as string;
    expect(written).toBe(formatMove(start.value, move, legal).replace(/x/g, sep));
    const back = parsePdn(text);
    expect(back.ok && sameMove(back.value[0]?.moves[0] as DraughtsMove, move)).toBe(true);
  });
});
