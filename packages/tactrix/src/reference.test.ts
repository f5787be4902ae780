/**
 * An independent, deliberately naive reference implementation of the Tactrix! move rules (coordinates, plain arrays, no
 * tables, no make/unmake), written from the manual and docs/rules/tactrix.md, used to cross-check the engine: the same
 * legal moves in random positions, and the same perft counts.
 */
import { createRng, unwrap } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { legalMoves, outcomeOfState, play, tactrix } from './game.js';
import { formatMove } from './notation.js';
import { initialState, type TactrixState } from './state.js';

interface Ref {
  board: number[]; // index f + 10 * r, same piece codes as the engine
  chips: number[];
  balance: [number, number];
  turn: 0 | 1;
}

const COST: Record<number, number> = { 1: 3, 2: 6, 3: 9, 4: 12, 5: 15 };
const LETTER = ' JNWVDRK';
const name = (f: number, r: number) => `${'abcdefghij'[f]}${r + 1}`;
const on = (f: number, r: number) => f >= 0 && f < 10 && r >= 0 && r < 10;

function refMoves(s: Ref): Map<string, () => Ref> {
  const out = new Map<string, () => Ref>();
  const side = s.turn;
  const sign = side === 0 ? 1 : -1;
  const at = (f: number, r: number) => s.board[f + 10 * r] as number;
  const own = (f: number, r: number) => at(f, r) * sign > 0;
  const enemy = (f: number, r: number) => at(f, r) * sign < 0;
  const add = (f: number, r: number, tf: number, tr: number) =>
    out.set(`${name(f, r)}>${name(tf, tr)}`, () => apply(s, f + 10 * r, tf + 10 * tr, 0));
  for (let r = 0; r < 10; r++)
    for (let f = 0; f < 10; f++) {
      if (!own(f, r)) continue;
      const type = Math.abs(at(f, r));
      const step = (df: number, dr: number) => {
        if (on(f + df, r + dr) && !own(f + df, r + dr)) add(f, r, f + df, r + dr);
      };
      const ray = (df: number, dr: number) => {
        for (let k = 1; on(f + k * df, r + k * dr); k++) {
          if (own(f + k * df, r + k * dr)) break;
          add(f, r, f + k * df, r + k * dr);
          if (enemy(f + k * df, r + k * dr)) break;
        }
      };
      const around = [-1, 0, 1].flatMap((dr) => [-1, 0, 1].map((df) => [df, dr] as const)).filter(([a, b]) => a || b);
      if (type === 1) {
        if (on(f, r + sign) && at(f, r + sign) === 0) add(f, r, f, r + sign);
        for (const [df, dr] of [
          [0, 2],
          [0, -2],
          [2, 0],
          [-2, 0],
        ] as const) {
          if (on(f + df, r + dr) && enemy(f + df, r + dr)) add(f, r, f + df, r + dr);
        }
      } else if (type === 2) {
        for (const [df, dr] of [
          [1, 2],
          [2, 1],
          [2, -1],
          [1, -2],
          [-1, -2],
          [-2, -1],
          [-2, 1],
          [-1, 2],
        ] as const)
          step(df, dr);
      } else if (type === 3) {
        for (const [df, dr] of around) if (dr !== 0) step(df, dr);
        for (const dir of [1, -1]) {
          for (let k = 2; k <= 4; k++) {
            const tf = (((f + dir * k) % 10) + 10) % 10;
            if (own(tf, r)) break;
            add(f, r, tf, r);
            if (enemy(tf, r)) break;
          }
        }
      } else if (type === 4) {
        for (const [df, dr] of around) step(df, dr);
        ray(0, 1);
        ray(0, -1);
      } else if (type === 5) {
        for (const [df, dr] of around) if (df === 0 || dr === 0) step(df, dr);
        for (const [df, dr] of [
          [1, 1],
          [1, -1],
          [-1, 1],
          [-1, -1],
        ] as const)
          ray(df, dr);
      } else if (type === 6) {
        for (const [df, dr] of around) if (side === 0 ? r + dr <= 4 : r + dr >= 5) step(df, dr);
      } else {
        for (const [df, dr] of around) step(df, dr);
      }
    }
  const regen = s.board.findIndex((p) => p === 6 * sign);
  if (regen >= 0) {
    const f = regen % 10;
    const r = Math.floor(regen / 10);
    for (const type of [1, 2, 3, 4, 5]) {
      if ((COST[type] as number) > s.balance[side]) continue;
      for (let dr = -1; dr <= 1; dr++)
        for (let df = -1; df <= 1; df++) {
          if ((df || dr) && on(f + df, r + dr) && !own(f + df, r + dr))
            out.set(`buy ${LETTER[type]}@${name(f + df, r + dr)}`, () => apply(s, -type, f + df + 10 * (r + dr), type));
        }
    }
  }
  return out;
}

function apply(s: Ref, from: number, to: number, bought: number): Ref {
  const n: Ref = { board: [...s.board], chips: [...s.chips], balance: [...s.balance], turn: s.turn === 0 ? 1 : 0 };
  const sign = s.turn === 0 ? 1 : -1;
  let piece: number;
  if (bought) {
    piece = bought * sign;
    n.balance[s.turn] -= COST[bought] as number;
  } else {
    piece = n.board[from] as number;
    n.board[from] = 0;
  }
  n.board[to] = piece;
  n.balance[s.turn] += n.chips[to] as number;
  n.chips[to] = 0;
  if (Math.abs(piece) === 1 && Math.floor(to / 10) === (s.turn === 0 ? 9 : 0)) {
    n.board[to] = 0;
    n.balance[s.turn] += 25;
  }
  return n;
}

function refOf(s: TactrixState): Ref {
  return { board: [...s.board], chips: [...s.chips], balance: [s.balance[0], s.balance[1]], turn: s.turn };
}

function refPerft(s: Ref, depth: number): number {
  if (!s.board.includes(7) || !s.board.includes(-7)) return 0;
  const moves = refMoves(s);
  if (depth === 1) return moves.size;
  let n = 0;
  for (const next of moves.values()) n += refPerft(next(), depth - 1);
  return n;
}

/** The engine's moves in the reference's spelling (captures and steps alike as `from>to`). */
function engineMoves(s: TactrixState): string[] {
  return legalMoves(s)
    .map((m) => formatMove(s, m).replace(/[-x]/, '>'))
    .sort();
}

describe('cross-check against an independent reference implementation', () => {
  it('perft 1-4 from the start agree', () => {
    for (let d = 1; d <= 4; d++) expect(refPerft(refOf(initialState()), d)).toBe(tactrix.perft?.(initialState(), d));
  });

  it('the same legal moves and the same next positions in 40 random games', () => {
    const rng = createRng(2024);
    for (let g = 0; g < 40; g++) {
      let s = initialState();
      for (let ply = 0; ply < 200; ply++) {
        if (outcomeOfState(s)) break;
        const ref = refMoves(refOf(s));
        expect(engineMoves(s)).toEqual([...ref.keys()].sort());
        const m = rng.pick(legalMoves(s));
        const next = play(s, m);
        const refNext = (ref.get(formatMove(s, m).replace(/[-x]/, '>')) as () => Ref)();
        expect(refOf(next)).toEqual(refNext);
        s = next;
      }
    }
  });

  it('perft 3 agrees in positions taken from random games', () => {
    const rng = createRng(99);
    for (let g = 0; g < 6; g++) {
      let s = initialState();
      for (let ply = 0; ply < 40 + 10 * g && !outcomeOfState(s); ply++) s = play(s, rng.pick(legalMoves(s)));
      if (outcomeOfState(s)) continue;
      // Loaded from text: no repetition history, and the no-progress clock far from 100, so only moves count.
      const fresh = unwrap(tactrix.parsePosition(tactrix.formatPosition({ ...s, clock: 0 })));
      expect(tactrix.perft?.(fresh, 3)).toBe(refPerft(refOf(fresh), 3));
    }
  });
});
