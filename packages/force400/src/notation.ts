/**
 * Action text (manual, "Game-Record Notation" and "Move Entry"): a letter for the kind, then the source and
 * destination squares, and for a transfer the number of units sent — `M C8-C1`, `T J8-C1 10`, `S E9-F9`.
 *
 * The reader is tolerant, as a person typing or an OCR'd printout needs: any case, the letter may touch the square
 * (`TJ8-C1 10`), the letter O stands for the digit 0 (`FO-C3`), the hyphen may be a space or absent, and the letter
 * may be left out for a plain move. `X` (the abdication key) is read like `S` (its record letter).
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import { parseSquare } from './board.js';
import type { ActionKind, Force400Action } from './actions.js';
import type { Force400Code } from './codes.js';

const LETTERS: Readonly<Record<string, ActionKind>> = { M: 'move', T: 'transfer', S: 'abdicate', X: 'abdicate' };

const ACTION_PATTERN = /^\s*(?:([A-Za-z])\s*)?([A-Za-z][0-9Oo])\s*-?\s*([A-Za-z][0-9Oo])(?:\s+(\S+))?\s*$/;

/** Reads action text; checks only its form (legality is the rules' business). */
export function parseActionText(text: string): Result<Force400Action, InputError<Force400Code>> {
  const input = text;
  if (text.length > 200)
    return err(inputError('move/syntax', 'That is far too long for a move.', { input: text.slice(0, 40) }));
  const m = ACTION_PATTERN.exec(text);
  if (!m) {
    return err(
      inputError(
        'move/syntax',
        'Expected a letter (M move, T transfer, X or S abdicate), two squares and for T an amount, as in "T J8-C1 10".',
        { input },
      ),
    );
  }
  const letter = (m[1] ?? 'M').toUpperCase();
  const kind = LETTERS[letter];
  if (!kind) {
    return err(inputError('move/bad-letter', `"${m[1] ?? ''}" is not M, T, X or S.`, { input }));
  }
  const from = parseSquare(m[2] as string);
  const to = parseSquare(m[3] as string);
  if (from === undefined || to === undefined) {
    const bad = from === undefined ? m[2] : m[3];
    return err(inputError('move/bad-square', `${bad ?? ''} is not a square: files are A–J, ranks 0–9.`, { input }));
  }
  const amountText = m[4];
  if (kind !== 'transfer') {
    if (amountText !== undefined) {
      return err(inputError('move/syntax', 'Only a transfer (T) takes a number of units.', { input }));
    }
    return ok({ kind, from, to, amount: 0 });
  }
  if (amountText === undefined) {
    return err(
      inputError('move/missing-amount', 'A transfer needs the number of units to send, as in "T J8-C1 10".', { input }),
    );
  }
  if (!/^[0-9Oo]{1,3}$/.test(amountText)) {
    return err(inputError('move/bad-amount', `"${amountText}" is not a number of units.`, { input }));
  }
  const amount = Number(amountText.replace(/[Oo]/g, '0'));
  return ok({ kind, from, to, amount });
}
