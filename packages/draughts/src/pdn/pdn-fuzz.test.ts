/*
 * Bad input of every kind into the draughts parsers the command line reads (FEN and PDN): truncations, random
 * bytes, invalid UTF-8, NUL bytes, terminal escapes and huge inputs. Every answer is a value or a coded error that
 * is safe to print (`@tactica/core/fuzz`), within bounded time and memory.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '@tactica/core';
import { expectCodedAnswer, fuzzInputs } from '@tactica/core/fuzz';
import { makeFen, parseFen } from '../fen.js';
import { initialPosition } from '../position.js';
import { VARIANT_IDS } from '../rules.js';
import { MAX_GAME_TAGS, MAX_GAME_TOKENS, MAX_VARIATION_DEPTH } from './lexer.js';
import { iteratePdn, iteratePdnPieces, readPdn } from './reader.js';
import { randomGame } from './test-games.js';
import { writePdn } from './writer.js';

const MB = 1024 * 1024;
const INTL = '[GameType "20"]\n';

function samplePdn(): string {
  const games = [1, 2, 3].map((seed) => randomGame({ variant: 'international', seed, maxPlies: 30, comments: true }));
  return writePdn(games);
}

/** Reads every game of a text, checking each answer; the number of games and the codes of the errors. */
function readAll(text: string): { games: number; codes: string[] } {
  const codes: string[] = [];
  let games = 0;
  for (const r of iteratePdn(text, { defaultVariant: 'international' })) {
    games++;
    expectCodedAnswer(r, text);
    if (!r.ok) codes.push(r.error.code);
  }
  return { games, codes };
}

describe('draughts parsers refuse bad input with a coded error, never a throw (fuzz)', () => {
  it('FEN of every rule set', () => {
    for (const variant of VARIANT_IDS) {
      const samples = [makeFen(initialPosition(variant)), 'W:W31,K33:B1,2,K3', 'B:W28,32:BK19,a1'];
      let refused = 0;
      for (const input of fuzzInputs(samples, { seed: `fen ${variant}`, count: 150 })) {
        const r = parseFen(input, variant);
        expectCodedAnswer(r, input);
        if (!r.ok) refused++;
      }
      expect(refused).toBeGreaterThan(100);
    }
  });

  it('PDN: mutated records read as games or coded errors, each game on its own', () => {
    let errors = 0;
    for (const input of fuzzInputs([samplePdn()], { seed: 'pdn', count: 400 })) {
      const { codes } = readAll(input);
      errors += codes.length;
      for (const c of codes) expect(c).toMatch(/^(pdn|fen|move)\//);
    }
    expect(errors).toBeGreaterThan(100);
  });

  it('an error echoes a short, escaped excerpt of a hostile line', () => {
    // No PDN delimiter in it ([ ] { } ( ) ; "), so it is read as one move.
    const evil = `\u001bc\u0007\u0000${'x'.repeat(1_000_000)}`;
    const [r] = readPdn(`${INTL}1. ${evil} *`);
    expect(r?.ok).toBe(false);
    if (r?.ok !== false) return;
    expect(r.error.code).toBe('pdn/bad-move');
    expect(r.error.input?.startsWith('\\u001bc\\u0007\\u0000xxx')).toBe(true);
    expect(r.error.input?.length).toBeLessThanOrEqual(81);
    expect(r.error.message.length).toBeLessThanOrEqual(501);
    expect(r.error.message).not.toMatch(/\p{Cc}/u);
  });
});

describe('PDN: huge inputs are read in bounded time and memory (ours: the bounds of one game)', () => {
  // Each shape once, about 20 MB in all: a deep nest of variations, a huge comment, a million-character tag line,
  // a game of endless moves, endless tag pairs, and junk between games.
  it.each([
    ['variations nested without end', `${INTL}1. 32-28 ${'('.repeat(6 * MB)} *`, ['pdn/too-deep']],
    ['a 6 MB comment', `${INTL}1. 32-28 {${'c'.repeat(6 * MB)}} *`, []],
    ['a million-character tag value', `[Event "${'v'.repeat(MB)}"]\n${INTL}1. 32-28 *`, []],
    ['endless moves', `${INTL}${'1. 32-28 19-23 '.repeat(200_000)}`, ['pdn/too-long']],
    ['endless tag pairs', `${'[Event "x"]\n'.repeat(3 * MAX_GAME_TAGS)}1. 32-28 *`, ['pdn/too-many-tags']],
    ['3 MB of junk', 'junk line\n'.repeat(300_000), []],
  ])('%s', (_name, text, expected) => {
    const started = Date.now();
    const before = process.memoryUsage().heapUsed;
    const { codes } = readAll(text);
    for (const c of expected) expect(codes).toContain(c);
    expect(codes.filter((c) => !expected.includes(c))).toEqual([]);
    // Generous for a shared machine: each takes well under a second alone.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(300 * MB);
  });

  it('the bounds are far above real games', () => {
    expect(MAX_GAME_TOKENS).toBeGreaterThanOrEqual(10_000);
    expect(MAX_VARIATION_DEPTH).toBeGreaterThanOrEqual(100);
    // A game of 600 moves and comments, variations 50 deep: read whole.
    const long = `${INTL}${'1. 32-28 19-23 2. 28-32 23-19 '.repeat(150)}${'( 1. 33-28 '.repeat(50)}${')'.repeat(50)} *`;
    const [r] = readPdn(long);
    expect(r?.ok ? 'ok' : r?.error.code).toBe('pdn/illegal-move');
  });

  it('games are handed out one by one: the first before the rest of the text is made into games', () => {
    const text = `${INTL}1. 32-28 19-23 2. 28x19 14x23 *\n`.repeat(10_000);
    const started = performance.now();
    const games = iteratePdn(text);
    expect(games.next().done).toBe(false);
    const first = performance.now() - started;
    let n = 1;
    for (const r of games) if (r.ok) n++;
    const all = performance.now() - started;
    expect(n).toBe(10_000);
    // Made all at once, the first game would come after the whole text was lexed: a large part of the time.
    expect(first).toBeLessThan(all / 10);
  });
});

describe('PDN read in pieces (a big file a block at a time) gives what the whole text gives', () => {
  function* piecesOf(text: string, sizes: () => number): Generator<string> {
    for (let i = 0; i < text.length;) {
      const n = sizes();
      yield text.slice(i, i + n);
      i += n;
    }
  }

  it('the same games and errors, with the same numbers, lines and columns, cut anywhere', () => {
    const rng = createRng('pieces');
    const samples = [
      samplePdn(),
      `${INTL}1. 32-28 {a comment\nover [two] lines} 19-23 *\r\n\r\n[GameType "21"]\r\n1. 22-18 *\r\n`,
      `junk\n%escape [x]\n${INTL}1. 32-28 (19-23 (18-22)) 17-21 2-0 {after} 1. 33-28 *\n[Bad\n${INTL}1. 32-28 *`,
      `${INTL}1. 32-28 {never closed\n${INTL}1. 31-26 *`,
    ];
    let compared = 0;
    for (const text of fuzzInputs(samples, { seed: 'pieces', count: 100, noHuge: true })) {
      const whole = [...iteratePdn(text, { defaultVariant: 'international' })];
      for (const max of [2, 64]) {
        const cut = [
          ...iteratePdnPieces(
            piecesOf(text, () => 1 + rng.int(max)),
            { defaultVariant: 'international' },
          ),
        ];
        expect(cut).toEqual(whole);
        compared++;
      }
    }
    expect(compared).toBe(2 * (100 + 3 + 4 * 4));
  });
});
