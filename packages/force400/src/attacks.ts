/**
 * Who can attack whom next turn (manual, "Combat and capture"): the questions the computer opponent asks of every
 * position — can a man be taken, can the king be taken, how much force must a man hold to survive. Pure reads of a
 * `Force400Engine`; nothing here allocates.
 */
import type { Player } from '@tactica/core';
import * as board from './board.js';
import type { Force400Engine } from './engine.js';

// Module-local copies of the board's ray tables: V8 compiles a module's own unexported constant arrays into optimised
// code (address and length known) but loads and checks imported ones at every use (see evaluate.ts).
const RAY_LENGTH = board.RAY_LENGTH.slice();
const RAY_START = board.RAY_START.slice();
const RAYS = board.RAYS.slice();

/**
 * The strongest attack `by` can make on square `sq` with one move: the greatest force any of his men would arrive
 * with (a long move costs one unit before combat), or -1 when none of his men can reach it. Only the first man
 * along each line can reach a square; a zero-force man moves one step only.
 */
export function strongestAttack(e: Force400Engine, sq: number, by: Player): number {
  let best = -1;
  for (let d = 0; d < 8; d++) {
    const start = RAY_START[sq * 8 + d] as number;
    const len = RAY_LENGTH[sq * 8 + d] as number;
    for (let k = 0; k < len; k++) {
      const t = RAYS[start + k] as number;
      const o = e.owner[t] as number;
      if (o === -1) continue;
      if (o === by) {
        const f = e.force[t] as number;
        if (k === 0) {
          if (f > best) best = f;
        } else if (f > 0 && f - 1 > best) best = f - 1;
      }
      break;
    }
  }
  return best;
}

/** True when the man on `sq` would lose to the strongest attack his enemy can make next turn (ties go to him). */
export function isTakeable(e: Force400Engine, sq: number): boolean {
  const o = e.owner[sq] as number;
  if (o === -1) return false;
  return strongestAttack(e, sq, o === 0 ? 1 : 0) > (e.force[sq] as number);
}

/** True when `by` could take the other side's king with his next move. */
export function canTakeKing(e: Force400Engine, by: Player): boolean {
  const k = e.kingSquare[by === 0 ? 1 : 0] as number;
  return k >= 0 && strongestAttack(e, k, by) > (e.force[k] as number);
}

/**
 * The squares of `by`'s men that could take the man on `sq` next turn, written into `out` from 0; returns how many
 * (at most 8, one per line).
 */
export function attackersOf(e: Force400Engine, sq: number, by: Player, out: Int32Array | number[]): number {
  const defence = e.force[sq] as number;
  let n = 0;
  for (let d = 0; d < 8; d++) {
    const start = RAY_START[sq * 8 + d] as number;
    const len = RAY_LENGTH[sq * 8 + d] as number;
    for (let k = 0; k < len; k++) {
      const t = RAYS[start + k] as number;
      const o = e.owner[t] as number;
      if (o === -1) continue;
      if (o === by) {
        const f = e.force[t] as number;
        const arrives = k === 0 ? f : f > 0 ? f - 1 : -1;
        if (arrives > defence) out[n++] = t;
      }
      break;
    }
  }
  return n;
}

/** The units a transfer must send so that at least `gain` arrive: the loss is ⌈n/5⌉, so n = gain + ⌈gain/4⌉. */
export function unitsToDeliver(gain: number): number {
  return gain <= 0 ? 0 : gain + ((gain + 3) >> 2);
}
