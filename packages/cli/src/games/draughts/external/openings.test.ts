import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { acfBallots, draughtsGame } from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPENING_SETS,
  MATCH_VARIANTS,
  allOpenings,
  defaultOpeningSetFile,
  matchSchedule,
  openingText,
  parseOpeningSet,
  readOpeningSet,
  type OpeningSet,
} from './openings.js';

function set(variant: (typeof MATCH_VARIANTS)[number]): OpeningSet {
  const r = readOpeningSet(defaultOpeningSetFile(variant), draughtsGame(variant));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('the fixed opening sets of match:external', () => {
  it('English: the ACF 156-opening deck, every ballot legal, in ACF order, the barred 18 left out', () => {
    const english = set('english');
    const game = draughtsGame('english');
    expect(english.openings).toHaveLength(156);
    expect(english.name).toBe('ACF 156-opening three-move deck');
    expect(english.source).toMatch(/usacheckers\.com/);
    const deck = acfBallots().filter((b) => !b.barred);
    // Each line replays through our English rules (parseOpeningSet refuses any move they refuse) and is the ballot of
    // the ACF's numbered list with that number.
    english.openings.forEach((o, i) => {
      const b = deck[i];
      expect(o.name).toBe(`ACF ${b?.number}`);
      expect(openingText(game, o.moves)).toBe(b?.moves.join(' '));
      expect(o.moves).toHaveLength(3);
    });
    for (const barred of [3, 13, 26, 35, 44, 45, 48, 52, 77, 88, 94, 109, 114, 137, 145, 156, 168, 171])
      expect(english.openings.some((o) => o.name === `ACF ${barred}`)).toBe(false);
  });

  it('English: the whole deck is 312 games, each ballot twice in a row, colours reversed, in the order of the file', () => {
    const english = set('english');
    const games = matchSchedule(english.openings);
    expect(games).toHaveLength(312);
    games.forEach((g, i) => {
      expect(g.index).toBe(i);
      expect(g.openingNumber).toBe(Math.floor(i / 2) + 1);
      expect(g.opening).toBe(english.openings[Math.floor(i / 2)]);
      expect(g.engineSide).toBe(i % 2 === 0 ? 1 : 0);
    });
    expect(games.slice(0, 4).map((g) => g.opening.name)).toEqual(['ACF 1', 'ACF 1', 'ACF 2', 'ACF 2']);
    expect(games.at(-1)?.opening.name).toBe('ACF 174');
  });

  it('International: 200 drawn openings of four plies, all legal and different, with no capture pending', () => {
    const international = set('international');
    const game = draughtsGame('international');
    expect(international.openings).toHaveLength(200);
    expect(international.name).toMatch(/seed issue-42/);
    expect(new Set(international.openings.map((o) => openingText(game, o.moves))).size).toBe(200);
    for (const o of international.openings) {
      expect(o.moves).toHaveLength(4);
      const s = o.moves.reduce((t, m) => game.play(t, m), game.initial());
      expect(
        game.legalMoves(s).some((m) => m.captures.length > 0),
        o.name,
      ).toBe(false);
    }
  });

  it('Russian: every three-ply opening with no capture pending (174), sorted by its text', () => {
    const russian = set('russian');
    const game = draughtsGame('russian');
    const texts = russian.openings.map((o) => openingText(game, o.moves));
    expect(texts).toHaveLength(174);
    expect(texts).toEqual([...texts].sort());
    expect(texts).toEqual(allOpenings(game, 3).map((o) => o.name));
  });

  it('the International and Russian files are what their stated procedure gives (bench/draw-openings.js)', () => {
    const root = fileURLToPath(new URL('../../../../../../', import.meta.url));
    for (const [variant, args] of [
      ['international', ['--count', '200', '--seed', 'issue-42']],
      ['russian', ['--all', '3']],
    ] as const) {
      const r = spawnSync(process.execPath, ['bench/draw-openings.js', '--variant', variant, ...args], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toBe(readFileSync(defaultOpeningSetFile(variant), 'utf8'));
    }
  }, 60_000);

  it('every rule set the tool plays has a default set, and the file names it', () => {
    for (const v of MATCH_VARIANTS) {
      expect(DEFAULT_OPENING_SETS[v]).toMatch(new RegExp(`^${v}-`));
      expect(set(v).variant).toBe(v);
    }
  });
});

describe('reading a set and choosing a slice', () => {
  const game = draughtsGame('english');
  const text = ['# two openings', '[Variant "english"]', '[Set "Two"]', 'A: 11-15 23-19 8-11', 'B: 9-13 21-17 5-9'];

  it('reads tags, comments and openings', () => {
    const r = parseOpeningSet(text.join('\n'), game, 'two.txt');
    expect(r.ok && r.value.name).toBe('Two');
    expect(r.ok && r.value.openings.map((o) => o.name)).toEqual(['A', 'B']);
  });

  it('refuses a move our rules refuse, a repeated opening, another rule set, a stray line, naming the line', () => {
    const cases: [string[], RegExp][] = [
      [[...text, 'C: 11-15 23-19 8-12'], /two\.txt, line 6: C: 8-12/],
      [[...text, 'C: 9-13 21-17 5-9'], /line 6: C repeats an earlier opening/],
      [text.map((l) => l.replace('english', 'russian')), /Variant tag is "russian", the match plays english/],
      [[...text, 'just words'], /line 6: "just words" is neither a tag nor/],
      [text.slice(0, 3), /no openings/],
    ];
    for (const [lines, pattern] of cases) {
      const r = parseOpeningSet(lines.join('\n'), game, 'two.txt');
      expect(r.ok, lines.join(' | ')).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('match/bad-openings');
        expect(r.error.message).toMatch(pattern);
      }
    }
  });

  it('a slice is openings from --from, --count of them, each twice; --games cuts it short', () => {
    const english = set('english');
    const slice = matchSchedule(english.openings, { from: 11, count: 3 });
    expect(slice.map((g) => [g.index, g.openingNumber, g.engineSide])).toEqual([
      [0, 11, 1],
      [1, 11, 0],
      [2, 12, 1],
      [3, 12, 0],
      [4, 13, 1],
      [5, 13, 0],
    ]);
    expect(matchSchedule(english.openings, { from: 11, count: 3, games: 3 })).toHaveLength(3);
    expect(matchSchedule(english.openings, { from: 156 })).toHaveLength(2);
    expect(matchSchedule(english.openings, { from: 157 })).toHaveLength(0);
  });
});
