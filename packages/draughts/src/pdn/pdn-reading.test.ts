import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeFen } from '../fen.js';
import type { Position } from '../position.js';
import { gamePositions, parsePdn, readPdn, type PdnError, type PdnGame } from './reader.js';
import { randomGame } from './test-games.js';
import { writePdn } from './writer.js';

function one(text: string, options: Parameters<typeof parsePdn>[1] = {}): PdnGame {
  const r = parsePdn(text, options);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  expect(r.value).toHaveLength(1);
  return r.value[0] as PdnGame;
}

function failure(text: string, options: Parameters<typeof parsePdn>[1] = {}): PdnError {
  const r = parsePdn(text, options);
  if (r.ok) throw new Error('expected an error');
  return r.error;
}

const finalFen = (g: PdnGame): string => makeFen(gamePositions(g).at(-1) as Position);

// International: 1. 32-28 19-23 2. 28x19 14x23 leaves this position.
const AFTER_TWO =
  'W:W31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23';
const INTL = '[GameType "20"]\n';

describe('PDN reading is tolerant where real files differ', () => {
  it.each([
    ['plain', `${INTL}1. 32-28 19-23 2. 28x19 14x23 *`],
    ['move numbers glued to moves', `${INTL}1.32-28 19-23 2.28x19 14x23 *`],
    ['no move numbers at all', `${INTL}32-28 19-23 28x19 14x23`],
    ['"2..." before the second move', `${INTL}1. 32-28 1... 19-23 2. 28x19 2... 14x23 *`],
    ['"x" or ":" or "-" between squares', `${INTL}1. 32-28 19-23 2. 28:19 14-23 *`],
    ['algebraic squares in a numeric rule set', `${INTL}1. d4-e5 19-23 2. 28x19 14x23 *`],
    ['compact moves without separator', `${INTL}1. 3228 1923 2. 28x19 14x23 *`],
    ['strength marks and NAGs', `${INTL}1. 32-28! 19-23?! $2 2. 28x19!! 14x23? $13 *`],
    ['a byte-order mark and CRLF line ends', `\uFEFF[GameType "20"]\r\n\r\n1. 32-28 19-23\r\n2. 28x19 14x23 *\r\n`],
    ['old Mac CR line ends', `[GameType "20"]\r\r1. 32-28 19-23\r2. 28x19 14x23 *\r`],
    ['comments of both kinds', `${INTL}{start} 1. 32-28 ; a line comment\n19-23 2. 28x19 {c} 14x23 *`],
    [
      'variations, nested, are skipped',
      `${INTL}1. 32-28 19-23 (1... 18-23 2. 38-32 (2. 37-32? 23-29)) 2. 28x19 14x23 *`,
    ],
    ['a variation holding only a strength mark', `${INTL}1. 32-28 19-23(!?!!!) 2. 28x19 14x23 *`],
    ['"%" escape lines', `% made by hand\n${INTL}1. 32-28 19-23 2. 28x19 14x23 *`],
    ['tag pairs on one line, an unquoted value', `[GameType 20] [Event "x"]\n1. 32-28 19-23 2. 28x19 14x23 *`],
    ['the tag name in another case', `[gametype "20"]\n1. 32-28 19-23 2. 28x19 14x23 *`],
  ])('%s', (_name, text) => {
    const g = one(text);
    expect(g.variant).toBe('international');
    expect(g.moves).toHaveLength(4);
    expect(finalFen(g)).toBe(AFTER_TWO);
  });

  it('reads intermediate squares when given and finds the capture without them', () => {
    // English: White man on 31 (e1) can take 26 and 18 by 22, or 27 and 19 by 24, ending on 15 both ways.
    const head = '[GameType "21"]\n[FEN "W:W31:B26,27,18,19"]\n';
    expect(one(`${head}1... 31x22x15 *`).moves[0]?.captures).toEqual([18, 26]);
    expect(one(`${head}1... 31x24x15 *`).moves[0]?.captures).toEqual([19, 27]);
    const e = failure(`${head}1... 31x15 *`);
    expect(e.code).toBe('pdn/ambiguous-move');
    expect(e.message).toContain('31x22x15');
    expect(e.message).toContain('31x24x15');
  });

  it('joins a multi-jump written hop by hop', () => {
    // International: white man on 33 takes 28 and 19: 33x22 then 22x13 written as two hops.
    const head = `${INTL}[FEN "W:W33:B28,18,3"]\n`;
    const g = one(`${head}1. 33x22 22x13 *`);
    expect(g.moves).toHaveLength(1);
    expect(g.moves[0]?.captures).toEqual([18, 28]);
  });

  it('reads both result conventions, in tags and as terminators', () => {
    expect(one(`${INTL}[Result "2-0"]\n*`).result).toBe('white-wins');
    expect(one(`${INTL}[Result "1-0"]\n*`).result).toBe('white-wins');
    expect(one(`${INTL}1. 32-28 0-2`).result).toBe('black-wins');
    expect(one(`${INTL}1. 32-28 1-1`).result).toBe('draw');
    expect(one(`${INTL}1. 32-28 1/2-1/2`).result).toBe('draw');
    expect(one(`${INTL}1. 32-28 0-0`).result).toBe('both-lose');
    expect(one(`${INTL}1. 32-28 *`).result).toBe('unfinished');
    // English: Black starts, and the first score is Black's.
    expect(one('[GameType "21"]\n1. 11-15 1-0').result).toBe('black-wins');
    expect(one('[GameType "21"]\n1. 11-15 2-0').result).toBe('black-wins');
    expect(one('[GameType "21"]\n1. 11-15 0-1').result).toBe('white-wins');
    // A "*" terminator does not undo a result tag.
    expect(one(`${INTL}[Result "0-2"]\n1. 32-28 *`).result).toBe('black-wins');
  });

  it('takes the rule set from GameType, or --variant, or the default for games without one', () => {
    expect(one('[GameType "25"]\n1. c3-d4 *').variant).toBe('russian');
    expect(one('[GameType "26,W,8,8,A0,0"]\n1. c3-d4 *').variant).toBe('brazilian');
    expect(one('[GameType "31"]\n*').variant).toBe('thai');
    expect(one('[GameType "24"]\n*').variant).toBe('spanish');
    expect(one('[GameType "23"]\n*').variant).toBe('pool');
    expect(one('[GameType "20"]\n1. 11-15 *', { variant: 'english' }).variant).toBe('english');
    expect(one('1. 11-15 *', { defaultVariant: 'english' }).variant).toBe('english');
    expect(one('[GameType "21"]\n1. 11-15 *', { defaultVariant: 'russian' }).variant).toBe('english');
  });

  it('reads give-away from a Variant tag, lidraughts GameType 98, or the option', () => {
    expect(one(`${INTL}[Variant "Give-away"]\n*`).giveaway).toBe(true);
    expect(one(`${INTL}[Variant "Antidraughts"]\n*`).giveaway).toBe(true);
    expect(one('[GameType "98"]\n*')).toMatchObject({ variant: 'international', giveaway: true });
    expect(one(`${INTL}*`, { giveaway: true }).giveaway).toBe(true);
    expect(one(`${INTL}[Variant "Give-away"]\n*`, { giveaway: false }).giveaway).toBe(false);
    expect(one(`${INTL}[Variant "Standard"]\n*`)).toMatchObject({
      giveaway: false,
      tags: [{ name: 'Variant', value: 'Standard' }],
    });
  });

  it('starts from the FEN tag, with ranges and lidraughts counters', () => {
    const g = one(`${INTL}[FEN "B:W31-50:B1-20:H0:F1"]\n1... 19-23 *`);
    expect(g.start.turn).toBe(1);
    expect(g.moves).toHaveLength(1);
  });

  it('reads several games, skipping junk between them', () => {
    const text = [
      'From: someone',
      'Subject: games',
      '',
      INTL + '1. 32-28 2-0',
      'junk after the result',
      '-----',
      '[GameType "21"]',
      '1. 11-15 *',
      '',
      '1. 9-13 22-18 *', // a game without tags (and so without GameType)
    ].join('\n');
    const r = readPdn(text, { defaultVariant: 'english' });
    expect(r.map((g) => g.ok && g.value.variant)).toEqual(['international', 'english', 'english']);
    expect(r.map((g) => g.ok && g.value.moves.length)).toEqual([1, 1, 2]);
  });

  it('keeps the order of unknown tags and drops those the game fields stand for', () => {
    const g = one(
      '[Event "E"]\n[GameType "20"]\n[Result "2-0"]\n[Zeta "z"]\n[SetUp "1"]\n[FEN "W:W31-50:B1-20"]\n[Alpha "a"]\n*',
    );
    expect(g.tags).toEqual([
      { name: 'Event', value: 'E' },
      { name: 'Zeta', value: 'z' },
      { name: 'Alpha', value: 'a' },
    ]);
  });
});

describe('PDN errors are coded and say where: game, line, column, move number, move', () => {
  const text = [
    '[Event "one"]',
    '[GameType "20"]',
    '',
    '1. 32-28 19-23 2-0',
    '',
    '[Event "two"]',
    '[GameType "20"]',
    '',
    '1. 32-28 19-23 2. 28x19 14x23',
    '3. 33-28 23x32 4. 37x28 18-23 5. 28x19 14x23', // 5. 28x19 is legal; 14x23 is not (14 is empty)
    '*',
  ].join('\n');

  it('an illegal move', () => {
    const r = readPdn(text);
    expect(r[0]?.ok).toBe(true);
    const e = (r[1] as { ok: false; error: PdnError }).error;
    expect(e).toMatchObject({ code: 'pdn/illegal-move', game: 2, line: 10, moveNumber: '5...', input: '14x23' });
    expect(e.column).toBe((text.split('\n')[9]?.indexOf('14x23') as number) + 1);
    expect(e.message).toMatch(/^game 2, move 5\.\.\. 14x23: /);
  });

  it.each([
    ['a square that does not exist', `${INTL}1. 32-28 19-63 *`, 'pdn/bad-move', 2, 10, '1...'],
    ['text that is not a move', `${INTL}1. 32-28 hello *`, 'pdn/bad-move', 2, 10, '1...'],
    [
      'an ambiguous move',
      '[GameType "21"]\n[FEN "W:W31:B26,27,18,19"]\n1... 31x15 *',
      'pdn/ambiguous-move',
      3,
      6,
      '1...',
    ],
  ] as const)('%s', (_name, input, code, line, column, moveNumber) => {
    expect(failure(input)).toMatchObject({ code, line, column, moveNumber, game: 1 });
  });

  it.each([
    ['an unterminated comment', `${INTL}1. 32-28 {no end`, 'pdn/unterminated-comment', 2, 10],
    ['an unclosed variation', `${INTL}1. 32-28 (19-23 *`, 'pdn/unterminated-variation', 2, 10],
    ['a stray ")"', `${INTL}1. 32-28 ) *`, 'pdn/unbalanced-variation', 2, 10],
    ['a tag pair without closing quote', '[Event "x]\n*', 'pdn/bad-tag', 1, 8],
    ['a tag pair without "]"', '[Event "x"\n*', 'pdn/bad-tag', 1, 11],
    ['a tag pair without a name', '[ "x"]\n*', 'pdn/bad-tag', 1, 3],
    ['a bad FEN', `${INTL}[FEN "W:W31,31:B1"]\n*`, 'pdn/bad-fen', 2, 13],
    ['a game type we do not play', '[GameType "22"]\n*', 'pdn/unsupported-game-type', 1, 12],
    ['a game type that is no number', '[GameType "draughts"]\n*', 'pdn/bad-game-type', 1, 12],
    ['no game type and no --variant', '1. 32-28 *', 'pdn/no-game-type', 1, undefined],
    ['a result that is none', `${INTL}[Result "won"]\n*`, 'pdn/bad-result', 2, 10],
    ['a result contradicting the tag', `${INTL}[Result "2-0"]\n1. 32-28 0-2`, 'pdn/result-mismatch', 3, 10],
  ] as const)('%s', (_name, input, code, line, column) => {
    const e = failure(input);
    expect(e.code).toBe(code);
    expect(e.game).toBe(1);
    expect(e.line).toBe(line);
    if (column !== undefined) expect(e.column).toBe(column);
  });

  it('an empty text holds no game', () => {
    expect(failure('').code).toBe('pdn/empty');
    expect(failure('\n\n  junk only\n').code).toBe('pdn/empty');
  });

  it('after a broken game, reading resumes at the next tag pair', () => {
    const r = readPdn(`${INTL}1. 32-28 {broken\n\n${INTL}1. 33-28 *`);
    expect(r.map((g) => g.ok)).toEqual([false]); // the comment swallows the rest: reported, never a throw
    const r2 = readPdn(`[Event "x]\n1. 32-28 *\n\n${INTL}1. 33-28 *`);
    expect(r2.map((g) => g.ok)).toEqual([false, true]);
  });
});

describe('PDN fuzzing: malformed text gives a coded error with line and column, never a throw', () => {
  const valid = writePdn([
    randomGame({ variant: 'international', seed: 1, comments: true, maxPlies: 30 }),
    randomGame({ variant: 'russian', seed: 2, skip: 4, maxPlies: 20 }),
    randomGame({ variant: 'english', giveaway: true, seed: 3, maxPlies: 20 }),
  ]);
  const check = (text: string): void => {
    const lines = text.split(/\r\n|\r|\n/).length;
    for (const r of readPdn(text, { defaultVariant: 'thai' })) {
      if (r.ok) continue;
      expect(r.error.code).toMatch(/^pdn\/[a-z-]+$/);
      expect(r.error.message).toMatch(/^game \d+/);
      if (r.error.line !== undefined) {
        expect(r.error.line).toBeGreaterThanOrEqual(1);
        expect(r.error.line).toBeLessThanOrEqual(lines);
      }
      if (r.error.column !== undefined) expect(r.error.column).toBeGreaterThanOrEqual(1);
    }
  };

  it('random strings', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), check), { numRuns: 300 });
  });

  it('strings of PDN characters', () => {
    const pdnChar = fc.constantFrom(...'[]{}()";%$*!?.-x:0123456789 abcKWB\n\r\t/'.split(''));
    fc.assert(
      fc.property(
        fc.array(pdnChar, { maxLength: 400 }).map((a) => a.join('')),
        check,
      ),
      { numRuns: 300 },
    );
  });

  it('valid PDN with characters deleted, inserted or replaced', () => {
    const edit = fc.record({
      at: fc.nat({ max: valid.length }),
      drop: fc.nat({ max: 8 }),
      insert: fc.string({ maxLength: 6 }),
    });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 4 }), (edits) => {
        let text = valid;
        for (const e of edits) text = text.slice(0, e.at) + e.insert + text.slice(e.at + e.drop);
        check(text);
      }),
      { numRuns: 300 },
    );
  });

  it('non-string input', () => {
    expect(readPdn(undefined as unknown as string)[0]?.ok).toBe(false);
    expect(parsePdn(42 as unknown as string).ok).toBe(false);
  });
});
