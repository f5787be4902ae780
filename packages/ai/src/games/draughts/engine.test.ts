import { unwrap } from '@tactica/core';
import {
  allDraughtsGames,
  DraughtsSearchPosition,
  draughtsGame,
  parseDiagram,
  sameMove,
  type DraughtsGame,
  type DraughtsMove,
  type DraughtsState,
  type VariantId,
} from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import { Searcher } from '../../search.js';
import { WIN_BOUND } from '../../search-position.js';
import { DRAUGHTS_CHECKS } from './checks.js';
import { DraughtsDeepSearcher } from './deep-search.js';
import { DraughtsSearcher } from './search.js';
import { createDraughtsEngine, DRAUGHTS_LEVELS, draughtsEngine, immediateResults } from './engine.js';

function gameOf(family: string): DraughtsGame {
  return draughtsGame(family.replace(/-giveaway$/, '') as VariantId, { giveaway: family.endsWith('-giveaway') });
}

function stateOf(game: DraughtsGame, fen: string): DraughtsState {
  return unwrap(game.parsePosition(fen));
}

// The checks below use only the public game contract, independently of the engine's own look at the game's end.

/** The mover has won (the game is over in his favour). */
function wonBy(game: DraughtsGame, s: DraughtsState, mover: number): boolean {
  const o = game.outcome(s);
  return o !== undefined && o.kind === 'win' && o.winner === mover;
}

/**
 * Moves that win at once: the opponent cannot move (normal), or, in give-away, every reply leaves the mover without
 * a move (manual 3.2.2: the side left without a move wins).
 */
function winningMoves(game: DraughtsGame, s: DraughtsState): DraughtsMove[] {
  const me = s.position.turn;
  return game.legalMoves(s).filter((m) => {
    const after = game.play(s, m);
    if (!game.giveaway) return wonBy(game, after, me);
    if (game.outcome(after)) return false;
    return game.legalMoves(after).every((r) => wonBy(game, game.play(after, r), me));
  });
}

/** Moves after which the opponent has no winning move of his own. */
function defendingMoves(game: DraughtsGame, s: DraughtsState): DraughtsMove[] {
  const me = s.position.turn;
  return game.legalMoves(s).filter((m) => {
    const after = game.play(s, m);
    if (game.outcome(after)) return !wonBy(game, after, 1 - me);
    return winningMoves(game, after).length === 0;
  });
}

const names = (game: DraughtsGame, s: DraughtsState, moves: readonly DraughtsMove[]): string[] =>
  moves.map((m) => game.formatMove(s, m)).sort();

/*
 * Hand-made checks (English; White at the bottom, men move up; rows list the playable squares from White's left).
 *
 * Win by blocking: White's king steps to 32 and Black's last man, on 28, can no longer move.
 *     .   .   .   .
 *   .   .   .   .
 *     .   .   .   .
 *   .   .   .   .
 *     .   .   .   .
 *   .   .   .   .
 *     .   .   W   b        27 = W, 28 = b
 *   .   .   .   .
 *
 * Defence: Black's king on 15 would take White's last man if it stayed within reach; only 22-17 escapes.
 *     .   .   .   .
 *   .   .   .   .
 *     .   .   .   .
 *   .   .   B   .          15 = B
 *     .   .   .   .
 *   .   w   .   .          22 = w
 *     .   .   .   .
 *   .   .   .   .
 */
const HAND_MADE: readonly {
  name: string;
  family: string;
  kind: 'win' | 'defend';
  diagram: string;
  turn: 0 | 1;
  moves: string[];
}[] = [
  {
    name: 'English: a king blocks the last man',
    family: 'english',
    kind: 'win',
    turn: 0,
    moves: ['27-32'],
    diagram: `
      . . . .
      . . . .
      . . . .
      . . . .
      . . . .
      . . . .
      . . W b
      . . . .`,
  },
  {
    name: "English: the last man steps out of the king's reach",
    family: 'english',
    kind: 'defend',
    turn: 0,
    moves: ['22-17'],
    diagram: `
      . . . .
      . . . .
      . . . .
      . . B .
      . . . .
      . w . .
      . . . .
      . . . .`,
  },
];

describe('Draughts levels (manual 3.2.2)', () => {
  it("are the manual's five skills in rising strength, then Master", () => {
    expect(DRAUGHTS_LEVELS.map((l) => l.name)).toEqual(['Dumb', 'Novice', 'Average', 'Good', 'Smart', 'Master']);
    expect(draughtsEngine.levels.map((l) => l.id)).toEqual(['dumb', 'novice', 'average', 'good', 'smart', 'master']);
    // Every level above the lowest checks its choice against wins and losses in one move.
    expect(DRAUGHTS_LEVELS.slice(1).every((l) => l.safe)).toBe(true);
    // Stronger levels never search less.
    const budget = (l: (typeof DRAUGHTS_LEVELS)[number]): number => l.nodes ?? 10 ** l.depth;
    for (let i = 2; i < DRAUGHTS_LEVELS.length; i++) {
      expect(budget(DRAUGHTS_LEVELS[i]!)).toBeGreaterThan(budget(DRAUGHTS_LEVELS[i - 1]!));
    }
  });

  it('every level plays a legal move in all 14 games, the same one again for the same seed', () => {
    const engine = createDraughtsEngine();
    for (const game of allDraughtsGames()) {
      let s = game.initial();
      // A few plies in, so that the levels meet a position that is not the start.
      for (let k = 0; k < 3; k++) s = game.play(s, game.legalMoves(s)[k % game.legalMoves(s).length]!);
      for (const level of ['dumb', 'novice', 'average', 'good']) {
        const a = engine.choose(s, level, { seed: 11 }).move;
        expect(game.legalMoves(s).some((m) => sameMove(m, a))).toBe(true);
        expect(sameMove(engine.choose(s, level, { seed: 11 }).move, a)).toBe(true);
      }
    }
  });

  it("hashMb bounds every level's search table, and Master plays on with the smaller one", () => {
    const engine = createDraughtsEngine({ hashMb: 1, threads: 1 });
    // 1 MB: 2^14 buckets of 64 bytes, where Master's own table is 2^19 (32 MB); the small levels' stay as they are.
    expect(engine.levels.map((l) => (l as (typeof DRAUGHTS_LEVELS)[number]).ttLog2)).toEqual(
      DRAUGHTS_LEVELS.map((l) => Math.min(l.ttLog2, 14)),
    );
    const game = draughtsGame('international');
    let s = game.initial();
    for (let k = 0; k < 6; k++) s = game.play(s, game.legalMoves(s)[k % game.legalMoves(s).length]!);
    const m = engine.choose(s, 'master', { seed: 1 }).move;
    expect(game.legalMoves(s).some((x) => sameMove(x, m))).toBe(true);
  });

  it('Smart and Master are deterministic: the same move, score and node count from the same state', () => {
    const game = draughtsGame('international');
    const s = game.initial();
    for (const level of ['smart', 'master']) {
      const a = draughtsEngine.choose(s, level, { seed: 1 });
      const b = createDraughtsEngine().choose(s, level, { seed: 2 });
      expect(sameMove(a.move, b.move)).toBe(true);
      expect([a.score, a.nodes, a.depth]).toEqual([b.score, b.nodes, b.depth]);
    }
  });

  it("Master plays the deep search; the manual's levels keep the classic searcher (the same search as it)", () => {
    const s = draughtsGame('international').initial();
    const search = (level: string, kind: 'classic' | 'deep'): [number, number, number] => {
      const l = DRAUGHTS_LEVELS.find((x) => x.id === level)!;
      const sp = new DraughtsSearchPosition(s);
      const limits = { depth: l.depth, ...(l.nodes !== undefined ? { nodes: l.nodes } : {}) };
      const r =
        kind === 'deep'
          ? new DraughtsDeepSearcher({ ttLog2: l.ttLog2 }).search(sp, limits)
          : new DraughtsSearcher({ ttLog2: l.ttLog2 }).search(sp, limits);
      return [r.nodes, r.depth, r.score];
    };
    expect(DRAUGHTS_LEVELS.filter((l) => l.search === 'deep').map((l) => l.id)).toEqual(['master']);
    for (const level of ['average', 'good', 'smart', 'master']) {
      const c = draughtsEngine.choose(s, level, { seed: 1 });
      expect([c.nodes, c.depth, c.score]).toEqual(search(level, level === 'master' ? 'deep' : 'classic'));
    }
    // The two searches tell apart on the same budget.
    expect(search('master', 'deep')).not.toEqual(search('master', 'classic'));
    expect(search('smart', 'deep')).not.toEqual(search('smart', 'classic'));
  });

  it('the low levels vary with the seed (they pick among near-best moves)', () => {
    const game = draughtsGame('international');
    const s = game.initial();
    const seen = new Set<string>();
    for (let seed = 0; seed < 12; seed++) seen.add(game.formatMove(s, draughtsEngine.choose(s, 'dumb', { seed }).move));
    expect(seen.size).toBeGreaterThan(1);
  });

  it("analyse with no limit at all ends by itself, within the strongest level's budget", () => {
    const a = createDraughtsEngine().analyse(draughtsGame('english').initial(), {});
    const master = DRAUGHTS_LEVELS[DRAUGHTS_LEVELS.length - 1]!;
    expect(a.nodes).toBeLessThanOrEqual((master.nodes ?? 0) + 16);
    expect(a.pv.length).toBeGreaterThan(0);
  });

  it('the principal variation is a line of legal moves starting with the move chosen', () => {
    const game = draughtsGame('russian');
    const s = game.initial();
    const c = draughtsEngine.choose(s, 'good', { seed: 3 });
    expect(c.pv && c.pv.length).toBeGreaterThan(1);
    expect(sameMove(c.pv![0]!, c.move)).toBe(true);
    let t = s;
    for (const m of c.pv!) {
      expect(game.legalMoves(t).some((x) => sameMove(x, m))).toBe(true);
      t = game.play(t, m);
    }
  });
});

describe('no level above the lowest misses a win in one move or fails to stop a loss in one move', () => {
  const cases = [
    ...HAND_MADE.map((h) => ({
      name: h.name,
      family: h.family,
      kind: h.kind,
      moves: h.moves,
      state: gameOf(h.family).fromPosition(unwrap(parseDiagram(h.family as VariantId, h.diagram, h.turn))),
    })),
    ...DRAUGHTS_CHECKS.map((c, k) => ({
      name: `${c.family} #${k}: ${c.kind} in ${c.fen}`,
      family: c.family,
      kind: c.kind,
      moves: c.moves,
      state: stateOf(gameOf(c.family), c.fen),
    })),
  ];

  it('the test data agrees with the rules (checked through the public contract)', () => {
    for (const c of cases) {
      const game = gameOf(c.family);
      const expected = c.kind === 'win' ? winningMoves(game, c.state) : defendingMoves(game, c.state);
      expect(names(game, c.state, expected), c.name).toEqual([...c.moves].sort());
      // A real choice: some moves do not do it (and for a defence, no win in one move was there instead).
      expect(expected.length, c.name).toBeLessThan(game.legalMoves(c.state).length);
      if (c.kind === 'defend') expect(winningMoves(game, c.state), c.name).toEqual([]);
    }
    expect(cases.filter((c) => c.kind === 'win').length).toBeGreaterThanOrEqual(12);
    expect(cases.filter((c) => c.kind === 'defend').length).toBeGreaterThanOrEqual(12);
  });

  for (const level of DRAUGHTS_LEVELS.slice(1)) {
    it(`${level.name}`, () => {
      const engine = createDraughtsEngine();
      for (const c of cases) {
        const game = gameOf(c.family);
        const chosen = engine.choose(c.state, level.id, { seed: 5 }).move;
        expect(c.moves, `${level.name}, ${c.name}`).toContain(game.formatMove(c.state, chosen));
      }
    });
  }

  it('every iteration a level reports while it defends offers a defending move (a client may play it)', () => {
    const engine = createDraughtsEngine();
    let reported = 0;
    for (const c of cases.filter((x) => x.kind === 'defend')) {
      const game = gameOf(c.family);
      for (const level of ['average', 'good']) {
        engine.choose(c.state, level, {
          seed: 5,
          onIteration: (a) => {
            reported++;
            expect(c.moves, `${level}, ${c.name}, depth ${a.depth}`).toContain(
              game.formatMove(c.state, a.pv[0] as DraughtsMove),
            );
          },
        });
      }
    }
    expect(reported).toBeGreaterThan(0);
  });

  it("the engine's own check finds the same moves as the contract", () => {
    for (const c of cases) {
      const game = gameOf(c.family);
      const sp = new DraughtsSearchPosition(c.state);
      const r = immediateResults(sp);
      const list = c.kind === 'win' ? r.wins : r.safe;
      expect(list.map((k) => game.formatMove(c.state, sp.decode(k))).sort(), c.name).toEqual([...c.moves].sort());
    }
  });
});

describe('the draughts searcher', () => {
  it('finds a forced win and agrees with the shared searcher on its distance', () => {
    // English: White's two kings against Black's lone king in the corner.
    const game = draughtsGame('english');
    const s = stateOf(game, 'W:WK18,K19:B28');
    const mine = new DraughtsSearcher({ ttLog2: 14 }).search(new DraughtsSearchPosition(s), { depth: 12 });
    const shared = new Searcher({ ttLog2: 14 }).search(new DraughtsSearchPosition(s), { depth: 12 });
    expect(mine.score).toBeGreaterThanOrEqual(WIN_BOUND);
    expect(mine.score).toBe(shared.score);
  });

  it('counts the same nodes for the same search (deterministic)', () => {
    const s = draughtsGame('international').initial();
    const a = new DraughtsSearcher({ ttLog2: 16 }).search(new DraughtsSearchPosition(s), { depth: 7 });
    const b = new DraughtsSearcher({ ttLog2: 16 }).search(new DraughtsSearchPosition(s), { depth: 7 });
    expect(a.nodes).toBe(b.nodes);
    expect(a.pv).toEqual(b.pv);
    expect(a.depth).toBe(7);
  });

  it('stops at a node budget and when the stop flag is raised, keeping the last completed depth', () => {
    const s = draughtsGame('international').initial();
    const budget = new DraughtsSearcher({ ttLog2: 16 }).search(new DraughtsSearchPosition(s), { nodes: 5000 });
    expect(budget.stopped).toBe(true);
    expect(budget.nodes).toBeLessThanOrEqual(5016);
    // The best move kept is one of the legal moves of the position.
    const root = new Int32Array(256);
    const rootMoves = new DraughtsSearchPosition(s).generateMoves(root, 0);
    expect(Array.from(root.subarray(0, rootMoves))).toContain(budget.bestMove);
    const stop = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(stop, 0, 1);
    const stopped = new DraughtsSearcher({ ttLog2: 16 }).search(new DraughtsSearchPosition(s), { stop, depth: 30 });
    expect(stopped.stopped).toBe(true);
    expect(stopped.depth).toBeLessThan(30);
  });

  it('sees a shot: International, 27-21 gives two men to crown with a capture of five', () => {
    // Found over random playouts; the line is 27-21 17x26 37-31 26x37 41x3 (the man crowns on 3).
    //   b   .   .   b   b
    // b   b   b   b   .
    //   .   b   .   .   .
    // w   b   .   b   b
    //   .   .   .   b   .
    // .   w   b   .   .
    //   .   .   .   w   .
    // w   w   .   .   w
    //   w   w   w   w   .
    // w   .   w   .   .
    const game = draughtsGame('international');
    const s = stateOf(game, 'W:W16,27,34,36,37,40,41,42,43,44,46,48:B1,4,5,6,7,8,9,12,17,19,20,24,28');
    const sp = new DraughtsSearchPosition(s);
    const shallow = new DraughtsSearcher({ ttLog2: 14 }).search(sp, { depth: 1 });
    expect(shallow.score).toBeLessThan(0);
    const r = new DraughtsSearcher({ ttLog2: 16 }).search(sp, { depth: 5 });
    expect(game.formatMove(s, sp.decode(r.bestMove!))).toBe('27-21');
    expect(r.score).toBeGreaterThan(200);
  });
});
