/**
 * Handicaps as options: the manual's number of men per side (manual, "Loading and Setup"), and the squares they are
 * taken from when the player named them **(ours**, as the terminal's setup questions allow). The game package
 * checks the squares; this reads them from option text and writes them back in one canonical form, so a game read
 * from a record has the same options as the game that wrote it.
 */
import { err, inputError, ok, type InputError, type Player, type Result } from '@tactica/core';
import { handicapSquares, parseSquare, squareName, startingSquares, type Handicap } from '@tactica/force400';

export const HANDICAP_KEYS: readonly [string, string] = ['handicapWhite', 'handicapBlack'];
export const HANDICAP_SQUARES_KEYS: readonly [string, string] = ['handicapWhiteSquares', 'handicapBlackSquares'];

/**
 * A side's handicap from its options: `count` men in the default order, or the squares named in `squaresText`
 * (spaces or commas between them), which must be `count` of them.
 */
export function readHandicap(side: Player, count: number, squaresText: string): Result<Handicap, InputError> {
  const countKey = HANDICAP_KEYS[side];
  const key = HANDICAP_SQUARES_KEYS[side];
  const text = squaresText.trim();
  let handicap: Handicap = count;
  if (text !== '') {
    const squares: number[] = [];
    for (const word of text.split(/[\s,]+/)) {
      const sq = parseSquare(word);
      if (sq === undefined) {
        return err(inputError('options/bad-value', `${key}: "${word}" is not a square (A0–J9)`, { input: key }));
      }
      squares.push(sq);
    }
    if (squares.length !== count) {
      return err(
        inputError(
          'options/bad-value',
          `${key}: names ${squares.length} square${squares.length === 1 ? '' : 's'}, but ${countKey} is ${count}`,
          { input: key },
        ),
      );
    }
    handicap = squares;
  }
  const checked = handicapSquares(side, handicap);
  if (!checked.ok) {
    const field = text === '' ? countKey : key;
    return err(inputError(checked.error.code, `${field}: ${checked.error.message}`, { input: field }));
  }
  if (typeof handicap === 'number') return ok(handicap);
  // One form for one handicap: the default order's squares as the number, others in starting-square order.
  const { squares } = handicapOptions(side, handicap);
  return ok(squares === '' ? count : sortSquares(side, handicap));
}

function sortSquares(side: Player, squares: readonly number[]): number[] {
  const order = startingSquares(side);
  return [...squares].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/**
 * A handicap's option values: its number of men, and its squares unless they are the default order's (then empty).
 * Squares are written in the order of the side's starting squares, front rank first, A file first.
 */
export function handicapOptions(
  side: Player,
  handicap: Handicap,
): { readonly count: number; readonly squares: string } {
  if (typeof handicap === 'number') return { count: handicap, squares: '' };
  const sorted = sortSquares(side, handicap);
  const byDefault = handicapSquares(side, handicap.length);
  const same =
    byDefault.ok && byDefault.value.length === sorted.length && byDefault.value.every((sq, i) => sq === sorted[i]);
  return { count: handicap.length, squares: same ? '' : sorted.map(squareName).join(' ') };
}
