/**
 * Changing a game outside the rounds: customizing the board (manual, "Customizing a Tactorus game": anything goes
 * except changes to the flags; leaving the screen with OK clears every scheduled order) and changing the rule
 * alterations in the middle of a game (manual, "Tactorus 3.5.X").
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import { EMPTY, isPieceChar, kindOf, SQUARES, squareName } from './board.js';
import { parseBoard } from './position.js';
import { NO_ORDERS, NOBODY_COMMITTED, sameRules, type Rules, type TactorusState } from './state.js';
import type { TactorusCode } from './codes.js';

function isFlag(c: string | undefined): boolean {
  return c !== undefined && c !== EMPTY && kindOf(c) === 'F';
}

/** Puts `piece` (`.` to empty the square) on `sq` of `board`, refusing any change that involves a flag. */
export function editSquare(board: string, sq: number, piece: string): Result<string, InputError<TactorusCode>> {
  if (!Number.isInteger(sq) || sq < 0 || sq >= SQUARES) {
    return err(inputError('customize/bad-square', 'squares are numbered 00 to 99', { input: String(sq) }));
  }
  if (piece !== EMPTY && !isPieceChar(piece)) {
    return err(
      inputError('customize/bad-piece', `"${piece}" is not a piece (F A C I for Player 1, f a c i for Player 2)`, {
        input: piece,
      }),
    );
  }
  if (isFlag(piece)) {
    return err(inputError('customize/flag', 'flags cannot be added, removed or moved', { input: piece }));
  }
  if (isFlag(board[sq])) {
    return err(
      inputError('customize/flag', `${squareName(sq)} holds a flag; flags cannot be removed or covered`, {
        input: squareName(sq),
      }),
    );
  }
  return ok(board.slice(0, sq) + piece + board.slice(sq + 1));
}

/** Moves the piece on `from` to `to` (emulating a move while customizing); flags stay where they are. */
export function editMove(board: string, from: number, to: number): Result<string, InputError<TactorusCode>> {
  const piece = board[from];
  if (piece === undefined || piece === EMPTY) {
    return err(inputError('customize/empty', `there is no piece on ${squareName(from)}`));
  }
  const lifted = editSquare(board, from, EMPTY);
  if (!lifted.ok) return lifted;
  return editSquare(lifted.value, to, piece);
}

/**
 * Replaces the board of `s` with `board` (the Customize screen's OK): every flag must stay on its square and no
 * flag may be added; all scheduled orders of both players are cleared.
 */
export function customize(s: TactorusState, board: string): Result<TactorusState, InputError<TactorusCode>> {
  if (s.ended) return err(inputError('customize/game-over', 'the game is over'));
  const parsed = board.length === SQUARES && !board.includes('/') ? ok(board) : parseBoard(board);
  if (!parsed.ok) return parsed;
  const b = parsed.value;
  for (let sq = 0; sq < SQUARES; sq++) {
    const before = s.board[sq];
    const after = b[sq] as string;
    if (after !== EMPTY && !isPieceChar(after)) {
      return err(inputError('customize/bad-piece', `"${after}" on ${squareName(sq)} is not a piece`, { at: sq }));
    }
    if ((isFlag(before) || isFlag(after)) && before !== after) {
      return err(
        inputError('customize/flag', `the flag on ${squareName(sq)} would change; flags cannot be customized`, {
          at: sq,
        }),
      );
    }
  }
  return ok({ board: b, round: s.round, rules: s.rules, orders: NO_ORDERS, committed: NOBODY_COMMITTED });
}

/**
 * Changes the rule alterations mid-game (manual, 3.5.X). **(ours)** Scheduled orders of both players are
 * cleared, as with customizing, since they were checked against the old rules (allowance, chain moves).
 */
export function changeRules(s: TactorusState, rules: Rules): Result<TactorusState, InputError<TactorusCode>> {
  if (s.ended) return err(inputError('rules/game-over', 'the game is over'));
  if (sameRules(s.rules, rules)) return ok(s);
  return ok({ board: s.board, round: s.round, rules, orders: NO_ORDERS, committed: NOBODY_COMMITTED });
}
