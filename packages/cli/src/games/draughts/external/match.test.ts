import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { draughtsGame, parsePdn, playingOn, type DraughtsMove, type DraughtsState } from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import { within } from '../../../testing.js';
import { dxpClock, type ExternalEngine } from './engines.js';
import {
  ourKnowledgeLine,
  ourSearchLine,
  parseExternalMatchArgs,
  runExternalMatch,
  type ExternalMatchOptions,
  type MatchEnvironment,
  type OurSide,
} from './match.js';

// The external engines here are Tactica itself run as another process (`tactica hub`, `tactica dxp`, and a small
// CheckerBoard-protocol host over the built engine), and scripted engines for the referee's rules.

const root = fileURLToPath(new URL('../../../../../../', import.meta.url));
const bin = join(root, 'packages/cli/bin/tactica.js');
/** A quiet machine, whatever the one running the tests reads: the load check has its own tests. */
const quiet: MatchEnvironment = { load: () => 0 };

/** The games of a test go to a file of its own, never into bench/results/. */
function scratchPdn(): string {
  return join(mkdtempSync(join(tmpdir(), 'tactica-match-pdn-')), 'games.pdn');
}

function options(over: Partial<ExternalMatchOptions>): ExternalMatchOptions {
  const o = parseExternalMatchArgs(['--protocol', 'hub', '--engine', 'x']);
  if (!o.ok) throw new Error(o.error.message);
  return { ...o.value, pdn: scratchPdn(), ...over };
}

/** Our side for the referee tests: the first legal move (or a scripted one), at once. */
function scriptedSide(
  pick: (s: DraughtsState, legal: readonly DraughtsMove[]) => DraughtsMove,
  rules: 'international' | 'english' = 'international',
): OurSide {
  const game = draughtsGame(rules);
  return {
    move: (s) => Promise.resolve(pick(s, game.legalMoves(s))),
    close: () => Promise.resolve(),
  };
}

/** The first legal International move's text, as an engine writes it (`12x23x18`, `32-28`). */
function firstLegalText(s: DraughtsState): string {
  const m = draughtsGame('international').legalMoves(s)[0] as DraughtsMove;
  return `${m.from}${m.captures.length > 0 ? 'x' : '-'}${m.to}${m.captures.map((c) => `x${c}`).join('')}`;
}

/** An engine that answers by a script, in-process. */
function scriptedEngine(answer: (s: DraughtsState) => string | undefined): ExternalEngine {
  return {
    name: 'Scripted',
    newGame: () => Promise.resolve(),
    think: (g) => {
      const text = answer(g.current);
      return Promise.resolve(text === undefined ? { kind: 'none', reason: 'no answer' } : { kind: 'move', text });
    },
    told: () => undefined,
    endGame: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

describe('the command line of match:external', () => {
  it('reads the options with their defaults per variant and protocol', () => {
    const cb = parseExternalMatchArgs(['--engine', 'host cake.so', '--protocol', 'cb']);
    expect(cb.ok && cb.value).toMatchObject({
      variant: 'english',
      from: 1,
      seconds: 0.3,
      maxPlies: 300,
      threads: 1,
      maxLoad: 1,
      force: false,
      record: false,
    });
    expect(cb.ok && cb.value.openings).toBeUndefined();
    expect(cb.ok && cb.value.games).toBeUndefined();
    const hub = parseExternalMatchArgs(['--engine', 'scan hub', '--protocol', 'hub', '--games', '40', '--time', '1']);
    expect(hub.ok && hub.value).toMatchObject({ variant: 'international', seconds: 1, games: 40 });
    expect(hub.ok && hub.value.commandLine).toBe(
      "npm run match:external -- --engine 'scan hub' --protocol hub --games 40 --time 1",
    );
    const slice = parseExternalMatchArgs(['--engine', 'x', '--protocol', 'cb', '--from', '11', '--count', '5']);
    expect(slice.ok && slice.value).toMatchObject({ from: 11, count: 5 });
    const load = parseExternalMatchArgs(['--engine', 'x', '--protocol', 'cb', '--max-load', '2.5', '--force']);
    expect(load.ok && load.value).toMatchObject({ maxLoad: 2.5, force: true });
    expect(cb.ok && cb.value.noBook).toBeUndefined();
    const noBook = parseExternalMatchArgs(['--engine', 'host cake.so', '--protocol', 'cb', '--no-book']);
    expect(noBook.ok && noBook.value.noBook).toBe(true);
    const one = parseExternalMatchArgs(['--engine', 'host cake.so', '--protocol', 'cb', '--threads', '1']);
    expect(one.ok && one.value.threads).toBe(1);
    expect(parseExternalMatchArgs(['--engine', 'x', '--protocol', 'cb', '--threads', '0']).ok).toBe(false);
  });

  it('refuses a bad option with a coded error naming it', () => {
    const cases: [string[], RegExp][] = [
      [['--protocol', 'uci', '--engine', 'x'], /--protocol/],
      [['--protocol', 'hub'], /--engine/],
      [['--protocol', 'hub', '--engine', 'x', '--games', '0'], /--games/],
      [['--protocol', 'hub', '--engine', 'x', '--time', '-1'], /--time/],
      [['--protocol', 'hub', '--engine', 'x', '--openings', 'random'], /--openings: a set file/],
      [['--protocol', 'hub', '--engine', 'x', '--from', '0'], /--from/],
      [['--protocol', 'hub', '--engine', 'x', '--count', 'all'], /--count/],
      [['--protocol', 'hub', '--engine', 'x', '--max-load', '-1'], /--max-load/],
      [['--protocol', 'hub', '--engine', 'x', '--param', 'threads=2'], /--param: the threads are set by --threads/],
      [['--protocol', 'hub', '--engine', 'x', '--level', 'godlike'], /--level/],
      [['--protocol', 'hub', '--engine', 'x', '--param', 'oops'], /--param/],
      [['--protocol', 'hub', '--engine', 'x', '--bogus'], /bogus/],
    ];
    for (const [argv, pattern] of cases) {
      const r = parseExternalMatchArgs(argv);
      expect(r.ok, argv.join(' ')).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('match/bad-option');
        expect(r.error.message).toMatch(pattern);
      }
    }
  });

  it('DXP: the clock is about 60 moves at the time a move, whole minutes, and the move limit is the ply cap', () => {
    expect(dxpClock(1000, 300)).toEqual({ minutes: 1, moves: 150 });
    expect(dxpClock(300, 300)).toEqual({ minutes: 1, moves: 150 });
    expect(dxpClock(5000, 200)).toEqual({ minutes: 5, moves: 100 });
    expect(dxpClock(1000, 5000, 3)).toEqual({ minutes: 3, moves: 999 });
    const o = parseExternalMatchArgs(['--protocol', 'dxp', '--dxp-minutes', '2']);
    expect(o.ok && o.value.dxpMinutes).toBe(2);
    expect(parseExternalMatchArgs(['--protocol', 'dxp', '--dxp-minutes', '0']).ok).toBe(false);
  });

  it('Russian defaults to cb; hub and dxp play International only', () => {
    const russian = parseExternalMatchArgs(['--engine', 'host kestog.so', '--protocol', 'cb', '--variant', 'russian']);
    expect(russian.ok && russian.value).toMatchObject({ variant: 'russian', seconds: 0.3 });
    expect(parseExternalMatchArgs(['--engine', 'x', '--protocol', 'cb', '--variant', 'international']).ok).toBe(false);
    expect(parseExternalMatchArgs(['--engine', 'x', '--protocol', 'hub', '--variant', 'russian']).ok).toBe(false);
  });
});

describe("the record of our engine's knowledge", () => {
  it('says whether the book is on and which endgame databases the folder holds for the rule set played', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tactica-match-egdb-'));
    // Only the names count: slices of 2 to 4 pieces, two of them with their distances, and another rule set's.
    for (const f of ['0101', '0201', '0202', '2020'].map((m) => `international-${m}.egdb`))
      writeFileSync(join(dir, f), '');
    for (const f of ['international-0101.dtc', 'international-0202.dtc', 'english-0303.egdb'])
      writeFileSync(join(dir, f), '');
    expect(ourKnowledgeLine({ level: 'master', variant: 'international' }, dir)).toBe(
      `knowledge: Tactica's opening book on; endgame databases 2–4 pieces, 4 slices (2 with distances) in ${dir}`,
    );
    expect(ourKnowledgeLine({ level: 'master', variant: 'russian', noBook: true }, dir)).toBe(
      `knowledge: Tactica's opening book off (--no-book); endgame databases none in ${dir}`,
    );
    expect(ourKnowledgeLine({ level: 'master', variant: 'english' }, false)).toBe(
      "knowledge: Tactica's opening book on; endgame databases off (TACTICA_EGDB=off)",
    );
    expect(ourKnowledgeLine({ level: 'novice', variant: 'english' }, join(dir, 'missing'))).toBe(
      `knowledge: Tactica's opening book off (level novice plays none); endgame databases none in ${join(dir, 'missing')}`,
    );
  });
});

describe('the referee', () => {
  // Kings only: White on 46 and 50, Black on 1 and 5 would capture along the long diagonal; these squares do not.
  const kings = 'W:WK47,K50:BK1,K3';

  it('an engine move our rules refuse loses the game, and so does no answer', async () => {
    const lines: string[] = [];
    const illegal = await runExternalMatch(options({ games: 2, maxPlies: 50 }), (l) => lines.push(l), {
      ...quiet,
      engine: scriptedEngine(() => '1-5'),
      ours: scriptedSide((_, legal) => legal[0] as DraughtsMove),
    });
    expect(illegal.map((g) => g.points)).toEqual([1, 1]);
    expect(illegal[0]?.reason).toMatch(/Scripted played 1-5: .*not legal/);
    const silent = await runExternalMatch(options({ games: 1 }), () => undefined, {
      ...quiet,
      engine: scriptedEngine(() => undefined),
      ours: scriptedSide((_, legal) => legal[0] as DraughtsMove),
    });
    expect(silent[0]).toMatchObject({ points: 1, reason: 'Scripted gave no move: no answer' });
    const result = lines.find((l) => l.startsWith('Tactica master vs'));
    expect(result).toMatch(/^Tactica master vs Scripted: \+2 =0 -0, score 100\.0%, Elo \+∞/);
    // Each side's wall time a move ends the result line: Tactica moved in the first games, the engine in all.
    expect(result).toMatch(/; a move: Tactica \d+\.\d\d s, Scripted \d+\.\d\d s$/);
  });

  it('the third occurrence of a position draws; the ply cap adjudicates a draw', async () => {
    const game = draughtsGame('international');
    // Both sides shuttle a king between two squares.
    const shuttle = (s: DraughtsState, pairs: [number, number][]): DraughtsMove => {
      const legal = game.legalMoves(s);
      for (const [a, b] of pairs) {
        const m = legal.find((x) => (x.from === a && x.to === b) || (x.from === b && x.to === a));
        if (m) return m;
      }
      return legal[0] as DraughtsMove;
    };
    const hubText = (m: DraughtsMove): string => `${m.from}-${m.to}`;
    const repeated = await runExternalMatch(options({ games: 1, fen: kings }), () => undefined, {
      ...quiet,
      engine: scriptedEngine((s) =>
        hubText(
          shuttle(s, [
            [1, 6],
            [3, 8],
          ]),
        ),
      ),
      ours: scriptedSide((s) =>
        shuttle(s, [
          [50, 44],
          [47, 41],
        ]),
      ),
    });
    expect(repeated[0]).toMatchObject({ points: 0.5, reason: 'third repetition', plies: 8 });
    const capped = await runExternalMatch(options({ games: 1, fen: kings, maxPlies: 6 }), () => undefined, {
      ...quiet,
      engine: scriptedEngine((s) =>
        hubText(
          shuttle(s, [
            [1, 6],
            [3, 8],
          ]),
        ),
      ),
      ours: scriptedSide((s) =>
        shuttle(s, [
          [50, 44],
          [47, 41],
        ]),
      ),
    });
    expect(capped[0]).toMatchObject({ points: 0.5, reason: 'ply cap 6', plies: 6 });
  });

  it('an engine ending the game as drawn is believed after 25 moves of kings alone or once our counter drew', async () => {
    const game = draughtsGame('international');
    // King against king, both sides wandering by one seeded sequence without giving a capture: our move counter
    // (manual 2.4) draws it at ply 70, before any position comes round a third time.
    let x = 1;
    const rnd = (): number => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x / 2147483648;
    };
    const wander = (s: DraughtsState): DraughtsMove => {
      const legal = game.legalMoves(s);
      const safe = legal.filter((m) => !game.legalMoves(playingOn(game.play(s, m))).some((r) => r.captures.length));
      const choice = safe.length > 0 ? safe : legal;
      return choice[Math.floor(rnd() * choice.length)] as DraughtsMove;
    };
    let claimFrom = 0;
    let games = 0;
    const claimer: ExternalEngine = {
      name: 'Claimer',
      newGame: () => {
        // Game 1: it claims on its first turn from ply 52 (25 moves of kings each); game 2: at once; game 3: after our counter's draw.
        claimFrom = [52, 0, 72][games++] ?? 0;
        return Promise.resolve();
      },
      think: (g) => {
        if (g.moves.length >= claimFrom)
          return Promise.resolve({ kind: 'none', reason: 'it ended the game as drawn', claim: 'draw' });
        const m = wander(g.current);
        return Promise.resolve({ kind: 'move', text: `${m.from}-${m.to}` });
      },
      told: () => undefined,
      endGame: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
    const r = await runExternalMatch(options({ games: 3, fen: 'W:WK50:BK1' }), () => undefined, {
      ...quiet,
      engine: claimer,
      ours: { move: (s) => Promise.resolve(wander(s)), close: () => Promise.resolve() },
    });
    expect(r[0]).toMatchObject({
      points: 0.5,
      plies: 53,
      reason: 'Claimer ended the game as drawn: 25 moves of kings alone without a capture (FMJD)',
    });
    expect(r[1]).toMatchObject({ points: 1, reason: 'Claimer gave no move: it ended the game as drawn' });
    expect(r[2]).toMatchObject({
      points: 0.5,
      reason: 'Claimer ended the game as drawn; our rules had drawn it (move-limit)',
    });
  });

  it('our engine is asked without our move counter, which the referee does not apply', async () => {
    const asked: DraughtsState[] = [];
    const r = await runExternalMatch(options({ games: 1, maxPlies: 60, fen: kings }), () => undefined, {
      ...quiet,
      engine: scriptedEngine((s) => {
        const m = draughtsGame('international').legalMoves(s)[0] as DraughtsMove;
        return `${m.from}-${m.to}`;
      }),
      ours: scriptedSide((s, legal) => {
        asked.push(s);
        return legal[0] as DraughtsMove;
      }),
    });
    expect(r[0]?.reason).toMatch(/third repetition|ply cap/);
    expect(asked.length).toBeGreaterThan(3);
    expect(asked.every((s) => s.inactive === 0 && s.stage2Left < 0)).toBe(true);
  });

  it('every game is saved as it ends: a match that breaks off keeps the games it played', async () => {
    const pdn = scratchPdn();
    let games = 0;
    const engine: ExternalEngine = {
      ...scriptedEngine(firstLegalText),
      newGame: () => (games++ === 0 ? Promise.resolve() : Promise.reject(new Error('the engine went away'))),
    };
    const run = runExternalMatch(options({ games: 2, maxPlies: 10, pdn }), () => undefined, {
      ...quiet,
      engine,
      ours: scriptedSide((_, legal) => legal[0] as DraughtsMove),
    });
    await expect(run).rejects.toThrow('the engine went away');
    const read = parsePdn(readFileSync(pdn, 'utf8'));
    expect(read.ok && read.value.map((g) => g.tags.find((t) => t.name === 'Round')?.value)).toEqual(['1']);
  });

  it("the engine's threads its own configuration sets (--engine-threads) are stated, and equal or not said", async () => {
    const threadsLine = async (over: Partial<ExternalMatchOptions>, engineSays?: string): Promise<string> => {
      const lines: string[] = [];
      const engine = {
        ...scriptedEngine(firstLegalText),
        ...(engineSays !== undefined ? { threads: engineSays } : {}),
      };
      const ours = scriptedSide((_, legal) => legal[0] as DraughtsMove);
      await runExternalMatch(options({ games: 1, maxPlies: 4, ...over }), (l) => lines.push(l), {
        ...quiet,
        engine,
        ours,
      });
      return lines.find((l) => l.startsWith('threads: ')) ?? '';
    };
    const dxp = 'not set: DXP has no thread setting';
    expect(await threadsLine({ engineThreads: 1 }, dxp)).toBe(
      `threads: Tactica 1, Scripted 1 (its own configuration, as --engine-threads states; ${dxp}); equal`,
    );
    expect(await threadsLine({ engineThreads: 2 }, dxp)).toMatch(/Scripted 2 \(.*\); unequal$/);
    expect(await threadsLine({}, dxp)).toBe(`threads: Tactica 1, Scripted ${dxp}`);
    expect(await threadsLine({}, '1 (its Hub parameter threads)')).toMatch(/; equal$/);
    const hub = parseExternalMatchArgs(['--protocol', 'hub', '--engine', 'x', '--engine-threads', '1']);
    expect(!hub.ok && hub.error.message).toMatch(/--engine-threads: hub sets/);
    const cb = parseExternalMatchArgs(['--protocol', 'cb', '--engine', 'x', '--engine-threads', '1']);
    expect(cb.ok && cb.value.engineThreads).toBe(1);
  });

  it("our side's search depth and speed are reported over its searched moves, book moves left out", async () => {
    const lines: string[] = [];
    let n = 0;
    const ours: OurSide = {
      ...scriptedSide((_, legal) => legal[0] as DraughtsMove),
      // Every other move a search to depth 12, the others from the book (no search).
      lastSearch: () => (n++ % 2 === 0 ? { depth: 12, nodes: 1000 } : undefined),
    };
    const engine = scriptedEngine(firstLegalText);
    const pdn = scratchPdn();
    await runExternalMatch(options({ games: 1, maxPlies: 8, pdn }), (l) => lines.push(l), { ...quiet, engine, ours });
    expect(lines.find((l) => l.startsWith('search: '))).toMatch(
      /^search: Tactica depth 12\.0 on average \(2 searched moves\)/,
    );
    const read = parsePdn(readFileSync(pdn, 'utf8'));
    expect(read.ok && read.value[0]?.tags.find((t) => t.name === 'TacticaSearch')?.value).toMatch(/^depth 12\.0/);
    // The code that played, read once before the first game (what a summary of several files lists).
    expect(read.ok && read.value[0]?.tags.find((t) => t.name === 'TacticaCommit')?.value).toMatch(
      /^(?:[0-9a-f]{10}(?: \(with uncommitted changes\))?|unknown)$/,
    );
    expect(ourSearchLine([{ ourSearches: 2, ourDepthSum: 30, ourNodes: 2_000_000, ourSearchMs: 1000 }])).toEqual([
      'search: Tactica depth 15.0 on average (2 searched moves), 2000 k positions a second',
    ]);
    expect(ourSearchLine([{ ourSearches: 0, ourDepthSum: 0, ourNodes: 0, ourSearchMs: 0 }])).toEqual([]);
  });

  it('a side left without a move loses', async () => {
    // Black's only man is taken by White's first move: the engine (Black in game 1) is left without a move.
    const game = draughtsGame('international');
    const first = (s: DraughtsState): string => {
      const m = game.legalMoves(s)[0] as DraughtsMove;
      return [m.from, m.to, ...m.captures].join(m.captures.length > 0 ? 'x' : '-');
    };
    const r = await runExternalMatch(options({ games: 2, fen: 'W:W28:B23' }), () => undefined, {
      ...quiet,
      engine: scriptedEngine(first),
      ours: scriptedSide((_, legal) => legal[0] as DraughtsMove),
    });
    expect(r[0]).toMatchObject({ points: 1, reason: 'no move', plies: 1 });
    // Game 2: the engine is White and takes first.
    expect(r[1]).toMatchObject({ points: 0 });
  });
});

describe('match:external against Tactica run as an external engine', () => {
  it('hub: tactica hub as the engine at one thread each; the PDN replays with the conditions as tags', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tactica-match-'));
    const pdn = join(dir, 'games.pdn');
    const lines: string[] = [];
    const o = parseExternalMatchArgs([
      '--engine',
      `"${process.execPath}" "${bin}" hub`,
      '--protocol',
      'hub',
      '--param',
      'level=dumb',
      '--level',
      'novice',
      '--games',
      '2',
      '--time',
      '0.05',
      '--max-plies',
      '60',
      '--pdn',
      pdn,
    ]);
    expect(o.ok).toBe(true);
    if (!o.ok) return;
    const games = await within(
      runExternalMatch(o.value, (l) => lines.push(l), quiet),
      'a two-game Hub match',
      60_000,
    );
    // The first opening of the default International set, both colours.
    const opening = /^game 1: (I001 \(.+\)); Tactica Black: Tactica (wins|draws|loses) \(.+\), \d+ plies$/.exec(
      lines[0] ?? '',
    );
    expect(opening).not.toBeNull();
    expect(lines[1]).toMatch(/^game 2: I001 \(.+\); Tactica White: /);
    // One pair only: the interval comes from the two games.
    expect(lines[2]).toMatch(
      /^Tactica novice vs Tactica: \+\d+ =\d+ -\d+, score .+, trinomial over 2 games\); a move: /,
    );
    // The pair's count, so that slices add up even without their games.
    expect(lines[3]).toMatch(/^pairs by Tactica's points of 2: 0 ×[01], ½ ×[01], 1 ×[01], 1½ ×[01], 2 ×[01]$/);
    // Both sides at one thread: ours by the engine's option, the Hub engine's by its `threads` parameter.
    expect(lines[4]).toBe('threads: Tactica 1, Tactica 1 (its Hub parameter threads); equal');
    expect(lines[5]).toMatch(/^search: Tactica depth \d+\.\d on average \(\d+ searched moves\)/);
    // What our engine knows beside its search: the novice level plays no book.
    expect(lines[6]).toMatch(/^knowledge: Tactica's opening book off \(level novice plays none\); endgame databases /);
    expect(lines[7]).toMatch(/^load: quiet, 0 of 2 games loaded \(1-minute load 0\.00 at the start, at most 1;/);
    expect(lines[8]).toMatch(/^openings: international: 200 drawn openings .+, openings 1-1 of 200, 2 games, 0\.05 s/);
    expect(lines[9]).toBe(`games: ${pdn}`);
    const read = parsePdn(readFileSync(pdn, 'utf8'));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.map((g) => g.moves.length)).toEqual(games.map((g) => g.plies + 4));
    const tags = (i: number): Record<string, string> =>
      Object.fromEntries((read.value[i]?.tags ?? []).map((t) => [t.name, t.value]));
    expect(tags(0)).toMatchObject({
      Event: 'Tactica external match',
      Round: '1',
      White: 'Tactica novice',
      Black: 'Tactica',
      Opening: opening?.[1],
      OpeningSet: expect.stringMatching(/^international: 200 drawn openings .+, opening 1 of 200$/),
      TimeControl: '0.05 s a move',
      TacticaThreads: '1',
      EngineThreads: '1 (its Hub parameter threads)',
      Load: expect.stringMatching(/^quiet \(highest 0\.00\)$/),
    });
    expect(tags(1)).toMatchObject({ Round: '2', White: 'Tactica', Black: 'Tactica novice' });
  }, 90_000);

  /** A DXP match against `tactica dxp --listen` at the Dumb level, its command after `prefix`; the lines it printed. */
  async function dxpMatch(games: number, maxPlies: number, prefix = ''): Promise<string[]> {
    const port = await freePort();
    const lines: string[] = [];
    const engine = `${prefix}"${process.execPath}" "${bin}" dxp --listen 127.0.0.1:${port} --once --level dumb`;
    const limits = ['--time', '0.05', '--games', String(games), '--max-plies', String(maxPlies), '--pdn', scratchPdn()];
    const o = parseExternalMatchArgs([
      '--engine',
      engine,
      '--protocol',
      'dxp',
      '--port',
      String(port),
      '--level',
      'dumb',
      ...limits,
    ]);
    expect(o.ok).toBe(true);
    if (!o.ok) return lines;
    await within(
      runExternalMatch(o.value, (l) => lines.push(l), quiet),
      `a ${games}-game DXP match`,
      60_000,
    );
    return lines;
  }

  it('dxp: tactica dxp --listen as the engine', async () => {
    const lines = await dxpMatch(2, 60);
    // Two games, the result, the pair's count, threads (DXP cannot set the engine's), our search, our knowledge,
    // load, openings, the PDN's path.
    expect(lines).toHaveLength(10);
    expect(lines[4]).toBe(
      "threads: Tactica 1, Tactica not set: DXP has no thread setting (set it in the engine's own configuration)",
    );
    expect(lines[1]).toMatch(/^game 2: .+; Tactica White: Tactica (wins|draws|loses)/);
  }, 90_000);

  it('dxp: an engine that prints a lot on its stdout is not held up by it (the pipe is drained)', async () => {
    // A megabyte on stdout before the engine starts: far more than a pipe holds, so with nobody reading it the shell
    // blocks before the engine ever listens.
    const lines = await dxpMatch(1, 20, "yes 'a line an engine prints' | head -c 1000000; exec ");
    expect(lines[0]).toMatch(/^game 1: .+; Tactica (White|Black): Tactica (wins|draws|loses)/);
  }, 90_000);

  it('dxp: an engine that exits before it listens (its port still held by the last match) is started again', async () => {
    // The first start exits at once, as Scan 2.0 does when it cannot bind its port yet; the second one plays.
    const marker = join(mkdtempSync(join(tmpdir(), 'tactica-dxp-')), 'started-once');
    const lines = await dxpMatch(1, 20, `test -e ${marker} || { touch ${marker}; exit 1; }; exec `);
    expect(lines[0]).toMatch(/^game 1: .+; Tactica (White|Black): Tactica (wins|draws|loses)/);
  }, 90_000);

  it('dxp: a command the shell cannot run is reported at once, with its exit code', async () => {
    const o = parseExternalMatchArgs([
      ...['--engine', join(tmpdir(), 'no-such-dxp-engine'), '--protocol', 'dxp', '--port', String(await freePort())],
      ...['--games', '1', '--pdn', scratchPdn()],
    ]);
    if (!o.ok) throw new Error(o.error.message);
    const run = runExternalMatch(o.value, () => undefined, quiet);
    await expect(within(run, 'the refusal', 20_000)).rejects.toThrow(
      /cannot reach the DXP engine at 127\.0\.0\.1:\d+: .*\(the engine exited with code 127\)/,
    );
  }, 30_000);

  it('cb: a CheckerBoard-protocol host over the built engine (English from ACF ballots; Russian)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tactica-cb-'));
    const host = join(dir, 'host.mjs');
    writeFileSync(
      host,
      `import { createInterface } from 'node:readline';
import { draughtsGame, formatMove } from ${JSON.stringify(join(root, 'packages/draughts/dist/index.js'))};
import { createDraughtsEngine } from ${JSON.stringify(join(root, 'packages/ai/dist/draughts.js'))};
const game = draughtsGame(process.argv[2] ?? 'english');
const engine = createDraughtsEngine();
for await (const line of createInterface({ input: process.stdin })) {
  const [cmd, fen] = line.split(' ');
  if (cmd === 'name') console.log('name Tactica host');
  else if (cmd === 'new') console.log('ok');
  else if (cmd === 'quit') break;
  else if (cmd === 'move') {
    const s = game.parsePosition(fen);
    const m = engine.choose(s.value, 'dumb', { seed: 1 }).move;
    console.log('move ' + formatMove(s.value.position, m, game.legalMoves(s.value)));
  } else console.log('error unknown command');
}
`,
    );
    const lines: string[] = [];
    const o = parseExternalMatchArgs([
      '--engine',
      `"${process.execPath}" "${host}"`,
      '--protocol',
      'cb',
      '--level',
      'novice',
      '--games',
      '2',
      '--time',
      '0.05',
      '--max-plies',
      '60',
      '--pdn',
      scratchPdn(),
    ]);
    expect(o.ok).toBe(true);
    if (!o.ok) return;
    await within(
      runExternalMatch(o.value, (l) => lines.push(l), quiet),
      'a two-game cb match',
      60_000,
    );
    expect(lines[0]).toMatch(/^game 1: ACF 1 \(9-13 21-17 5-9\); Tactica host Black: Tactica (wins|draws|loses)/);
    expect(lines[2]).toMatch(/^Tactica novice vs Tactica host: \+\d+ =\d+ -\d+/);
    // Russian (KestoG's game): the FEN goes out in algebraic squares, the host answers in numbers.
    const ru = parseExternalMatchArgs([
      '--engine',
      `"${process.execPath}" "${host}" russian`,
      '--protocol',
      'cb',
      '--variant',
      'russian',
      '--level',
      'novice',
      '--games',
      '2',
      '--time',
      '0.05',
      '--max-plies',
      '40',
      '--pdn',
      scratchPdn(),
    ]);
    expect(ru.ok).toBe(true);
    if (!ru.ok) return;
    const russianGames = await within(
      runExternalMatch(ru.value, () => undefined, quiet),
      'a two-game Russian cb match',
      60_000,
    );
    expect(russianGames.every((g) => !/gave no move|played/.test(g.reason))).toBe(true);
    expect(russianGames.every((g) => g.plies > 0)).toBe(true);
  }, 90_000);
});

describe('match:external with a CheckerBoard host that fails', () => {
  it('cb: a host answering "error" loses the game, with its words as the reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tactica-cb-error-'));
    const host = join(dir, 'broken.mjs');
    writeFileSync(
      host,
      `import { createInterface } from 'node:readline';
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'name') console.log('name Broken');
  else if (line === 'new') console.log('ok');
  else if (line === 'quit') break;
  else console.log('error the engine gave an unreadable move');
}
`,
    );
    const o = parseExternalMatchArgs([
      '--engine',
      `"${process.execPath}" "${host}"`,
      '--protocol',
      'cb',
      '--games',
      '2',
      '--pdn',
      scratchPdn(),
    ]);
    expect(o.ok).toBe(true);
    if (!o.ok) return;
    const games = await within(
      runExternalMatch(o.value, () => undefined, {
        ...quiet,
        ours: scriptedSide((_, legal) => legal[0] as DraughtsMove, 'english'),
      }),
      'a two-game cb match against a broken host',
      30_000,
    );
    expect(games.map((g) => g.points)).toEqual([1, 1]);
    expect(games[0]?.reason).toBe('Broken gave no move: it answered: error the engine gave an unreadable move');
  }, 60_000);
});

describe('match:external with a Hub engine that answers late', () => {
  it("hub: the answer to a move that timed out is read after the stop, not as the next game's move", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tactica-hub-late-'));
    const proxy = join(dir, 'late-hub.mjs');
    // tactica hub behind a proxy that holds its first "done" (and all after it, in order) for 2.5 s: a Hub engine
    // that overran the time it was given.
    writeFileSync(
      proxy,
      `import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
const child = spawn(process.execPath, [${JSON.stringify(bin)}, 'hub'], { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
let held = false;
let release = Promise.resolve();
for await (const line of createInterface({ input: child.stdout })) {
  if (!held && line.startsWith('done')) {
    held = true;
    release = new Promise((r) => setTimeout(r, 2500));
  }
  await release;
  console.log(line);
}
`,
    );
    const o = parseExternalMatchArgs([
      '--engine',
      `"${process.execPath}" "${proxy}"`,
      '--protocol',
      'hub',
      '--param',
      'level=dumb',
      '--games',
      '2',
      '--time',
      '0.05',
      '--answer-timeout',
      '1',
      '--max-plies',
      '20',
      '--pdn',
      scratchPdn(),
    ]);
    expect(o.ok).toBe(true);
    if (!o.ok) return;
    const games = await within(
      runExternalMatch(o.value, () => undefined, {
        ...quiet,
        ours: scriptedSide((_, legal) => legal[0] as DraughtsMove),
      }),
      'a two-game Hub match against a late engine',
      60_000,
    );
    expect(games[0]?.reason).toMatch(/gave no move: no answer in 1000 ms/);
    // Game 2 was played with answers to its own positions: the late one was the stop's.
    expect(games[1]?.reason).not.toMatch(/played|gave no move/);
    expect(games[1]?.plies).toBeGreaterThan(1);
  }, 90_000);
});

describe('match:external with a CheckerBoard host that answers late', () => {
  it("cb: an answer that comes after the timeout is not taken as the next game's move", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tactica-cb-late-'));
    const host = join(dir, 'late.mjs');
    const once = join(dir, 'answered-late');
    // The first request ever (marked by a file, as the host is started again) is answered after the timeout with a
    // move no position has, the host blocked meanwhile as an engine thinking is, and for longer than the next game's
    // "new" is waited for (20 s: KestoG 1.1 once thought 49 s at 0.3 s a move); every other one at once with the
    // first legal move.
    writeFileSync(
      host,
      `import { createInterface } from 'node:readline';
import { existsSync, writeFileSync } from 'node:fs';
import { draughtsGame, formatMove } from ${JSON.stringify(join(root, 'packages/draughts/dist/index.js'))};
const game = draughtsGame('english');
for await (const line of createInterface({ input: process.stdin })) {
  const [cmd, fen] = line.split(' ');
  if (cmd === 'name') console.log('name Late');
  else if (cmd === 'new') console.log('ok');
  else if (cmd === 'quit') break;
  else if (!existsSync(${JSON.stringify(once)})) {
    writeFileSync(${JSON.stringify(once)}, '');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 23000);
    console.log('move 1-2');
  } else {
    const s = game.parsePosition(fen).value;
    const legal = game.legalMoves(s);
    console.log('move ' + formatMove(s.position, legal[0], legal));
  }
}
`,
    );
    const o = parseExternalMatchArgs([
      '--engine',
      `"${process.execPath}" "${host}"`,
      '--protocol',
      'cb',
      '--games',
      '2',
      '--time',
      '0.05',
      '--answer-timeout',
      '1',
      '--max-plies',
      '30',
      '--pdn',
      scratchPdn(),
    ]);
    expect(o.ok).toBe(true);
    if (!o.ok) return;
    const games = await within(
      runExternalMatch(o.value, () => undefined, {
        ...quiet,
        ours: scriptedSide((_, legal) => legal[0] as DraughtsMove, 'english'),
      }),
      'a two-game cb match against a late host',
      60_000,
    );
    expect(games[0]?.reason).toBe('Late gave no move: no answer in 1000 ms');
    // The late "1-2" came while the second game was asking: a host started again answered that game instead.
    expect(games[1]?.reason).not.toMatch(/played|gave no move/);
    expect(games[1]?.plies).toBeGreaterThan(1);
  }, 90_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
