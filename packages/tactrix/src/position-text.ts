/**
 * Position text **(ours)**: the board from rank 10 (Black's back row) down to rank 1, ranks separated by `/`, one
 * character a square from file a to j: a piece letter (`J N W V D R K`, upper case White, lower case Black), `*` for
 * an empty square holding a chip, `.` for an empty square without one. Then the side to move (`w`/`b`), White's and
 * Black's chip balances, the plies since the last capture, collection or purchase, and the move number:
 *
 *   vndwrkwdnv/jjjjjjjjjj/ (six ranks of ten "*") /JJJJJJJJJJ/VNDWRKWDNV w 0 0 0 1
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import {
  FILES,
  JERK,
  KING,
  NO_PROGRESS_LIMIT,
  RANKS,
  REGENEROID,
  SQUARES,
  farRank,
  inOwnHalf,
  owner,
  pieceFromLetter,
  pieceLetter,
  squareAt,
  squareName,
  typeOf,
} from './pieces.js';
import type { TactrixState } from './state.js';
import type { TactrixCode } from './codes.js';

/** Largest chip balance and move number position text accepts. */
const MAX_COUNT = 1_000_000;

export function formatPosition(s: TactrixState): string {
  const ranks: string[] = [];
  for (let r = RANKS - 1; r >= 0; r--) {
    let row = '';
    for (let f = 0; f < FILES; f++) {
      const sq = squareAt(f, r);
      const p = s.board[sq] as number;
      row += p !== 0 ? pieceLetter(p) : (s.chips[sq] as number) > 0 ? '*' : '.';
    }
    ranks.push(row);
  }
  return `${ranks.join('/')} ${s.turn === 0 ? 'w' : 'b'} ${s.balance[0]} ${s.balance[1]} ${s.clock} ${s.moveNumber}`;
}

export function parsePosition(text: string): Result<TactrixState, InputError<TactrixCode>> {
  if (typeof text !== 'string') return err(inputError('position/syntax', 'position text must be a string'));
  const lead = text.length - text.trimStart().length;
  const body = text.trim();
  const fields = body.split(/\s+/);
  if (body === '' || fields.length !== 6) {
    return err(
      inputError(
        'position/syntax',
        'expected six fields: board, side to move, White chips, Black chips, plies without progress, move number',
        { input: text.slice(0, 200) },
      ),
    );
  }
  const [boardText, side, white, black, clockText, moveText] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const rows = boardText.split('/');
  if (rows.length !== RANKS) {
    return err(
      inputError('position/bad-board', `the board needs ${RANKS} ranks separated by "/", found ${rows.length}`, {
        at: lead,
        input: boardText.slice(0, 200),
      }),
    );
  }
  const board = new Array<number>(SQUARES).fill(0);
  const chips = new Array<number>(SQUARES).fill(0);
  let at = lead;
  for (let i = 0; i < RANKS; i++) {
    const row = rows[i] as string;
    const rank = RANKS - 1 - i;
    if (row.length !== FILES) {
      return err(
        inputError('position/bad-rank', `rank ${rank + 1} needs ${FILES} squares, found ${row.length}`, {
          at,
          input: row,
        }),
      );
    }
    for (let f = 0; f < FILES; f++) {
      const c = row[f] as string;
      const sq = squareAt(f, rank);
      if (c === '*') chips[sq] = 1;
      else if (c !== '.') {
        const piece = pieceFromLetter(c);
        if (piece === 0) {
          return err(
            inputError('position/bad-square', `"${c}" on ${squareName(sq)} is not a piece, "*" or "."`, {
              at: at + f,
              input: c,
            }),
          );
        }
        board[sq] = piece;
      }
    }
    at += FILES + 1;
  }
  if (side !== 'w' && side !== 'b') {
    return err(inputError('position/bad-side', `the side to move must be "w" or "b", not "${side}"`, { input: side }));
  }
  const numbers: [string, string, number][] = [
    [white, "White's chips", 0],
    [black, "Black's chips", 0],
    [clockText, 'plies without progress', 0],
    [moveText, 'move number', 1],
  ];
  const values: number[] = [];
  for (const [t, what, min] of numbers) {
    const v = /^\d{1,7}$/.test(t) ? Number(t) : NaN;
    if (!(v >= min && v <= MAX_COUNT)) {
      return err(
        inputError('position/bad-number', `${what} must be a whole number from ${min} to ${MAX_COUNT}, not "${t}"`, {
          input: t,
        }),
      );
    }
    values.push(v);
  }
  const [wChips, bChips, clock, moveNumber] = values as [number, number, number, number];
  if (clock > NO_PROGRESS_LIMIT) {
    return err(
      inputError('position/bad-clock', `plies without progress cannot exceed ${NO_PROGRESS_LIMIT} (got ${clock})`, {
        input: clockText,
      }),
    );
  }
  const setup = checkSetup(board);
  if (!setup.ok) return setup;
  return ok({
    board,
    chips,
    balance: [wChips, bChips],
    turn: side === 'w' ? 0 : 1,
    clock,
    moveNumber,
    history: [],
  });
}

/**
 * What makes a board one the rules can reach: at most one king and one regeneroid a side (neither can be bought),
 * at least one king on the board (a missing king means that side lost), regeneroids in their own half, and no jerk on
 * its far row (it would have left the board).
 */
function checkSetup(board: readonly number[]): Result<true, InputError<TactrixCode>> {
  const kings: [number, number] = [0, 0];
  const regens: [number, number] = [0, 0];
  for (let sq = 0; sq < SQUARES; sq++) {
    const p = board[sq] as number;
    if (p === 0) continue;
    const side = owner(p);
    const type = typeOf(p);
    const rank = (sq - (sq % FILES)) / FILES;
    if (type === KING) kings[side]++;
    if (type === REGENEROID) {
      regens[side]++;
      if (!inOwnHalf(side, rank)) {
        return err(
          inputError('position/regeneroid-half', `the regeneroid on ${squareName(sq)} is outside its own half`, {
            input: squareName(sq),
          }),
        );
      }
    }
    if (type === JERK && rank === farRank(side)) {
      return err(
        inputError('position/jerk-far-row', `the jerk on ${squareName(sq)} stands on its far row`, {
          input: squareName(sq),
        }),
      );
    }
  }
  for (const side of [0, 1] as const) {
    const name = side === 0 ? 'White' : 'Black';
    if ((kings[side] as number) > 1) {
      return err(inputError('position/kings', `${name} has ${kings[side]} kings; a king cannot be bought`));
    }
    if ((regens[side] as number) > 1) {
      return err(
        inputError('position/regeneroids', `${name} has ${regens[side]} regeneroids; a regeneroid cannot be bought`),
      );
    }
  }
  if (kings[0] === 0 && kings[1] === 0) return err(inputError('position/kings', 'neither side has a king'));
  return ok(true);
}
