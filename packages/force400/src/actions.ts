/**
 * Actions (manual, "When it is your turn"): move a man (M), transfer force (T), abdicate (S in the record, X at the
 * keyboard). `refusal` says why an action is illegal — one reason, as the original printed one.
 */
import { inputError, type InputError, type Player } from '@tactica/core';
import { distance, LINE, RAY_START, RAYS, SIDE_NAMES, squareName } from './board.js';
import {
  ABDICATE,
  codeAmount,
  codeFrom,
  codeKind,
  codeTo,
  encodeAction,
  type Force400Engine,
  MOVE,
  PLAYING,
  TRANSFER,
} from './engine.js';
import { ABDICATION_COST } from './rules.js';
import type { Force400Code } from './codes.js';

export const ACTION_KINDS = ['move', 'transfer', 'abdicate'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** One action. `amount` is the number of units sent by a transfer (0 for the other kinds). */
export interface Force400Action {
  readonly kind: ActionKind;
  readonly from: number;
  readonly to: number;
  readonly amount: number;
}

const KIND_CODES: Readonly<Record<ActionKind, number>> = { move: MOVE, transfer: TRANSFER, abdicate: ABDICATE };

export function actionCode(a: Force400Action): number {
  return encodeAction(KIND_CODES[a.kind], a.from, a.to, a.kind === 'transfer' ? a.amount : 0);
}

export function actionFromCode(code: number): Force400Action {
  const kind = ACTION_KINDS[codeKind(code)] ?? 'move';
  return { kind, from: codeFrom(code), to: codeTo(code), amount: codeAmount(code) };
}

export function sameAction(a: Force400Action, b: Force400Action): boolean {
  return a.kind === b.kind && a.from === b.from && a.to === b.to && a.amount === b.amount;
}

/**
 * Why `a` is illegal for the side to move in `engine`, or undefined when it is legal. Checks run in a fixed order
 * and the first failure is the one reason given: game over; the source square; the line and what blocks it; then
 * what each kind needs of the destination, the force and the amount.
 */
export function refusal(engine: Force400Engine, a: Force400Action): InputError | undefined {
  const valid = (sq: number): boolean => Number.isInteger(sq) && sq >= 0 && sq < 100;
  if (!valid(a.from) || !valid(a.to)) {
    return inputError('move/bad-square', 'Squares are a letter A–J and a digit 0–9.', {
      input: `${a.from}-${a.to}`,
    });
  }
  const text = describeAction(a);
  const refuse = (code: Force400Code, message: string): InputError => inputError(code, message, { input: text });
  if (engine.winner !== PLAYING) return refuse('move/game-over', 'The game is over.');
  const { from, to } = a;
  const p = engine.side;
  const src = engine.owner[from] as number;
  const dst = engine.owner[to] as number;
  const f = engine.force[from] as number;
  const F = squareName(from);
  const T = squareName(to);
  if (src === -1) return refuse('move/no-man', `There is no man on ${F}.`);
  if (src !== p) return refuse('move/not-your-man', `The man on ${F} is ${SIDE_NAMES[src as Player]}'s, not yours.`);
  if (a.kind === 'abdicate' && engine.king[from] !== 1) {
    return refuse('move/not-king', `Only the king can abdicate, and the man on ${F} is not your king.`);
  }
  if (from === to) return refuse('move/same-square', 'The source and destination are the same square.');
  const d = LINE[from * 100 + to] as number;
  if (d < 0) {
    return refuse('move/not-a-line', `${F} to ${T} is not a straight line: no dogleg moves.`);
  }
  const steps = distance(from, to);
  const start = RAY_START[from * 8 + d] as number;
  for (let k = 0; k < steps - 1; k++) {
    const between = RAYS[start + k] as number;
    if (engine.owner[between] !== -1) {
      return refuse('move/blocked', `The way from ${F} to ${T} is blocked by the man on ${squareName(between)}.`);
    }
  }
  if (a.kind === 'move') {
    if (dst === p) return refuse('move/own-man', `${T} is occupied by your own man.`);
    if (steps > 1 && f === 0) {
      return refuse('move/zero-force', `The man on ${F} has zero force: he can make only a short move.`);
    }
    return undefined;
  }
  if (dst === -1) {
    return a.kind === 'transfer'
      ? refuse('move/no-receiver', `There is no man on ${T} to receive the force.`)
      : refuse('move/no-receiver', `There is no man on ${T} to receive the kingship.`);
  }
  if (dst !== p) {
    return a.kind === 'transfer'
      ? refuse(
          'move/enemy-receiver',
          `Force can be transferred only to your own men, and the man on ${T} is not yours.`,
        )
      : refuse('move/enemy-receiver', `The kingship can pass only to your own man, and the man on ${T} is not yours.`);
  }
  if (a.kind === 'transfer') {
    if (!Number.isInteger(a.amount) || a.amount < 1) {
      return refuse('move/bad-amount', 'A transfer must send at least 1 unit.');
    }
    if (a.amount > f) {
      return refuse('move/too-much', `The man on ${F} has only ${f} unit${f === 1 ? '' : 's'} to send.`);
    }
    return undefined;
  }
  if (f < ABDICATION_COST) {
    return refuse('move/weak-king', `A king weaker than force level 2 cannot abdicate; yours has ${f}.`);
  }
  return undefined;
}

/** The action in record notation: `M C8-C1`, `T J8-C1 10`, `S E9-F9`. */
export function describeAction(a: Force400Action): string {
  const squares = `${squareName(a.from)}-${squareName(a.to)}`;
  if (a.kind === 'transfer') return `T ${squares} ${a.amount}`;
  return `${a.kind === 'move' ? 'M' : 'S'} ${squares}`;
}
