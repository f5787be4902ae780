import { createRng } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { actionCode, actionFromCode, describeAction } from './actions.js';
import { canTakeKing } from './attacks.js';
import { parseSquare } from './board.js';
import { codeKind, codeFrom, codeTo, codeAmount, encodeAction, MOVE, TRANSFER } from './engine.js';
import { force400 } from './game.js';
import { formatPosition, parsePosition } from './position-text.js';
import { Force400SearchPosition, SEARCH_MOVE_LIMIT } from './search-position.js';
import { loadEngine, readEngine, type Force400State } from './state.js';
import { fromDiagram } from './test-board.js';
import { hashEngine, hashState } from './zobrist.js';

const sq = (name: string): number => parseSquare(name) as number;
const buffer = new Int32Array(1 << 16);

function moves(sp: Force400SearchPosition): number[] {
  const n = sp.generateMoves(buffer, 0);
  return Array.from(buffer.subarray(0, n));
}

/** Seeded random games through the public API, yielding every position on the way. */
function* playouts(games: number, plies: number, seed: number): Generator<Force400State> {
  const rng = createRng(seed);
  for (let g = 0; g < games; g++) {
    let s = force400.initial();
    for (let i = 0; i < plies && !s.ended; i++) {
      yield s;
      const legal = force400.legalMoves(s);
      // Prefer men's moves so the games travel (transfers are most of the list).
      const men = legal.filter((m) => m.kind !== 'transfer');
      s = force400.play(s, rng.int(4) === 0 || men.length === 0 ? rng.pick(legal) : rng.pick(men));
    }
    yield s;
  }
}

describe('search position agrees with the public contract', () => {
  it("'all' hands over exactly the contract's legal actions, in the engine's order", () => {
    for (const s of playouts(3, 100, 7)) {
      const sp = new Force400SearchPosition(s, { transfers: 'all', moveLimit: Infinity });
      expect(moves(sp)).toEqual(force400.legalMoves(s).map(actionCode));
    }
  });

  it("'selected' hands over every man's move and abdication, and a subset of the transfers", () => {
    for (const s of playouts(3, 100, 8)) {
      const legal = new Set(force400.legalMoves(s).map(actionCode));
      const sp = new Force400SearchPosition(s);
      const got = moves(sp);
      expect(got.length).toBeLessThanOrEqual(SEARCH_MOVE_LIMIT);
      for (const m of got) expect(legal.has(m)).toBe(true);
      const nonTransfers = [...legal].filter((m) => codeKind(m) !== TRANSFER);
      const gotSet = new Set(got);
      for (const m of nonTransfers) expect(gotSet.has(m)).toBe(true);
      expect(new Set(got).size).toBe(got.length);
    }
  });

  it('the starting position hands the search 154 moves, 5 abdications and far fewer than 920 transfers', () => {
    const got = moves(new Force400SearchPosition(force400.initial()));
    const transfers = got.filter((m) => codeKind(m) === TRANSFER).length;
    expect(got.length - transfers).toBe(159);
    expect(transfers).toBeGreaterThan(92); // at least one amount per sender-receiver line
    expect(transfers).toBeLessThan(400);
  });

  it('results agree: a fallen king is decided for the side to move, and make/play give the same position', () => {
    for (const s of playouts(4, 150, 9)) {
      const sp = new Force400SearchPosition(s, { transfers: 'all', moveLimit: Infinity });
      const legal = force400.legalMoves(s);
      if (legal.length === 0) continue;
      const a = legal[(s.moveNumber * 7) % legal.length]!;
      sp.makeMove(actionCode(a));
      const next = force400.play(s, a);
      expect(readEngine(sp.engine)).toEqual(next);
      const d = sp.decided();
      if (next.ended) expect(d).toBe(next.ended.kind === 'win' && next.ended.winner === next.toMove ? 1 : -1);
      else expect(d === undefined || d === 0).toBe(true);
    }
  });

  it('decode gives the action the code stands for', () => {
    const code = encodeAction(TRANSFER, sq('J8'), sq('C1'), 10);
    expect(new Force400SearchPosition(force400.initial()).decode(code)).toEqual(actionFromCode(code));
    expect(codeAmount(code)).toBe(10);
    expect(codeFrom(code)).toBe(sq('J8'));
    expect(codeTo(code)).toBe(sq('C1'));
  });
});

describe('incremental Zobrist hash', () => {
  it('equals the hash from scratch after every make, and make/unmake restores hash and position exactly', () => {
    const rng = createRng(11);
    for (const s of playouts(4, 120, 12)) {
      const sp = new Force400SearchPosition(s);
      const before = readEngine(sp.engine);
      const [lo, hi] = [sp.hashLo(), sp.hashHi()];
      expect([lo >>> 0, hi >>> 0]).toEqual(hashState(s));
      const line: number[] = [];
      for (let k = 0; k < 4; k++) {
        const list = moves(sp);
        if (list.length === 0) break;
        const m = list[rng.int(list.length)]!;
        sp.makeMove(m);
        line.push(m);
        expect([sp.hashLo() >>> 0, sp.hashHi() >>> 0]).toEqual(hashEngine(sp.engine));
      }
      for (let k = line.length - 1; k >= 0; k--) sp.unmakeMove(line[k]!);
      expect(sp.hashLo()).toBe(lo);
      expect(sp.hashHi()).toBe(hi);
      expect(readEngine(sp.engine)).toEqual(before);
    }
  });

  it('includes the recharge counters and the side to move, and leaves out the move number', () => {
    const base = 'w 12 W:E5:10,H9:10K B:C0:10K,E2:10';
    const h = (t: string): [number, number] =>
      hashState(parsePosition(t).ok ? (parsePosition(t) as { value: Force400State }).value : force400.initial());
    expect(h(base)).not.toEqual(h('w 12 W:E5:10/1,H9:10K B:C0:10K,E2:10'));
    expect(h('w 12 W:E5:10/1,H9:10K B:C0:10K,E2:10')).not.toEqual(h('w 12 W:E5:10/2,H9:10K B:C0:10K,E2:10'));
    expect(h(base)).not.toEqual(h('b 12 W:E5:10,H9:10K B:C0:10K,E2:10'));
    expect(h(base)).toEqual(h('w 40 W:E5:10,H9:10K B:C0:10K,E2:10'));
    expect(h(base)).not.toEqual(h('w 12 W:E5:11,H9:10K B:C0:10K,E2:10'));
  });

  it('a recharge counter ages as its side plays: the same squares and forces two turns apart hash differently', () => {
    // White's E8 steps off rank 9? No: E9 steps to E8 (counter 2), then ages to 1, then to 0.
    const s = fromDiagram(
      `
      0  .   .  B10  .   .   .   .   .   .   .
      1  .   .   .   .   .   .   .   .   .   .
      2  .   .   .   .   .   .   .   .   .  b10
      3  .   .   .   .   .   .   .   .   .   .
      4  .   .   .   .   .   .   .   .   .   .
      5  .   .   .   .   .   .   .   .   .   .
      6  .   .   .   .   .   .   .   .   .   .
      7  w10 .   .   .   .   .   .   .   .   .
      8  .   .   .   .   .   .   .   .   .   .
      9  .   .   .   .  w10  .   .  W10  .   .`,
    );
    const sp = new Force400SearchPosition(s);
    const step = (from: string, to: string): void => sp.makeMove(encodeAction(MOVE, sq(from), sq(to)));
    step('E9', 'E8'); // White's E man now waits 2 of White's turns
    const first = [sp.hashLo(), sp.hashHi()];
    step('J2', 'J3');
    step('A7', 'A6');
    step('J3', 'J2');
    step('A6', 'A7');
    // Same squares and forces as `first` with Black to move, but E8's counter has run down from 2 to 0.
    expect([sp.hashLo(), sp.hashHi()]).not.toEqual(first);
    expect([sp.hashLo() >>> 0, sp.hashHi() >>> 0]).toEqual(hashEngine(sp.engine));
  });
});

describe('decided', () => {
  it('a line that comes back to a position it passed through scores as a draw within the search', () => {
    const s = fromDiagram(`
      0  .   .  B10  .   .   .   .   .   .   .
      1  .   .   .   .   .   .   .   .   .   .
      2  .   .   .   .   .   .   .   .   .  b10
      3  .   .   .   .   .   .   .   .   .   .
      4  .   .   .   .   .   .   .   .   .   .
      5  .   .   .   .   .   .   .   .   .   .
      6  .   .   .   .   .   .   .   .   .   .
      7  w10 .   .   .   .   .   .   .   .   .
      8  .   .   .   .   .   .   .   .   .   .
      9  .   .   .   .   .   .   .  W10  .   .`);
    const sp = new Force400SearchPosition(s);
    const line = [
      ['A7', 'A6'],
      ['J2', 'J3'],
      ['A6', 'A7'],
      ['J3', 'J2'],
    ] as const;
    for (const [i, [from, to]] of line.entries()) {
      expect(sp.decided()).toBeUndefined();
      sp.makeMove(encodeAction(MOVE, sq(from), sq(to)));
      if (i < 3) expect(sp.decided()).toBeUndefined();
    }
    expect(sp.decided()).toBe(0);
  });

  it('the side whose king was just taken has lost', () => {
    const s = fromDiagram(`
      0  .   .  B10  .   .   .   .   .   .   .
      1  .   .  w12  .   .   .   .   .   .   .
      2  .   .   .   .   .   .   .   .   .   .
      3  .   .   .   .   .   .   .   .   .   .
      4  .   .   .   .   .   .   .   .   .   .
      5  .   .   .   .   .   .   .   .   .   .
      6  .   .   .   .   .   .   .   .   .   .
      7  .   .   .   .   .   .   .   .   .   .
      8  .   .   .   .   .   .   .   .   .   .
      9  .   .   .   .   .   .   .  W10  .   .`);
    const sp = new Force400SearchPosition(s);
    sp.makeMove(encodeAction(MOVE, sq('C1'), sq('C0')));
    expect(sp.decided()).toBe(-1);
    expect(moves(sp)).toEqual([]);
  });
});

describe('selected transfer amounts', () => {
  it('include the least amount that saves a threatened king', () => {
    // Black's b14 on E7 threatens White's king (10) on E9 with a long move (arrives with 13). The king must reach
    // 13: 3 more units arrive when 4 are sent.
    const s = fromDiagram(`
      0  .   .  B10  .   .   .   .   .   .   .
      1  .   .   .   .   .   .   .   .   .   .
      2  .   .   .   .   .   .   .   .   .   .
      3  .   .   .   .   .   .   .   .   .   .
      4  .   .   .   .   .   .   .   .   .   .
      5  .   .   .   .   .   .   .   .   .   .
      6  .   .   .   .  b14  .   .   .   .   .
      7  .   .   .   .   .   .   .   .   .   .
      8  .   .   .   .   .   .   .   .   .   .
      9  w20 .   .   .  W10  .   .   .   .   .`);
    const got = moves(new Force400SearchPosition(s)).filter((m) => codeKind(m) === TRANSFER);
    const toKing = got.filter((m) => codeTo(m) === sq('E9')).map(codeAmount);
    // 4 sent, 3 arrive: the king has 13, a tie, and ties go to the defender.
    expect(toKing).toContain(4);
    const saved = loadEngine(s);
    saved.make(encodeAction(TRANSFER, sq('A9'), sq('E9'), 4));
    expect(canTakeKing(saved, 1)).toBe(false);
    const short = loadEngine(s);
    short.make(encodeAction(TRANSFER, sq('A9'), sq('E9'), 3));
    expect(canTakeKing(short, 1)).toBe(true);
  });
});

describe('narrow lists below the root', () => {
  it('keep every short move, capture and abdication, and only long moves onto rank 0/9 or near a king', () => {
    for (const s of playouts(2, 80, 21)) {
      if (s.ended) continue;
      const sp = new Force400SearchPosition(s, { narrowRoot: true });
      const got = new Set(moves(sp));
      const e = loadEngine(s);
      const king = e.kingSquare[s.toMove] as number;
      const enemyKing = e.kingSquare[1 - s.toMove] as number;
      const dist = (a: number, b: number) =>
        Math.max(Math.abs((a % 10) - (b % 10)), Math.abs(((a / 10) | 0) - ((b / 10) | 0)));
      for (const a of force400.legalMoves(s)) {
        const code = actionCode(a);
        if (a.kind === 'abdicate') expect(got.has(code)).toBe(true);
        if (a.kind !== 'move') continue;
        const capture = e.owner[a.to] !== -1;
        const short = dist(a.from, a.to) === 1;
        const wanted =
          capture || short || a.to < 10 || a.to >= 90 || dist(a.to, enemyKing) <= 2 || dist(a.to, king) <= 1;
        expect(got.has(code), `${describeAction(a)} in ${formatPosition(s)}`).toBe(wanted);
      }
    }
  });
});
