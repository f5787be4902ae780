/**
 * The search position against the public contract: over seeded random playouts it lists exactly the legal moves,
 * judges exactly the rules' results, makes the same positions as `play`, and unmakes back to the bit.
 */
import { createRng, unwrap } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { EMPTY, parseSquare } from './board.js';
import { flipsOf, tactics } from './game.js';
import { boardFromCells, type TacticsMove, type TacticsState } from './state.js';
import { MAX_SEARCH_PLY, TacticsSearchPosition } from './search-position.js';
import { board, playAll } from './test-boards.js';

const buffer = new Int32Array(512);

function moves(sp: TacticsSearchPosition): number[] {
  const n = sp.generateMoves(buffer, 0);
  return Array.from(buffer.subarray(0, n));
}

const key = (m: TacticsMove): number => m.from | (m.to << 6);

/** Seeded random games through the public API, to the end (or `plies`), yielding every position on the way. */
function* playouts(games: number, plies: number, seed: number): Generator<TacticsState> {
  const rng = createRng(seed);
  for (let g = 0; g < games; g++) {
    let s = tactics.initial();
    for (let i = 0; i < plies && !tactics.outcome(s); i++) {
      yield s;
      s = tactics.play(s, rng.pick(tactics.legalMoves(s)));
    }
    yield s;
  }
}

/** What the search position says of the game's result for the side to move, as the contract would. */
function contractResult(s: TacticsState): -1 | 0 | 1 | undefined {
  const o = tactics.outcome(s);
  if (!o) return undefined;
  if (o.kind === 'draw') return 0;
  return o.winner === s.turn ? 1 : -1;
}

function snapshot(sp: TacticsSearchPosition): string {
  const e = sp.engine;
  return `${boardFromCells(e.cells)} ${e.turn} ${e.quiet} ${sp.hashLo()} ${sp.hashHi()} ${e.repetitions()}`;
}

describe('TacticsSearchPosition agrees with the public contract', () => {
  it('lists exactly the legal moves of every position of 4 random games, and decodes them', () => {
    let positions = 0;
    for (const s of playouts(4, 400, 11)) {
      const sp = new TacticsSearchPosition(s, { searchRepetitionDraws: false });
      const legal = tactics
        .legalMoves(s)
        .map(key)
        .sort((a, b) => a - b);
      const got = moves(sp);
      if (tactics.outcome(s)) {
        // Over: the contract lists nothing; the search asks `decided` before it generates.
        expect(sp.decided()).toBe(contractResult(s));
        continue;
      }
      expect([...got].sort((a, b) => a - b)).toEqual(legal);
      expect(got.map((m) => key(sp.decode(m))).sort((a, b) => a - b)).toEqual(legal);
      expect(sp.decided()).toBeUndefined();
      positions++;
    }
    expect(positions).toBeGreaterThan(200);
  });

  it('making a move along a playout gives the position `play` gives, and the result the rules give', () => {
    const rng = createRng(12);
    for (let g = 0; g < 4; g++) {
      let s = tactics.initial();
      const sp = new TacticsSearchPosition(s, { searchRepetitionDraws: false });
      while (!tactics.outcome(s) && sp.depth < MAX_SEARCH_PLY) {
        const m = rng.pick(tactics.legalMoves(s));
        s = tactics.play(s, m);
        sp.makeMove(sp.encode(m));
        expect(boardFromCells(sp.engine.cells)).toBe(s.board);
        expect(sp.sideToMove()).toBe(s.turn);
        expect(sp.engine.quiet).toBe(s.quiet);
        // The incrementally kept key is the key of the position loaded afresh.
        const fresh = new TacticsSearchPosition(s);
        expect([sp.hashLo(), sp.hashHi()]).toEqual([fresh.hashLo(), fresh.hashHi()]);
        const n = sp.generateMoves(buffer, 0);
        const decided = sp.decided() ?? (n === 0 ? sp.noMovesResult() : undefined);
        expect(decided).toBe(contractResult(s));
      }
    }
  });

  it('make then unmake restores the board, player, clock, key and repetition count exactly, for every move', () => {
    for (const s of playouts(3, 100, 13)) {
      const sp = new TacticsSearchPosition(s);
      const before = snapshot(sp);
      for (const m of moves(sp)) {
        sp.makeMove(m);
        // One ply deeper too, so unmake runs over a stack of moves.
        const replies = moves(sp);
        const reply = replies[replies.length >> 1];
        if (reply !== undefined) {
          sp.makeMove(reply);
          sp.unmakeMove(reply);
        }
        sp.unmakeMove(m);
        expect(snapshot(sp)).toBe(before);
      }
    }
  });

  it('a move is tactical exactly when it flips a piece, and its flip gain is what it flips', () => {
    let flipping = 0;
    for (const s of playouts(3, 150, 14)) {
      if (tactics.outcome(s)) continue;
      const sp = new TacticsSearchPosition(s);
      const listed = moves(sp);
      let seenQuiet = false;
      let lastGain = Infinity;
      for (const m of listed) {
        const flips = flipsOf(s, sp.decode(m));
        expect(sp.isTactical(m)).toBe(flips.length > 0);
        // Tactical moves come first, the most valuable flip first.
        if (flips.length > 0) {
          flipping++;
          expect(seenQuiet).toBe(false);
          expect(sp.flipGain(m)).toBeLessThanOrEqual(lastGain);
          lastGain = sp.flipGain(m);
        } else seenQuiet = true;
        expect(sp.flipGain(m) > 0).toBe(flips.length > 0);
      }
      // The same answers without the cache `generateMoves` leaves behind (a fresh position).
      const fresh = new TacticsSearchPosition(s);
      for (const m of listed) expect(fresh.isTactical(m)).toBe(sp.isTactical(m));
    }
    expect(flipping).toBeGreaterThan(100);
  });

  it('moves never encode as 0 (the search uses 0 for "no move") and history indices stay below 8192', () => {
    for (const s of playouts(2, 100, 15)) {
      const sp = new TacticsSearchPosition(s);
      for (const m of moves(sp)) {
        expect(m).not.toBe(0);
        expect(sp.historyIndex(m)).toBeLessThan(8192);
      }
    }
  });
});

describe('results the search sees', () => {
  it('a player with no legal move has lost, even when a draw rule would apply (manual: "cannot move")', () => {
    // White's only piece, the Rook on a1, is boxed in by Black's Rooks; 100 quiet plies have passed.
    const s = board(
      `
      1 | R |*R*|   |   |   |   |   |   |
      2 |*R*|   |   |   |   |   |   |   |
      3 |   |   |   |   |   |   |   |   |
      4 |   |   |   |   |   |   |   |   |
      5 |   |   |   |   |   |   |   |   |
      6 |   |   |   |   |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `,
      'w',
      100,
    );
    const sp = new TacticsSearchPosition(s);
    expect(sp.decided()).toBe(-1);
    expect(contractResult(s)).toBe(-1);
  });

  it('100 plies without a flip draw when the side to move can move', () => {
    const s = { ...tactics.initial(), quiet: 100 };
    expect(new TacticsSearchPosition(s).decided()).toBe(0);
    expect(contractResult(s)).toBe(0);
  });

  it('threefold repetition counts the game before the root; a repetition inside the search draws at once (ours)', () => {
    const cycle = ['a1-a2', 'a8-a7', 'a2-a1', 'a7-a8'];
    const twice = playAll(tactics.initial(), ...cycle);
    // The start has been seen twice: once more is threefold, by the rules and in the search.
    const exact = new TacticsSearchPosition(twice, { searchRepetitionDraws: false });
    const search = new TacticsSearchPosition(twice);
    for (const text of cycle) {
      const m = unwrap(tactics.parseMove(playAll(twice, ...cycle.slice(0, cycle.indexOf(text))), text));
      exact.makeMove(exact.encode(m));
      search.makeMove(search.encode(m));
    }
    expect(exact.decided()).toBe(0);
    expect(search.decided()).toBe(0);
    expect(contractResult(playAll(twice, ...cycle))).toBe(0);

    // From the start, one cycle repeats the root once: not a draw by the rules, a draw inside a search.
    const exactStart = new TacticsSearchPosition(tactics.initial(), { searchRepetitionDraws: false });
    const searchStart = new TacticsSearchPosition(tactics.initial());
    let s = tactics.initial();
    for (const text of cycle) {
      const m = unwrap(tactics.parseMove(s, text));
      s = tactics.play(s, m);
      exactStart.makeMove(exactStart.encode(m));
      searchStart.makeMove(searchStart.encode(m));
    }
    expect(exactStart.decided()).toBeUndefined();
    expect(contractResult(s)).toBeUndefined();
    expect(searchStart.decided()).toBe(0);
  });

  it('a position seen twice before the root is drawn when the search reaches it again', () => {
    // Start, cycle, cycle: the start is seen three times at the end; two cycles and a half leave the position after
    // a1-a2 seen twice, so reaching it once more from the root is threefold.
    const cycle = ['a1-a2', 'a8-a7', 'a2-a1', 'a7-a8'];
    const s = playAll(tactics.initial(), ...cycle, 'a1-a2', 'a8-a7', 'a2-a1');
    const sp = new TacticsSearchPosition(s);
    const m = unwrap(tactics.parseMove(s, 'a7-a8'));
    sp.makeMove(sp.encode(m));
    const after = tactics.play(s, m);
    expect(contractResult(after)).toBe(0);
    expect(sp.decided()).toBe(0);
  });

  it('a resigned or agreed game is decided from the side to move', () => {
    const s = tactics.initial();
    expect(new TacticsSearchPosition(tactics.resign!(s, 0)).decided()).toBe(-1);
    expect(new TacticsSearchPosition(tactics.resign!(s, 1)).decided()).toBe(1);
    expect(new TacticsSearchPosition(tactics.agreeDraw!(s)).decided()).toBe(0);
    expect(moves(new TacticsSearchPosition(tactics.resign!(s, 0)))).toEqual([]);
  });

  it('refuses to go deeper than it reserved room for', () => {
    const sp = new TacticsSearchPosition(tactics.initial());
    const e = sp.engine;
    const a1 = parseSquare('a1') as number;
    const a2 = parseSquare('a2') as number;
    const a8 = parseSquare('a8') as number;
    const a7 = parseSquare('a7') as number;
    const cycle = [a1 | (a2 << 6), a8 | (a7 << 6), a2 | (a1 << 6), a7 | (a8 << 6)];
    for (let i = 0; i < MAX_SEARCH_PLY; i++) sp.makeMove(cycle[i % 4] as number);
    expect(() => sp.makeMove(cycle[0] as number)).toThrow(/deeper/);
    // The board is untouched by the refused move: the start position again (the cycle is 4 plies long).
    expect(boardFromCells(e.cells)).toBe(tactics.initial().board);
    expect(e.cells[a1]).not.toBe(EMPTY);
  });
});
