import { createRng, type Outcome } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { BUY_BASE, MAX_MOVES } from './engine.js';
import { legalMoves, outcomeOfState, play, tactrix } from './game.js';
import { formatMove, toEngineMove } from './notation.js';
import { SEARCH_MOVE_LIMIT, TactrixSearchPosition } from './search-position.js';
import type { TactrixState } from './state.js';
import { fromAscii } from './test-setup.js';

const buffer = new Int32Array(MAX_MOVES);

/** Positions along seeded random games (every ply), ending with the finished position. */
function playoutStates(seed: number, maxPlies = 300): TactrixState[] {
  const rng = createRng(seed);
  let s = tactrix.initial();
  const out = [s];
  for (let ply = 0; ply < maxPlies && !outcomeOfState(s); ply++) {
    s = play(s, rng.pick(legalMoves(s)));
    out.push(s);
  }
  return out;
}

function movesOf(sp: TactrixSearchPosition): number[] {
  const n = sp.generateMoves(buffer, 0);
  return Array.from(buffer.subarray(0, n));
}

/** Everything make/unmake must restore. */
function snapshot(sp: TactrixSearchPosition) {
  const p = sp.position;
  return {
    board: Array.from(p.board),
    chips: Array.from(p.chips),
    balance: Array.from(p.balance),
    turn: p.turn,
    clock: p.clock,
    moveNumber: p.moveNumber,
    king: Array.from(p.king),
    regen: Array.from(p.regen),
    key: p.key(),
    repetitions: p.repetitions(),
    hash: [sp.hashLo(), sp.hashHi()],
  };
}

/** What `decided` must say for the side to move of `s`, from the public outcome. */
function expectedDecision(s: TactrixState, o: Outcome | undefined): -1 | 0 | 1 | undefined {
  if (!o) return undefined;
  if (o.kind === 'draw') return 0;
  return o.winner === s.turn ? 1 : o.reason === 'no-moves' ? undefined : -1;
}

const seeds = [1, 2, 3, 4, 5, 6];

describe('the search position agrees with the public Game contract over random playouts', () => {
  it('generates exactly the legal moves of the public API, each once', () => {
    let checked = 0;
    for (const seed of seeds) {
      for (const s of playoutStates(seed)) {
        if (outcomeOfState(s)) continue;
        const sp = new TactrixSearchPosition(s);
        const mine = movesOf(sp).sort((a, b) => a - b);
        const theirs = legalMoves(s)
          .map(toEngineMove)
          .sort((a, b) => a - b);
        expect(mine).toEqual(theirs);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('says the game is decided exactly when the public outcome does (no-move losses by an empty move list)', () => {
    for (const seed of seeds) {
      for (const s of playoutStates(seed)) {
        const sp = new TactrixSearchPosition(s);
        const o = outcomeOfState(s);
        expect(sp.decided(1)).toBe(expectedDecision(s, o));
        if (o?.reason === 'no-moves') {
          expect(sp.generateMoves(buffer, 0)).toBe(0);
          expect(sp.noMovesResult()).toBe(-1);
        }
      }
    }
  });

  it('makeMove leads to the position play() leads to, with the hash a fresh position computes', () => {
    const rng = createRng(99);
    for (const seed of seeds) {
      const states = playoutStates(seed);
      for (let i = 0; i < states.length; i += 3) {
        const s = states[i] as TactrixState;
        if (outcomeOfState(s)) continue;
        const moves = legalMoves(s);
        const m = rng.pick(moves);
        const sp = new TactrixSearchPosition(s);
        sp.makeMove(toEngineMove(m));
        const next = play(s, m);
        const fresh = new TactrixSearchPosition(next);
        expect(Array.from(sp.position.board)).toEqual(next.board);
        expect(Array.from(sp.position.chips)).toEqual(next.chips);
        expect(Array.from(sp.position.balance)).toEqual(next.balance);
        expect([sp.hashLo(), sp.hashHi()]).toEqual([fresh.hashLo(), fresh.hashHi()]);
        expect(sp.sideToMove()).toBe(next.turn);
      }
    }
  });

  it('make then unmake restores the position and the hash exactly, for every legal move', () => {
    for (const seed of seeds.slice(0, 3)) {
      const states = playoutStates(seed);
      for (let i = 0; i < states.length; i += 12) {
        const s = states[i] as TactrixState;
        const sp = new TactrixSearchPosition(s);
        const before = snapshot(sp);
        for (const m of movesOf(sp)) {
          sp.makeMove(m);
          // one ply deeper too, so nested undo is exercised
          const replies = movesOf(sp);
          const reply = replies[replies.length >> 1];
          if (reply !== undefined && sp.decided(1) === undefined) {
            const mid = snapshot(sp);
            sp.makeMove(reply);
            sp.unmakeMove(reply);
            expect(snapshot(sp)).toEqual(mid);
          }
          sp.unmakeMove(m);
          expect(snapshot(sp)).toEqual(before);
        }
      }
    }
  });
});

describe('the hash covers what the repetition key leaves out', () => {
  const board = `
    .........k
    ..........
    ..........
    ..........
    ..........
    ..........
    ..........
    ..........
    ..........
    R........K`;
  it('positions differing only in balances or chips hash differently', () => {
    const a = new TactrixSearchPosition(fromAscii(board, { balance: [0, 0] }));
    const b = new TactrixSearchPosition(fromAscii(board, { balance: [3, 0] }));
    const c = new TactrixSearchPosition(fromAscii(board, { balance: [0, 3] }));
    const d = new TactrixSearchPosition(fromAscii(board.replace('R........K', 'R*.......K'), { balance: [0, 0] }));
    const hashes = [a, b, c, d].map((p) => `${p.hashLo()}:${p.hashHi()}`);
    expect(new Set(hashes).size).toBe(4);
    // ... while the engine's repetition key, by design, does not see them
    expect(a.position.key()).toBe(b.position.key());
  });
});

describe('move order for the search', () => {
  it('captures come first, the most valuable victim first, the cheapest mover first among equals', () => {
    //   the jumpnar on d8 can take the king on e10; the jerk on e5 the verticon on e7 (two up) or the jerk on c5
    //   (two left); the diaganoid on a3 the jerk on c5 too.
    const s = fromAscii(`
      ....k.....
      ..........
      ...N..v...
      ....v.....
      ..........
      ..j.J.....
      ..........
      D.........
      ..........
      .........K`);
    const sp = new TactrixSearchPosition(s);
    const moves = movesOf(sp).map((m) => formatMove(s, sp.decode(m)));
    expect(moves.slice(0, 5)).toEqual(['d8xe10', 'e5xe7', 'e5xc5', 'a3xc5', 'j1-i1']);
  });

  it('a jerk earning the far-row bonus is tactical; a quiet step and a purchase on an empty square are not', () => {
    const s = fromAscii(
      `
      ....k.....
      J.........
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      ....R....K`,
      { balance: [3, 0] },
    );
    const sp = new TactrixSearchPosition(s);
    const byText = new Map(movesOf(sp).map((m) => [formatMove(s, sp.decode(m)), m]));
    expect(sp.isTactical(byText.get('a9-a10') as number)).toBe(true);
    expect(sp.isTactical(byText.get('j1-j2') as number)).toBe(false);
    expect(sp.isTactical(byText.get('buy J@e2') as number)).toBe(false);
    expect(movesOf(sp)[0]).toBe(byText.get('a9-a10'));
  });

  it('quiescence gets exactly the tactical moves, in the order the full list gives them', () => {
    const tactical = new Int32Array(MAX_MOVES);
    let seen = 0;
    for (const s of playoutStates(5, 200)) {
      if (outcomeOfState(s)) continue;
      const sp = new TactrixSearchPosition(s);
      const all = movesOf(sp);
      const n = sp.generateTacticalMoves(tactical, 0);
      const expected = all.filter((m) => sp.isTactical(m));
      expect(Array.from(tactical.subarray(0, n))).toEqual(expected);
      expect(all.slice(0, n)).toEqual(expected);
      seen += n;
    }
    expect(seen).toBeGreaterThan(20);
  });

  it('history indexes of both sides fit the 65 536 slots and keep the two sides apart', () => {
    for (const s of playoutStates(3, 120)) {
      if (outcomeOfState(s)) continue;
      const sp = new TactrixSearchPosition(s);
      for (const m of movesOf(sp)) {
        const h = sp.historyIndex(m);
        expect(h).toBeGreaterThanOrEqual(0);
        expect(h).toBeLessThan(1 << 16);
        expect(h >= 12_800).toBe(s.turn === 1);
      }
    }
  });

  it('a position with more moves than the search has room for hands over its captures first', () => {
    // Real games stay far below the searcher's 500 (the most found on a legal board is about 300); a low limit
    // shows what happens beyond it.
    const s = fromAscii(`
      ....k.....
      jvjvjvjvjv
      ..........
      DWDWDWDWDW
      ..........
      ..........
      ..........
      ..........
      ..........
      ....R....K`);
    const captures = legalMoves(s).filter((m) => m.kind === 'move' && s.board[m.to] !== 0).length;
    expect(captures).toBeGreaterThan(5);
    const limit = captures + 3;
    expect(legalMoves(s).length).toBeGreaterThan(limit);
    const sp = new TactrixSearchPosition(s, limit);
    const moves = movesOf(sp);
    expect(moves.length).toBe(limit);
    expect(moves.slice(0, captures).every((m) => s.board[m >> 7] !== 0)).toBe(true);
    expect(SEARCH_MOVE_LIMIT).toBe(500);
  });
});

describe('decided: ends of the game and repetition', () => {
  it('a captured king loses for its owner at once', () => {
    const s = fromAscii(`
      ....k.....
      ..........
      ...N......
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      ....R....K`);
    const sp = new TactrixSearchPosition(s);
    expect(sp.decided(0)).toBeUndefined();
    sp.makeMove(toEngineMove({ kind: 'move', from: 73, to: 94 }));
    expect(sp.decided(1)).toBe(-1);
  });

  it('a position repeated since the search began is a draw; the same line from a fresh position is not yet', () => {
    const s = fromAscii(`
      ....k.....
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      ....R....K`);
    const sp = new TactrixSearchPosition(s);
    // K j1-j2, k e10-e9, K j2-j1, k e9-e10: back to the start with White to move
    const line = [
      { from: 9, to: 19 },
      { from: 94, to: 84 },
      { from: 19, to: 9 },
      { from: 84, to: 94 },
    ].map((m) => toEngineMove({ kind: 'move', ...m }));
    let state = s;
    for (const m of line) {
      expect(sp.decided(1)).toBeUndefined();
      sp.makeMove(m);
      state = play(state, { kind: 'move', from: m & 127, to: m >> 7 });
    }
    expect(sp.decided(4)).toBe(0);
    expect(outcomeOfState(state)).toBeUndefined();
    expect(new TactrixSearchPosition(state).decided(0)).toBeUndefined();
  });

  it('the 100-ply rule draws', () => {
    const drawn = fromAscii(
      `
      ....k.....
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      ....R....K`,
      { clock: 100 },
    );
    expect(new TactrixSearchPosition(drawn).decided(1)).toBe(0);
    expect(new TactrixSearchPosition({ ...drawn, clock: 99 }).decided(1)).toBeUndefined();
  });
});

describe('decode', () => {
  it('gives back the public move for every engine move, purchases included', () => {
    for (const s of playoutStates(4, 150)) {
      if (outcomeOfState(s)) continue;
      const sp = new TactrixSearchPosition(s);
      for (const m of movesOf(sp)) {
        const move = sp.decode(m);
        expect(toEngineMove(move)).toBe(m);
        expect(move.kind === 'buy').toBe((m & 127) >= BUY_BASE);
      }
    }
  });
});
