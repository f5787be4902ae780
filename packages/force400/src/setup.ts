/**
 * The starting position and handicaps (manual, "Loading and Setup" and "Basics of Play"; rules/force400.md, Setup).
 */
import { err, inputError, ok, type InputError, type Player, type Result } from '@tactica/core';
import { squareAt, squareName } from './board.js';
import type { Force400State, Man } from './state.js';
import { START_FORCE } from './rules.js';
import type { Force400Code } from './codes.js';

/** White fills ranks 8 and 9, Black ranks 0 and 1. */
export const HOME_RANKS: readonly [readonly [number, number], readonly [number, number]] = [
  [8, 9],
  [1, 0],
];

/** The kings: White's on H9 (the manual's record forces it), Black's on C0, its 180° image. */
export const KING_SQUARES: readonly [number, number] = [squareAt(7, 9), squareAt(2, 0)];

/** At most 19 men: the king always stays. **(ours)** */
export const MAX_HANDICAP = 19;

/** A handicap: a number of men (removed in the default order) or the exact squares to clear. */
export type Handicap = number | readonly number[];

export interface Force400Setup {
  /** White's and Black's handicaps (default none). */
  readonly handicap?: readonly [Handicap, Handicap];
}

/** Every starting square of `side`, front rank first (A to J), then the back rank: the default removal order. */
export function startingSquares(side: Player): number[] {
  const [front, back] = HOME_RANKS[side];
  const out: number[] = [];
  for (const rank of [front, back]) for (let file = 0; file < 10; file++) out.push(squareAt(file, rank));
  return out;
}

/**
 * The squares a handicap removes **(ours)**: by default the first N men of the front rank from the A file to the
 * J file, then the back rank (never the king); or the squares the player named.
 */
export function handicapSquares(side: Player, handicap: Handicap): Result<number[], InputError<Force400Code>> {
  const who = side === 0 ? 'White' : 'Black';
  if (typeof handicap === 'number') {
    if (!Number.isInteger(handicap) || handicap < 0 || handicap > MAX_HANDICAP) {
      return err(
        inputError('setup/bad-handicap', `${who}'s handicap must be 0 to ${MAX_HANDICAP} men, not ${handicap}`, {
          input: String(handicap),
        }),
      );
    }
    return ok(
      startingSquares(side)
        .filter((sq) => sq !== KING_SQUARES[side])
        .slice(0, handicap),
    );
  }
  if (handicap.length > MAX_HANDICAP) {
    return err(inputError('setup/bad-handicap', `${who} can give at most ${MAX_HANDICAP} men, not ${handicap.length}`));
  }
  const own = new Set(startingSquares(side));
  const seen = new Set<number>();
  for (const sq of handicap) {
    const name = Number.isInteger(sq) && sq >= 0 && sq < 100 ? squareName(sq) : String(sq);
    if (!own.has(sq)) {
      return err(inputError('setup/bad-handicap', `${name} is not one of ${who}'s starting squares`, { input: name }));
    }
    if (sq === KING_SQUARES[side]) {
      return err(
        inputError('setup/bad-handicap', `${who}'s king on ${name} cannot be given as a handicap`, { input: name }),
      );
    }
    if (seen.has(sq)) {
      return err(inputError('setup/bad-handicap', `${name} is named twice in ${who}'s handicap`, { input: name }));
    }
    seen.add(sq);
  }
  return ok([...handicap]);
}

/** The starting position: 20 men a side at force 10 (less any handicap), White to move. */
export function setupPosition(setup: Force400Setup = {}): Result<Force400State, InputError<Force400Code>> {
  const board: (Man | null)[] = new Array<Man | null>(100).fill(null);
  for (const side of [0, 1] as const) {
    const removed = handicapSquares(side, setup.handicap?.[side] ?? 0);
    if (!removed.ok) return removed;
    const gone = new Set(removed.value);
    for (const sq of startingSquares(side)) {
      if (gone.has(sq)) continue;
      board[sq] = { side, force: START_FORCE, king: sq === KING_SQUARES[side], wait: 0 };
    }
  }
  return ok({ board, toMove: 0, moveNumber: 1, ended: null });
}
