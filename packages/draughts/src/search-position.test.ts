import { createRng, type Outcome } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { evaluate, psqTotals, evalTables } from './evaluate.js';
import { allDraughtsGames, draughtsGame, type DraughtsGame, type DraughtsState } from './game.js';
import { parseFen } from './fen.js';
import { sameMove, type DraughtsMove } from './moves.js';
import { pieceAt, pieces, samePosition } from './position.js';
import { RULE_SETS } from './rules.js';
import { DraughtsSearchPosition, hashPosition } from './search-position.js';

const buffer = new Int32Array(4096);

function keys(sp: DraughtsSearchPosition): number[] {
  const n = sp.generateMoves(buffer, 0);
  return Array.from(buffer.subarray(0, n));
}

/** What the search position says of the game's end: the contract's outcome seen from the side to move. */
function searchResult(sp: DraughtsSearchPosition): -1 | 0 | 1 | undefined {
  const d = sp.decided(0);
  if (d !== undefined) return d;
  return keys(sp).length === 0 ? sp.noMovesResult() : undefined;
}

function contractResult(s: DraughtsState, o: Outcome | undefined): -1 | 0 | 1 | undefined {
  if (!o) return undefined;
  if (o.kind === 'draw') return 0;
  return o.winner === s.position.turn ? 1 : -1;
}

/**
 * Plays seeded random games through the public contract and the search position side by side, checking at every
 * ply that they agree. Kings are preferred once they exist so that the draw rules come into play.
 */
function playAlong(
  game: DraughtsGame,
  seed: number,
  plies: number,
  check: (s: DraughtsState, sp: DraughtsSearchPosition) => void,
): void {
  const rng = createRng(seed);
  let s = game.initial();
  const sp = new DraughtsSearchPosition(s);
  for (let ply = 0; ply < plies; ply++) {
    check(s, sp);
    if (game.outcome(s)) return;
    const legal = game.legalMoves(s);
    const kingMoves = legal.filter((m) => m.captures.length === 0 && isKing(s.position, m));
    const m = kingMoves.length > 0 && rng.int(4) > 0 ? rng.pick(kingMoves) : rng.pick(legal);
    const key = sp.encode(m);
    expect(key).not.toBe(0);
    sp.makeMove(key);
    s = game.play(s, m);
  }
  check(s, sp);
}

function isKing(pos: DraughtsState['position'], m: DraughtsMove): boolean {
  const p = pieceAt(pos, m.from);
  return p === 'W' || p === 'B';
}

/** How the random games of the first block ended (checked by the second block). */
const endingsSeen = new Set<string>();
/** What `canCrown` answered in quiet positions over those games (both answers must have been checked). */
const crownAnswers = new Set<boolean>();

describe('the search position agrees with the public contract', () => {
  for (const game of allDraughtsGames()) {
    it(`${game.info.id}: the same moves, positions, hashes, evaluations and results over random games`, () => {
      for (let seed = 1; seed <= 3; seed++) {
        playAlong(game, seed * 7919 + game.info.id.length, 260, (s, sp) => {
          const o = game.outcome(s);
          if (o) endingsSeen.add(o.reason);
          expect(samePosition(sp.position(), s.position)).toBe(true);
          const [lo, hi] = hashPosition(s.position.bits, s.position.turn);
          expect([sp.hashLo(), sp.hashHi()]).toEqual([lo, hi]);
          expect(sp.evaluate()).toBe(evaluate(s.position, s.giveaway));
          expect(searchResult(sp)).toBe(contractResult(s, game.outcome(s)));
          if (game.outcome(s)) return;
          const list = keys(sp);
          const decoded = list.map((k) => sp.decode(k));
          const legal = game.legalMoves(s);
          // The quick status agrees, and the captures-only generation gives the same list when captures are due.
          const status = sp.status();
          expect(status).toBe(legal.length === 0 ? -1 : legal[0]!.captures.length > 0 ? 1 : 0);
          if (status === 1) {
            const n = sp.generateCaptures(buffer, 0);
            expect(Array.from(buffer.subarray(0, n))).toEqual(list);
          }
          // The deep search's quick checks: the pieces on the board, and (in a quiet position) whether a man can
          // step onto its crowning row.
          expect(sp.pieceCount()).toBe(pieces(s.position).length);
          if (status === 0) {
            const crowns = legal.some((m) => m.crowns);
            expect(sp.canCrown()).toBe(crowns);
            crownAnswers.add(crowns);
          }
          expect(decoded.length).toBe(legal.length);
          for (const m of legal) expect(decoded.some((d) => sameMove(d, m))).toBe(true);
        });
      }
    });
  }
});

describe('make and unmake', () => {
  // (Kept here so that it runs after the games above; the move counter has a test of its own below.)
  it('the random games above ended both ways they can in 260 plies: no moves (or no pieces) and threefold repetition', () => {
    // A side without moves is a side without pieces too (last-piece-taken, or no-pieces-left in give-away).
    const noMoves = new Set(['no-moves', 'last-piece-taken', 'no-pieces-left']);
    expect([...new Set([...endingsSeen].map((e) => (noMoves.has(e) ? 'no-moves' : e)))].sort()).toEqual([
      'no-moves',
      'threefold',
    ]);
    // And canCrown was checked where a man could crown and where none could.
    expect([...crownAnswers].sort()).toEqual([false, true]);
  });

  it('restore the position, the hash and the evaluation exactly, at every depth of a random line', () => {
    for (const game of allDraughtsGames()) {
      const rng = createRng(game.info.id);
      const sp = new DraughtsSearchPosition(game.initial());
      const trail: { key: number; lo: number; hi: number; ev: number; bits: string }[] = [];
      for (let ply = 0; ply < 80; ply++) {
        const list = keys(sp);
        if (list.length === 0) break;
        const key = rng.pick(list);
        trail.push({ key, lo: sp.hashLo(), hi: sp.hashHi(), ev: sp.evaluate(), bits: JSON.stringify(sp.position()) });
        sp.makeMove(key);
      }
      for (let k = trail.length - 1; k >= 0; k--) {
        const t = trail[k]!;
        sp.unmakeMove(t.key);
        expect(sp.hashLo()).toBe(t.lo);
        expect(sp.hashHi()).toBe(t.hi);
        expect(sp.evaluate()).toBe(t.ev);
        expect(JSON.stringify(sp.position())).toBe(t.bits);
      }
    }
  });

  it('keys are never 0, unique in their list, and captures are the tactical moves', () => {
    const game = draughtsGame('international');
    const s = game.fromPosition(parseOk('W:W27,28,32,33:BK11,22,23,18', 'international'));
    const sp = new DraughtsSearchPosition(s);
    const list = keys(sp);
    expect(list.length).toBe(game.legalMoves(s).length);
    expect(new Set(list).size).toBe(list.length);
    for (const k of list) {
      expect(k).not.toBe(0);
      expect(sp.isTactical(k)).toBe(sp.decode(k).captures.length > 0);
    }
  });
});

function parseOk(fen: string, variant: Parameters<typeof parseFen>[1]) {
  const r = parseFen(fen, variant);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('draw rules in the search', () => {
  /*
   * Kings shuttling on an empty board, never on each other's diagonals: White K35 and Black K1 (International).
   *   35-30 1-6 30-35 6-1 (the start again: second occurrence) 35-30 1-6 30-35 6-1 (third: draw)
   */
  it('the third occurrence is a draw, as the game says; inside a search the second already is', () => {
    const game = draughtsGame('international');
    let s = game.fromPosition(parseOk('W:WK35:BK1', 'international'));
    const sp = new DraughtsSearchPosition(s);
    const line = ['35-30', '1-6', '30-35', '6-1', '35-30', '1-6', '30-35', '6-1'];
    line.forEach((text, k) => {
      const m = game.parseMove(s, text);
      if (!m.ok) throw new Error(text);
      sp.makeMove(sp.encode(m.value));
      s = game.play(s, m.value);
      if (k === 3) {
        expect(game.outcome(s)).toBeUndefined();
        expect(sp.decided(0)).toBeUndefined();
        // A search that started at the beginning of this line sees the repetition as a draw.
        expect(sp.decided(4)).toBe(0);
        // One that started after the first occurrence does not.
        expect(sp.decided(3)).toBeUndefined();
      }
    });
    expect(game.outcome(s)?.reason).toBe('threefold');
    expect(sp.decided(0)).toBe(0);
  });

  it('the move counter runs out as the game counts it: 30 inactive half-moves, then 40 more (International)', () => {
    // Two lone kings walk about, never into each other's reach and never back into a position seen twice.
    const game = draughtsGame('international');
    let s = game.fromPosition(parseOk('W:WK35:BK1', 'international'));
    const rng = createRng(3);
    let sp = new DraughtsSearchPosition(s);
    let plies = 0;
    while (!game.outcome(s)) {
      const options = game.legalMoves(s).filter((m) => {
        const t = game.play(s, m);
        const key = t.seen[t.seen.length - 1];
        const seen = t.seen.filter((k) => k === key).length;
        return seen < 3 && !game.legalMoves(t).some((x) => x.captures.length > 0);
      });
      const m = rng.pick(options);
      sp.makeMove(sp.encode(m));
      s = game.play(s, m);
      plies++;
      // A fresh load must agree too: the counters and the history travel with the state.
      if (plies % 23 === 0) sp = new DraughtsSearchPosition(s);
      expect(searchResult(sp)).toBe(contractResult(s, game.outcome(s)));
    }
    expect(game.outcome(s)?.reason).toBe('move-limit');
    expect(plies).toBe(70);
  });
});

/** Windows of four ascending board bits, overlapping so that most squares sit in two: every run of four, step 2. */
function testWindows(sp: DraughtsSearchPosition): Int8Array {
  const size = sp.rules.size;
  // geometry.ts: one ghost bit after every two rows.
  const bits = Array.from({ length: (size * size) / 2 }, (_, i) => i + Math.floor(i / size));
  const out: number[] = [];
  for (let i = 0; i + 4 <= bits.length; i += 2) out.push(...bits.slice(i, i + 4));
  return Int8Array.from(out);
}

/** Each window's index straight from the board: w * 81 + Σ state(square j) · 3^j (0 empty, 1 white, 2 black). */
function windowIndexes(sp: DraughtsSearchPosition, windows: Int8Array): number[] {
  const [wLo, wHi, bLo, bHi] = sp.position().bits;
  const on = (lo: number, hi: number, b: number): boolean => ((b < 32 ? lo >>> b : hi >>> (b - 32)) & 1) === 1;
  const out: number[] = [];
  for (let w = 0; w < windows.length / 4; w++) {
    let c = 0;
    for (let j = 0; j < 4; j++) {
      const b = windows[w * 4 + j]!;
      c += (on(wLo, wHi, b) ? 1 : on(bLo, bHi, b) ? 2 : 0) * 3 ** j;
    }
    out.push(w * 81 + c);
  }
  return out;
}

describe('tracked windows (pattern evaluations)', () => {
  it('make and unmake keep every window index equal to the board, tracking started mid-line and unmade past', () => {
    for (const game of allDraughtsGames()) {
      const rng = createRng(`windows-${game.info.id}`);
      const sp = new DraughtsSearchPosition(game.initial());
      const windows = testWindows(sp);
      const line: number[] = [];
      // Random walks forward and back (captures, crownings and a king's circuit all occur in 300 steps), the
      // tracking switched on after the first 20 moves so that later unmakes cross the point where it began.
      for (let step = 0; step < 300; step++) {
        if (step === 20) sp.trackWindows(windows);
        const list = keys(sp);
        if (list.length > 0 && (line.length === 0 || rng.float() < 0.7)) {
          const key = rng.pick(list);
          sp.makeMove(key);
          line.push(key);
        } else if (line.length > 0) {
          sp.unmakeMove(line.pop()!);
        } else break;
        if (step >= 20) expect(Array.from(sp.windowIndex)).toEqual(windowIndexes(sp, windows));
      }
      while (line.length > 0) sp.unmakeMove(line.pop()!);
      expect(Array.from(sp.windowIndex)).toEqual(windowIndexes(sp, windows));
    }
  });
});

describe('incremental evaluation terms', () => {
  it('equal the totals computed from scratch', () => {
    for (const game of allDraughtsGames()) {
      const t = evalTables(RULE_SETS[game.rules.id], game.giveaway);
      const rng = createRng(99);
      let s = game.initial();
      for (let ply = 0; ply < 120 && !game.outcome(s); ply++) {
        s = game.play(s, rng.pick(game.legalMoves(s)));
      }
      const sp = new DraughtsSearchPosition(s);
      const scratch = psqTotals(t, s.position.bits);
      expect(scratch.psq).toBeTypeOf('number');
      expect(sp.evaluate()).toBe(evaluate(s.position, s.giveaway));
    }
  });
});

describe('exchange offers (the quiescence tries of the deep search)', () => {
  function offers(fen: string, variant: Parameters<typeof parseFen>[1], text: string): boolean {
    const game = draughtsGame(variant);
    const s = game.fromPosition(parseOk(fen, variant));
    const m = game.parseMove(s, text);
    if (!m.ok) throw new Error(text);
    const sp = new DraughtsSearchPosition(s);
    return sp.offersExchange(sp.encode(m.value));
  }

  // International: after 32-28 Black takes 23x32 and White takes back 37x28; 41 stops Black going on over 37.
  it('a man offered where it is taken back is an exchange', () => {
    expect(offers('W:W32,37,41:B23', 'international', '32-28')).toBe(true);
  });
  it('a man taken with nothing to take back is a sacrifice, not an exchange', () => {
    expect(offers('W:W32:B23', 'international', '32-28')).toBe(false);
  });
  it('a capture that goes on over another man is not an exchange', () => {
    expect(offers('W:W32,37:B23', 'international', '32-28')).toBe(false);
  });
  it('a move nobody can take is not an exchange', () => {
    expect(offers('W:W32,37,41:B3', 'international', '32-28')).toBe(false);
  });
  it('a move that opens a capture of another man through the square it leaves is not an exchange', () => {
    // 33-29 is offered to 23 (23x34, 40x29; 45 stops 34 going on over 40); with Black on 22 the square 33 left
    // behind lets 22 take 28 instead.
    expect(offers('W:W28,32,33,40,45:B17,19,23', 'international', '33-29')).toBe(true);
    expect(offers('W:W28,32,33,40,45:B17,19,22,23', 'international', '33-29')).toBe(false);
  });
  it('with a king on the board no move is tried as an exchange', () => {
    expect(offers('W:W32,37,41:B23,K1', 'international', '32-28')).toBe(false);
  });
  // 8x8, 22-18 offered to Black's 23, which would take it backward (landing on 14) and be taken back 17x10.
  it('a man taken backward counts only where men capture backward', () => {
    expect(offers('W:W17,21,22:B23', 'brazilian', '22-18')).toBe(true);
    expect(offers('W:W17,21,22:B23', 'english', '22-18')).toBe(false);
  });

  it('after every offer the opponent must capture, and a capture of the offered man alone is taken back', () => {
    for (const variant of ['international', 'english', 'russian', 'brazilian'] as const) {
      let offersSeen = 0;
      randomPlay(variant, 7, 40, 70, (sp) => {
        for (const k of keys(sp)) {
          if (!sp.offersExchange(k)) continue;
          offersSeen++;
          const to = sp.decode(k).to;
          sp.makeMove(k);
          expect(sp.status()).toBe(1);
          for (const reply of keys(sp)) {
            if (sp.decode(reply).captures.length !== 1 || sp.decode(reply).captures[0] !== to) continue;
            sp.makeMove(reply);
            expect(sp.status()).toBe(1);
            sp.unmakeMove(reply);
          }
          sp.unmakeMove(k);
        }
      });
      expect(offersSeen).toBeGreaterThan(50);
    }
  });
});

/** Visits the positions of `games` seeded random games of at most `plies` plies. */
function randomPlay(
  variant: Parameters<typeof draughtsGame>[0],
  seed: number,
  games: number,
  plies: number,
  visit: (sp: DraughtsSearchPosition) => void,
): void {
  const game = draughtsGame(variant);
  const rng = createRng(seed);
  for (let g = 0; g < games; g++) {
    let s = game.initial();
    for (let ply = 0; ply < plies && !game.outcome(s); ply++) {
      visit(new DraughtsSearchPosition(s));
      s = game.play(s, rng.pick(game.legalMoves(s)));
    }
  }
}

describe('exchange offers found from the board', () => {
  it('are the moves that offer an exchange, generated or not', () => {
    for (const variant of ['international', 'english', 'brazilian', 'russian'] as const) {
      let offered = 0;
      let none = 0;
      randomPlay(variant, 12, 12, 60, (sp) => {
        if (sp.status() !== 0) return;
        const count = sp.exchangeOffers();
        const all = keys(sp);
        const offers = all.filter((k) => sp.offersExchange(k));
        expect(count).toBe(offers.length);
        expect(all.filter((k) => sp.isExchangeOffer(k))).toEqual(offers);
        offered += count;
        if (count === 0) none++;
      });
      expect(offered).toBeGreaterThan(10);
      expect(none).toBeGreaterThan(10);
    }
  });
  it('none where the men are far apart', () => {
    const sp = (fen: string) =>
      new DraughtsSearchPosition(draughtsGame('international').fromPosition(parseOk(fen, 'international')));
    expect(sp('W:W46:B5').exchangeOffers()).toBe(0);
    expect(sp('B:W46:B5').exchangeOffers()).toBe(0);
    expect(sp('B:W32,37,41:B17').exchangeOffers()).toBe(0);
  });
});
