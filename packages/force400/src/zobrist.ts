/**
 * Zobrist keys for Force 400 positions: each man (square, side, force), the kings, the recharge counters and the
 * side to move. The move number is left out: two positions that differ only in it play alike, because recharge
 * eligibility depends only on the counters (how many more of a man's side's turns must begin before he may
 * recharge). The search keeps the hash incrementally (search-position.ts); `hashState` computes it from scratch.
 */
import { zobristKeys, type Player } from '@tactica/core';
import { isHomeRank, SQUARES } from './board.js';
import type { Force400Engine } from './engine.js';
import { RECHARGE_TURNS } from './rules.js';
import { loadEngine, type Force400State } from './state.js';

const MAN = 0; // (sq * 2 + side) * 100 + force
const KING = MAN + SQUARES * 2 * 100; // sq * 2 + side
const WAIT = KING + SQUARES * 2; // (sq * 2 + side) * 2 + wait - 1, wait 1 or 2
const SIDE = WAIT + SQUARES * 2 * 2;
const KEYS = zobristKeys(SIDE + 1, 'force400');

/** Low and high words of the key for a man (and his crown) standing on `sq`. */
export function manKeyLo(sq: number, side: number, force: number, king: boolean): number {
  const i = (sq * 2 + side) * 100 + force;
  const k = KEYS[2 * (MAN + i)] as number;
  return king ? k ^ (KEYS[2 * (KING + sq * 2 + side)] as number) : k;
}

export function manKeyHi(sq: number, side: number, force: number, king: boolean): number {
  const i = (sq * 2 + side) * 100 + force;
  const k = KEYS[2 * (MAN + i) + 1] as number;
  return king ? k ^ (KEYS[2 * (KING + sq * 2 + side) + 1] as number) : k;
}

/** The key of a recharge counter of 1 or 2 on the man on `sq`. */
export function waitKeyLo(sq: number, side: number, wait: number): number {
  return KEYS[2 * (WAIT + (sq * 2 + side) * 2 + wait - 1)] as number;
}

export function waitKeyHi(sq: number, side: number, wait: number): number {
  return KEYS[2 * (WAIT + (sq * 2 + side) * 2 + wait - 1) + 1] as number;
}

export const SIDE_KEY_LO = KEYS[2 * SIDE] as number;
export const SIDE_KEY_HI = KEYS[2 * SIDE + 1] as number;

/**
 * The recharge counter of the man on `sq` in `e` (0–2): how many more of his side's turns must begin before he may
 * recharge again. Always 0 on rank 0 or 9 (state.ts keeps the same convention).
 */
export function waitAt(e: Force400Engine, sq: number): number {
  if (isHomeRank(sq)) return 0;
  const side = e.owner[sq] as Player;
  const w = RECHARGE_TURNS - (e.nextTurnOf(side) - (e.left[sq] as number));
  return w > 0 ? w : 0;
}

/** The hash of an engine's position from scratch, as [low word, high word] (uint32 each). */
export function hashEngine(e: Force400Engine): [number, number] {
  let lo = 0;
  let hi = 0;
  for (let sq = 0; sq < SQUARES; sq++) {
    const o = e.owner[sq] as number;
    if (o === -1) continue;
    const king = e.king[sq] === 1;
    lo ^= manKeyLo(sq, o, e.force[sq] as number, king);
    hi ^= manKeyHi(sq, o, e.force[sq] as number, king);
    const w = waitAt(e, sq);
    if (w > 0) {
      lo ^= waitKeyLo(sq, o, w);
      hi ^= waitKeyHi(sq, o, w);
    }
  }
  if (e.side === 1) {
    lo ^= SIDE_KEY_LO;
    hi ^= SIDE_KEY_HI;
  }
  return [lo >>> 0, hi >>> 0];
}

/** The hash of a position (equal positions, as the game plays them, hash alike). */
export function hashState(s: Force400State): [number, number] {
  return hashEngine(loadEngine(s));
}
