/**
 * Position text (ours): the eight ranks from rank 1 to rank 8 — the order the manual's diagrams print them, top to
 * bottom — separated by `/`, then the player to move (`w` or `b`), then the plies since the last flip:
 *
 *   QBRRRRBQ/8/8/8/8/8/8/*Q*B*R*R*R*R*B*Q w 0
 *
 * Squares run a to h. A digit is that many empty squares. A piece is its letter (R, B, Q) in the manual's style:
 * a `*` before it when it shows the black face, uppercase when mobile, lowercase when frozen. So `Q` is a White
 * Queen, `*Q` a Black Queen, `q` a frozen Black Queen (white face up) and `*q` a frozen White Queen.
 */
import { err, inputError, ok, type InputError, type Player, type Result } from '@tactica/core';
import { cellOf, EMPTY, isFrozen, PIECE_KINDS, pieceOf, SQUARES, type PieceKind } from './board.js';
import { QUIET_PLY_LIMIT } from './engine.js';
import { cellAt, stateFromCells, type TacticsState } from './state.js';
import type { TacticsCode } from './codes.js';

/** The starting set of each player (manual, "Moves and Pieces"): a position may hold no more. */
const FULL_SET: Readonly<Record<PieceKind, number>> = { R: 4, B: 2, Q: 2 };

/** One square's token: `R`, `q`, `*B`, `*r`. */
export function pieceToken(cell: number): string {
  const p = pieceOf(cell);
  if (!p) return '';
  const letter = isFrozen(cell) ? p.kind.toLowerCase() : p.kind;
  return p.face === 1 ? `*${letter}` : letter;
}

export function formatPosition(s: TacticsState): string {
  const ranks: string[] = [];
  for (let r = 0; r < 8; r++) {
    let text = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const c = cellAt(s, r * 8 + f);
      if (c === EMPTY) {
        empty++;
        continue;
      }
      if (empty) text += String(empty);
      empty = 0;
      text += pieceToken(c);
    }
    if (empty) text += String(empty);
    ranks.push(text);
  }
  return `${ranks.join('/')} ${s.turn === 0 ? 'w' : 'b'} ${s.quiet}`;
}

/**
 * Reads position text. The clock may be left out (0). Every fault is reported with its character offset: unknown
 * characters, ranks that are not eight squares long, more pieces of a kind than a player owns, a bad turn or clock.
 */
export function parsePosition(text: string): Result<TacticsState, InputError<TacticsCode>> {
  if (typeof text !== 'string' || text.trim() === '') {
    return err(inputError('position/empty', 'the position text is empty'));
  }
  const fields: { text: string; at: number }[] = [];
  for (const m of text.matchAll(/\S+/g)) fields.push({ text: m[0], at: m.index });
  if (fields.length < 2 || fields.length > 3) {
    return err(
      inputError(
        'position/fields',
        `expected "<ranks 1 to 8> <w|b> [plies since a flip]", got ${fields.length} field${fields.length === 1 ? '' : 's'}`,
        { input: text },
      ),
    );
  }
  const [placement, turnField, clockField] = fields as [(typeof fields)[0], (typeof fields)[0], ...typeof fields];

  const cells = new Array<number>(SQUARES).fill(EMPTY);
  // Pieces counted per owner and kind: counts[owner * 4 + (cell & 3)].
  const counts = new Uint8Array(8);
  const rankTexts = placement.text.split('/');
  if (rankTexts.length !== 8) {
    return err(
      inputError('position/ranks', `expected 8 ranks separated by "/", found ${rankTexts.length}`, {
        at: placement.at,
        input: placement.text,
      }),
    );
  }
  let at = placement.at;
  for (let r = 0; r < 8; r++) {
    const rankText = rankTexts[r] ?? '';
    let f = 0;
    for (let i = 0; i < rankText.length; i++) {
      const ch = rankText[i] ?? '';
      const where = at + i;
      if (ch >= '1' && ch <= '8') {
        f += Number(ch);
      } else {
        let face: Player = 0;
        let letter = ch;
        if (ch === '*') {
          face = 1;
          letter = rankText[i + 1] ?? '';
          i++;
        }
        const kind = PIECE_KINDS.find((k) => k === letter.toUpperCase());
        if (!kind || letter === '') {
          return err(
            inputError(
              'position/bad-piece',
              `rank ${r + 1}: "${ch === '*' ? `*${letter}` : ch}" is not a square (use 1-8, R B Q, r b q, optionally after "*")`,
              { at: where, input: ch === '*' ? `*${letter}` : ch },
            ),
          );
        }
        const frozen = letter !== kind;
        const owner: Player = frozen ? (face === 0 ? 1 : 0) : face;
        const cell = cellOf({ kind, owner, face });
        if (f < 8) cells[r * 8 + f] = cell;
        f++;
        const slot = owner * 4 + (cell & 3);
        const count = (counts[slot] ?? 0) + 1;
        counts[slot] = count;
        if (count > FULL_SET[kind]) {
          return err(
            inputError(
              'position/too-many-pieces',
              `${owner === 0 ? 'White' : 'Black'} has more than ${FULL_SET[kind]} ${kindName(kind)}s`,
              { at: where, input: rankText },
            ),
          );
        }
      }
      if (f > 8) {
        return err(
          inputError('position/rank-length', `rank ${r + 1} has more than 8 squares`, { at: where, input: rankText }),
        );
      }
    }
    if (f !== 8) {
      return err(inputError('position/rank-length', `rank ${r + 1} has ${f} squares, not 8`, { at, input: rankText }));
    }
    at += rankText.length + 1;
  }

  const turnText = turnField.text.toLowerCase();
  if (turnText !== 'w' && turnText !== 'b') {
    return err(
      inputError('position/bad-turn', `the player to move must be "w" or "b", not "${turnField.text}"`, {
        at: turnField.at,
        input: turnField.text,
      }),
    );
  }
  let quiet = 0;
  if (clockField) {
    if (!/^\d{1,3}$/.test(clockField.text) || Number(clockField.text) > QUIET_PLY_LIMIT) {
      return err(
        inputError(
          'position/bad-clock',
          `the plies since the last flip must be a whole number from 0 to ${QUIET_PLY_LIMIT}, not "${clockField.text}"`,
          { at: clockField.at, input: clockField.text },
        ),
      );
    }
    quiet = Number(clockField.text);
  }
  return ok(stateFromCells(cells, turnText === 'w' ? 0 : 1, quiet));
}

function kindName(kind: PieceKind): string {
  return kind === 'R' ? 'Rook' : kind === 'B' ? 'Bishop' : 'Queen';
}
