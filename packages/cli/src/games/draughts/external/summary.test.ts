import { initialPosition, writePdn, type PdnGame, type PdnResult } from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import { matchElo } from './elo.js';
import { formatSummary, matchSummaryMain, summarizeMatches, type MatchFile } from './summary.js';

const SET = 'ACF 156-opening three-move deck';

interface Played {
  readonly opening: number;
  readonly tacticaWhite: boolean;
  /** Tactica's points. */
  readonly points: number;
  readonly time?: string;
  readonly engine?: string;
  readonly load?: string;
  readonly commit?: string;
  readonly search?: string;
}

/** A game as `match:external` writes it (its tags), with no moves: the summary reads tags and the result only. */
function matchGame(p: Played): PdnGame {
  const engine = p.engine ?? 'Cake 1.22';
  const whitePoints = p.tacticaWhite ? p.points : 1 - p.points;
  const result: PdnResult = whitePoints === 1 ? 'white-wins' : whitePoints === 0 ? 'black-wins' : 'draw';
  return {
    variant: 'english',
    giveaway: false,
    tags: [
      { name: 'Event', value: 'Tactica external match' },
      { name: 'White', value: p.tacticaWhite ? 'Tactica master' : engine },
      { name: 'Black', value: p.tacticaWhite ? engine : 'Tactica master' },
      { name: 'OpeningSet', value: `${SET}, opening ${p.opening} of 156` },
      { name: 'TimeControl', value: p.time ?? '0.3 s a move' },
      { name: 'TacticaThreads', value: '1' },
      { name: 'EngineThreads', value: '1 (its own configuration, as --engine-threads states)' },
      { name: 'Load', value: p.load ?? 'quiet (highest 0.98)' },
      ...(p.commit ? [{ name: 'TacticaCommit', value: p.commit }] : []),
      ...(p.search ? [{ name: 'TacticaSearch', value: p.search }] : []),
    ],
    start: initialPosition('english'),
    moves: [],
    comments: [],
    result,
  };
}

const file = (name: string, games: readonly Played[]): MatchFile => ({
  file: name,
  text: writePdn(games.map(matchGame)),
});

/** Both games of an opening, Tactica White first, with Tactica's points in each. */
const pair = (opening: number, asWhite: number, asBlack: number, extra: Partial<Played> = {}): Played[] => [
  { opening, tacticaWhite: false, points: asBlack, ...extra },
  { opening, tacticaWhite: true, points: asWhite, ...extra },
];

describe('match:summary, one figure from several match files', () => {
  it("pairs each opening's two games again across files and counts them as one match would", () => {
    const a = file('a.pdn', [...pair(1, 1, 0.5), ...pair(2, 0.5, 0.5)]);
    const b = file('b.pdn', [...pair(3, 0, 0.5), ...pair(5, 1, 1)]);
    const s = summarizeMatches([a, b]);
    if (!s.ok) throw new Error(s.error.message);
    // The same figure as one run over the pairs, each pair's games together.
    const expected = matchElo([1, 0.5, 0.5, 0.5, 0, 0.5, 1, 1], true);
    expect(s.value.elo).toEqual(expected);
    expect(s.value.elo.model).toBe('pentanomial');
    expect(s.value.elo.samples).toBe(4);
    expect([s.value.elo.wins, s.value.elo.draws, s.value.elo.losses]).toEqual([3, 4, 1]);
    const lines = formatSummary(s.value);
    expect(lines[0]).toBe('Tactica master vs Cake 1.22, english, 0.3 s a move: 8 games from 2 files');
    expect(lines).toContain(`openings: ${SET} (156 openings), openings 1-3, 5`);
    expect(lines).toContain('load: quiet, 0 of 8 games loaded');
    expect(lines).toContain("pairs by Tactica's points of 2: 0 ×0, ½ ×1, 1 ×1, 1½ ×1, 2 ×1");
  });

  it('a game whose pair is missing counts alone, and the interval is then taken game by game', () => {
    const s = summarizeMatches([file('a.pdn', [...pair(1, 1, 0.5), ...pair(2, 0, 0.5), pair(3, 1, 1)[0] as Played])]);
    if (!s.ok) throw new Error(s.error.message);
    expect(s.value.elo.model).toBe('trinomial');
    expect(s.value.elo.samples).toBe(5);
    expect(s.value.elo.score).toBeCloseTo(3 / 5);
  });

  it('games on other terms are refused, naming the term and both games', () => {
    const slow = file('slow.pdn', pair(2, 1, 1, { time: '1 s a move' }));
    const s = summarizeMatches([file('a.pdn', pair(1, 1, 0)), slow]);
    expect(s.ok).toBe(false);
    if (s.ok) return;
    expect(s.error.code).toBe('match/mixed-terms');
    expect(s.error.message).toMatch(/^slow\.pdn, game 1: time a move "1 s a move", where a\.pdn, game 1 has/);
    const other = summarizeMatches([file('a.pdn', pair(1, 1, 0)), file('k.pdn', pair(2, 1, 1, { engine: 'KestoG' }))]);
    expect(!other.ok && other.error.message).toMatch(/opponent "KestoG"/);
  });

  it('a game given twice (a file named twice, a slice played again) is refused', () => {
    const a = file('a.pdn', pair(1, 1, 0));
    const s = summarizeMatches([a, { ...a, file: 'again.pdn' }]);
    expect(!s.ok && s.error.code).toBe('match/repeated-game');
    expect(!s.ok && s.error.message).toMatch(/^again\.pdn, game 1: .*opening 1 of 156 with Tactica Black again/);
  });

  it("what is not a match's game is refused, saying where", () => {
    const cases: [MatchFile, RegExp][] = [
      [{ file: 'empty.pdn', text: '' }, /^empty\.pdn: no game in it/],
      [{ file: 'bad.pdn', text: '[Event "x"]\n1. 99-98 *\n' }, /^bad\.pdn, game 1: /],
      [
        {
          file: 'friendly.pdn',
          text: writePdn([{ ...matchGame(pair(1, 1, 1)[1] as Played), tags: [{ name: 'White', value: 'Ann' }] }]),
        },
        /^friendly\.pdn, game 1: not one of our matches/,
      ],
      [
        {
          file: 'untagged.pdn',
          text: writePdn([
            { ...matchGame(pair(1, 1, 1)[1] as Played), tags: [{ name: 'White', value: 'Tactica master' }] },
          ]),
        },
        /^untagged\.pdn, game 1: no OpeningSet tag/,
      ],
      [
        { file: 'open.pdn', text: writePdn([{ ...matchGame(pair(1, 1, 1)[1] as Played), result: 'unfinished' }]) },
        /^open\.pdn, game 1: the game has no win, loss or draw/,
      ],
    ];
    for (const [f, message] of cases) {
      const s = summarizeMatches([f]);
      expect(s.ok).toBe(false);
      if (s.ok) continue;
      expect(s.error.code).toMatch(/^match\//);
      expect(s.error.message).toMatch(message);
    }
    expect(summarizeMatches([]).ok).toBe(false);
    const lines: string[] = [];
    expect(
      matchSummaryMain(
        [],
        (l) => lines.push(l),
        (l) => lines.push(l),
      ),
    ).toBe(2);
    const empty = cases[0]?.[0] as MatchFile;
    expect(
      matchSummaryMain(
        [empty],
        (l) => lines.push(l),
        (l) => lines.push(l),
      ),
    ).toBe(2);
    expect(lines.at(-1)).toBe('match:summary: match/bad-games: empty.pdn: no game in it');
  });

  it("says which commits played, how many games were loaded, and our search's depth and speed over all moves", () => {
    const a = file(
      'a.pdn',
      pair(1, 1, 0.5, {
        commit: 'aaaaaaaaaa',
        search: 'depth 20.0 on average (10 searched moves), 4000 k positions a second',
      }),
    );
    const b = file('b.pdn', [
      ...pair(2, 0.5, 0.5, {
        commit: 'bbbbbbbbbb',
        load: 'loaded (highest 2.50)',
        search: 'depth 26.0 on average (30 searched moves), 6000 k positions a second',
      }),
    ]);
    const old = file('old.pdn', pair(3, 0.5, 0.5));
    const s = summarizeMatches([a, b, old]);
    if (!s.ok) throw new Error(s.error.message);
    expect(s.value.commits).toEqual(['aaaaaaaaaa', 'bbbbbbbbbb', undefined]);
    expect(s.value.loaded).toBe(2);
    // Four games of 10 and 30 searched moves: (2·10·20 + 2·30·26) / 80.
    expect(s.value.search?.depth).toBeCloseTo(24.5);
    expect(s.value.search?.moves).toBe(80);
    const lines = formatSummary(s.value);
    expect(lines).toContain('load: loaded, 2 of 6 games loaded');
    expect(lines).toContain('search: Tactica depth 24.5 on average (80 searched moves), 5500 k positions a second');
    expect(lines.at(-1)).toBe('commits: aaaaaaaaaa, bbbbbbbbbb, not tagged (before TacticaCommit)');
    expect(s.value.terms.variant).toBe('english');
  });
});
