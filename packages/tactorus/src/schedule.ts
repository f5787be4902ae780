/**
 * Scheduling orders (manual, "Tactorus Rules", basic rules 2–4 and alterations 1–6; Tactorus 3.1 item 1 for
 * withdrawing chain moves). Everything here looks only at the scheduling player's own pieces and orders, so an
 * answer (legal or not, and why) never depends on, and never reveals, the other side's orders.
 */
import { inputError, type InputError, type Player } from '@tactica/core';
import {
  homeRow,
  isHighGround,
  isReachable,
  ownerOf,
  rowOf,
  squareName,
  SQUARES,
  TARGET_START,
  TARGETS,
} from './board.js';
import type { Order, Rules, TactorusMove, TactorusState } from './state.js';

/** Orders a round without alterations allow: every piece may move (basic rule 3). */
export const BASE_ALLOWANCE = 10;

/**
 * How many orders player `p` may schedule this round, counted on the position at the start of the round.
 * Basic game: one per piece. With Supply Lines and/or High Ground: 10, minus 2 per square of `p`'s home row held
 * by an enemy piece, plus 1 per centre square held by `p`; at least 1; never more than `p`'s pieces
 * (alterations 2, 3, 5 and 6).
 */
export function allowance(board: string, rules: Rules, p: Player): number {
  let pieces = 0;
  let lostSupply = 0;
  let highGround = 0;
  const home = homeRow(p);
  for (let sq = 0; sq < SQUARES; sq++) {
    const owner = ownerOf(board[sq]);
    if (owner === undefined) continue;
    if (owner === p) {
      pieces++;
      if (isHighGround(sq)) highGround++;
    } else if (rowOf(sq) === home) lostSupply++;
  }
  if (!rules.supplyLines && !rules.highGround) return pieces;
  let n = BASE_ALLOWANCE;
  if (rules.supplyLines) n -= 2 * lostSupply;
  if (rules.highGround) n += highGround;
  return Math.min(Math.max(n, 1), pieces);
}

/** The pending order of the piece on `from`, if any. */
export function orderFrom(orders: readonly Order[], from: number): Order | undefined {
  for (const o of orders) if (o.from === from) return o;
  return undefined;
}

/** The pending order moving into `to`, if any. */
export function orderInto(orders: readonly Order[], to: number): Order | undefined {
  for (const o of orders) if (o.to === to) return o;
  return undefined;
}

function isSquare(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n < SQUARES;
}

/** Why `p` may not schedule anything now, or undefined when `p` is scheduling. */
export function checkScheduling(s: TactorusState, p: Player): InputError | undefined {
  if (s.ended) return inputError('order/game-over', 'the game is over');
  if (s.committed[p]) return inputError('order/committed', `Player ${p + 1} has already finished this round's orders`);
  return undefined;
}

/** Why the piece on `from` cannot take an order of `p` whatever its target: not p's piece, or already ordered. */
function pieceProblem(s: TactorusState, p: Player, from: number, text: string): InputError | undefined {
  if (ownerOf(s.board[from]) !== p) {
    return inputError('order/not-your-piece', `there is no piece of Player ${p + 1} on ${squareName(from)}`, {
      input: text,
    });
  }
  const existing = orderFrom(s.orders[p], from);
  if (existing) {
    return inputError(
      'order/already-ordered',
      `the piece on ${squareName(from)} already has an order (${squareName(existing.from)}-${squareName(existing.to)}); withdraw it first`,
      { input: text },
    );
  }
  return undefined;
}

/** Why `p` may give no further order this round: the allowance is used up (alterations 2, 3, 5 and 6). */
function allowanceProblem(s: TactorusState, p: Player, text: string): InputError | undefined {
  const limit = allowance(s.board, s.rules, p);
  if (s.orders[p].length < limit) return undefined;
  return inputError('order/allowance', `this round allows ${limit} order${limit === 1 ? '' : 's'}, all scheduled`, {
    input: text,
  });
}

/**
 * Why player `p` may not order the piece on `from` to any square now, or undefined when it may take an order (to
 * some target): `p` is scheduling, the piece is p's and not yet ordered, and the round's allowance is not used up.
 * Whether a given target is allowed is `checkOrder`'s; a piece may pass here and still have no free target.
 */
export function checkPiece(s: TactorusState, p: Player, from: number): InputError | undefined {
  const blocked = checkScheduling(s, p);
  if (blocked) return blocked;
  if (!isSquare(from)) return inputError('order/bad-square', `squares are numbered 00 to 99`, { input: String(from) });
  const text = squareName(from);
  return pieceProblem(s, p, from, text) ?? allowanceProblem(s, p, text);
}

/**
 * Why player `p` may not order the piece on `from` to `to`, or undefined when the order is legal.
 * The restrictions, in the order they are checked: the piece is p's and not yet ordered; the target is one or two
 * squares away in a straight line; the target is not held now by an own piece (with Chain moves: unless that
 * piece is already ordered away); no other own order moves into it; the round's allowance is not used up.
 */
export function checkOrder(s: TactorusState, p: Player, from: number, to: number): InputError | undefined {
  const blocked = checkScheduling(s, p);
  if (blocked) return blocked;
  const text = `${squareName(from)}-${squareName(to)}`;
  if (!isSquare(from) || !isSquare(to)) {
    return inputError('order/bad-square', `squares are numbered 00 to 99`, { input: text });
  }
  const piece = pieceProblem(s, p, from, text);
  if (piece) return piece;
  const own = s.orders[p];
  if (!isReachable(from, to)) {
    return inputError(
      'order/out-of-reach',
      `${squareName(to)} is not one or two squares from ${squareName(from)} in a straight line`,
      { input: text },
    );
  }
  if (ownerOf(s.board[to]) === p && !(s.rules.chain && orderFrom(own, to))) {
    return inputError(
      'order/own-square',
      s.rules.chain
        ? `${squareName(to)} holds your piece, which has no order to move away`
        : `${squareName(to)} holds one of your pieces (Chain moves are off)`,
      { input: text },
    );
  }
  const into = orderInto(own, to);
  if (into) {
    return inputError(
      'order/square-taken',
      `${squareName(to)} is already the target of your order ${squareName(into.from)}-${squareName(into.to)}`,
      { input: text },
    );
  }
  return allowanceProblem(s, p, text);
}

/**
 * Why `p` may not withdraw the order of the piece on `from`, or undefined. With Chain moves, an order another
 * order depends on (one moving into the square it leaves) can only be withdrawn after that one (3.1 item 1).
 */
export function checkWithdraw(s: TactorusState, p: Player, from: number): InputError | undefined {
  const blocked = checkScheduling(s, p);
  if (blocked) return blocked;
  const own = s.orders[p];
  if (!orderFrom(own, from)) {
    return inputError('withdraw/no-order', `no order of yours starts on ${isSquare(from) ? squareName(from) : from}`);
  }
  const dependent = orderInto(own, from);
  if (dependent) {
    return inputError(
      'withdraw/depended-on',
      `your order ${squareName(dependent.from)}-${squareName(dependent.to)} moves into ${squareName(from)}; withdraw it first`,
    );
  }
  return undefined;
}

/** Why `m` is not legal in `s`, or undefined when it is. */
export function checkMove(s: TactorusState, m: TactorusMove): InputError | undefined {
  switch (m.type) {
    case 'order':
      return checkOrder(s, m.player, m.from, m.to);
    case 'withdraw':
      return checkWithdraw(s, m.player, m.from);
    case 'done':
      return checkScheduling(s, m.player);
  }
}

const scratchTaken = new Uint8Array(SQUARES);
const scratchOrdered = new Uint8Array(SQUARES);

/**
 * Every legal move of `p`: each order (piece by piece, targets in table order), each withdrawal, then `done`.
 * Empty when `p` may not schedule. Uses two preallocated square tables instead of a check per candidate.
 */
export function legalMovesOf(s: TactorusState, p: Player): TactorusMove[] {
  if (checkScheduling(s, p)) return [];
  const own = s.orders[p];
  const moves: TactorusMove[] = [];
  const board = s.board;
  if (own.length < allowance(board, s.rules, p)) {
    // taken: squares an order may not move into (held by an unordered own piece, or already a target).
    scratchTaken.fill(0);
    scratchOrdered.fill(0);
    for (const o of own) {
      scratchOrdered[o.from] = 1;
      scratchTaken[o.to] = 1;
    }
    for (let sq = 0; sq < SQUARES; sq++) {
      if (ownerOf(board[sq]) === p && !(s.rules.chain && scratchOrdered[sq])) scratchTaken[sq] = 1;
    }
    for (let from = 0; from < SQUARES; from++) {
      if (ownerOf(board[from]) !== p || scratchOrdered[from]) continue;
      for (let i = TARGET_START[from] as number; i < (TARGET_START[from + 1] as number); i++) {
        const to = TARGETS[i] as number;
        if (!scratchTaken[to]) moves.push({ type: 'order', player: p, from, to });
      }
    }
  }
  for (const o of own) {
    if (!orderInto(own, o.from)) moves.push({ type: 'withdraw', player: p, from: o.from });
  }
  moves.push({ type: 'done', player: p });
  return moves;
}
