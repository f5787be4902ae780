/**
 * Move ordering and the principal variation of the deep search (src/games/draughts/move-order.ts,
 * `DraughtsMoveOrder`) in AssemblyScript: each ply's move list and its order keys, two killers a ply, the history
 * table (a depth² bonus for the move that cut, a malus for the quiet moves tried before it) and the triangular PV
 * table, with the same keys and the same selection order, so that the same moves are searched in the same order.
 * Everything is allocated once (`orderInit`); nothing per node.
 */
import { positionHistoryIndex } from '../../../draughts/assembly/lib/search-position';

/** Room for one ply's moves (International kings' captures can run long). */
export const MAX_MOVES = 512;
/** History entries (`positionHistoryIndex` stays below this). */
const HISTORY = 1 << 13;

/** Order keys: the table's move first, then crowning moves, then the killers, then history. */
const HASH_KEY = 1 << 30;
const CROWN_KEY = 1 << 29;
const KILLER_KEY = 1 << 28;

/** Key fields (packages/draughts/src/engine.ts): crowns, and the bits that name a move in any list. */
export const KEY_CROWNS = 1 << 18;
export const KEY_IDENTITY = (1 << 22) - 1;

/** Ply p's moves start at `p * MAX_MOVES` (i32 each), their order keys likewise. */
export let moves: usize = 0;
let order: usize = 0;
let killers: usize = 0;
let history: usize = 0;
export let pvTable: usize = 0;
let pvLength: usize = 0;
let width = 0;

/** Lays out the lists of a search `maxPly` deep. */
export function orderInit(maxPly: i32): void {
  width = maxPly + 2;
  moves = heap.alloc((<usize>(width * MAX_MOVES)) << 2);
  order = heap.alloc((<usize>(width * MAX_MOVES)) << 2);
  killers = heap.alloc((<usize>(width * 2)) << 2);
  history = heap.alloc((<usize>HISTORY) << 2);
  pvTable = heap.alloc((<usize>(width * width)) << 2);
  pvLength = heap.alloc((<usize>width) << 2);
  memory.fill(killers, 0, (<usize>(width * 2)) << 2);
  memory.fill(history, 0, (<usize>HISTORY) << 2);
  memory.fill(pvLength, 0, (<usize>width) << 2);
}

export function moveAt(j: i32): i32 {
  return load<i32>(moves + ((<usize>j) << 2));
}

export function setMoveAt(j: i32, m: i32): void {
  store<i32>(moves + ((<usize>j) << 2), m);
}

export function orderAt(j: i32): i32 {
  return load<i32>(order + ((<usize>j) << 2));
}

function setOrderAt(j: i32, s: i32): void {
  store<i32>(order + ((<usize>j) << 2), s);
}

function historyAt(h: i32): i32 {
  return load<i32>(history + ((<usize>h) << 2));
}

function setHistoryAt(h: i32, v: i32): void {
  store<i32>(history + ((<usize>h) << 2), v);
}

export function pvLengthAt(ply: i32): i32 {
  return load<i32>(pvLength + ((<usize>ply) << 2));
}

export function setPvLength(ply: i32, n: i32): void {
  store<i32>(pvLength + ((<usize>ply) << 2), n);
}

/** A new game: nothing learnt is kept. */
export function orderClear(): void {
  memory.fill(history, 0, (<usize>HISTORY) << 2);
  memory.fill(killers, 0, (<usize>(width * 2)) << 2);
}

/** A new search of the same game: killers go, history fades (a quarter is kept). */
export function orderAge(): void {
  memory.fill(killers, 0, (<usize>(width * 2)) << 2);
  for (let i = 0; i < HISTORY; i++) setHistoryAt(i, historyAt(i) >> 2);
}

/** True when `key` sorts among the moves searched before the quiet rest (the table's move or a crowning move). */
export function isEarly(key: i32): bool {
  return key >= CROWN_KEY;
}

/**
 * Order keys for the `n` moves at `base`: captures by pieces taken (then crowning), quiet moves as above; the best
 * move brought to the front as `pickNext(base, 0, n)` would.
 */
export function scoreMoves(base: i32, n: i32, hashMove: i32, ply: i32, captures: bool): void {
  let bestJ = base;
  let bestS = -1;
  if (captures) {
    for (let j = base; j < base + n; j++) {
      const m = moveAt(j);
      const s = m === hashMove ? HASH_KEY : (((m >>> 13) & 31) << 8) + ((m & KEY_CROWNS) !== 0 ? 1 : 0);
      setOrderAt(j, s);
      if (s > bestS) {
        bestS = s;
        bestJ = j;
      }
    }
  } else {
    const k1 = load<i32>(killers + ((<usize>(ply * 2)) << 2));
    const k2 = load<i32>(killers + ((<usize>(ply * 2 + 1)) << 2));
    // `positionHistoryIndex` is the side to move's table with the move's squares.
    const side = positionHistoryIndex(0);
    for (let j = base; j < base + n; j++) {
      const m = moveAt(j);
      let s: i32;
      if (m === hashMove) s = HASH_KEY;
      else if ((m & KEY_CROWNS) !== 0) s = CROWN_KEY;
      else if ((m & KEY_IDENTITY) === k1) s = KILLER_KEY;
      else if ((m & KEY_IDENTITY) === k2) s = KILLER_KEY - 1;
      else s = historyAt(side | (m & 0xfff));
      setOrderAt(j, s);
      if (s > bestS) {
        bestS = s;
        bestJ = j;
      }
    }
  }
  if (bestJ !== base) {
    const m = moveAt(base);
    setMoveAt(base, moveAt(bestJ));
    setMoveAt(bestJ, m);
    setOrderAt(bestJ, orderAt(base));
    setOrderAt(base, bestS);
  }
}

/** Selection sort step: brings the best remaining move to position i. */
export function pickNext(base: i32, i: i32, n: i32): i32 {
  let bestJ = i;
  let bestS = orderAt(base + i);
  for (let j = i + 1; j < n; j++) {
    const s = orderAt(base + j);
    if (s > bestS) {
      bestS = s;
      bestJ = j;
    }
  }
  if (bestJ !== i) {
    const m = moveAt(base + i);
    setMoveAt(base + i, moveAt(base + bestJ));
    setMoveAt(base + bestJ, m);
    setOrderAt(base + bestJ, orderAt(base + i));
    setOrderAt(base + i, bestS);
  }
  return moveAt(base + i);
}

/** A quiet move cut at `ply`: it becomes a killer and gains history; the `tried` moves before it lose some. */
export function rememberCutoff(move: i32, depth: i32, ply: i32, base: i32, tried: i32): void {
  const id = move & KEY_IDENTITY;
  const k = killers + ((<usize>(ply * 2)) << 2);
  if (load<i32>(k) !== id) {
    store<i32>(k, load<i32>(k), 4);
    store<i32>(k, id);
  }
  const bonus = depth * depth;
  const h = positionHistoryIndex(move);
  const raised = historyAt(h) + bonus;
  setHistoryAt(h, raised < 1 << 24 ? raised : 1 << 24);
  for (let j = 0; j < tried; j++) {
    const t = positionHistoryIndex(moveAt(base + j));
    const lowered = historyAt(t) - (bonus >> 1);
    setHistoryAt(t, lowered > 0 ? lowered : 0);
  }
}

/** `move` is the best at `ply` so far: the PV from here is it and the child's PV. */
export function updatePv(ply: i32, move: i32): void {
  const row = pvTable + ((<usize>(ply * width)) << 2);
  const next = pvTable + ((<usize>((ply + 1) * width)) << 2);
  store<i32>(row + ((<usize>ply) << 2), move);
  const len = pvLengthAt(ply + 1);
  for (let j = ply + 1; j < len; j++) store<i32>(row + ((<usize>j) << 2), load<i32>(next + ((<usize>j) << 2)));
  setPvLength(ply, len > ply + 1 ? len : ply + 1);
}
