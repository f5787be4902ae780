/**
 * Draughts FEN (PDN 3.0): `W:W31,32,K45:B12,K22` — side to move, then each colour's squares, `K` marking kings.
 * Written with numeric squares, or algebraic ones for rule sets whose tradition is algebraic (Russian:
 * `W:Wa1,c1,Kd4:Bh8`). Read tolerantly: either square style in any rule set, ranges such as `1-12` or `K1-5`,
 * either colour first, surrounding whitespace and quotes, a final `.`, and lidraughts-style `:H0:F1` counters
 * (ignored). Errors are coded (`fen/bad-square`, `fen/duplicate-square`, ...) and say where.
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import { squaresOf, type Squares } from './geometry.js';
import { fromInternal, pieceAtInternal, type Piece, type Position } from './position.js';
import { RULE_SETS, type VariantId } from './rules.js';
import type { DraughtsCode } from './codes.js';

/** Formats the position as FEN in the rule set's square style. */
export function makeFen(pos: Position): string {
  const rules = RULE_SETS[pos.variant];
  const sq = squaresOf(rules);
  const white: string[] = [];
  const black: string[] = [];
  const order = squareOrder(sq, rules.notation === 'algebraic');
  for (const i of order) {
    const p = pieceAtInternal(pos, i);
    if (!p) continue;
    const name = rules.notation === 'algebraic' ? sq.algebraic(i) : String(sq.number(i));
    const text = p === 'W' || p === 'B' ? `K${name}` : name;
    (p === 'w' || p === 'W' ? white : black).push(text);
  }
  return `${pos.turn === 0 ? 'W' : 'B'}:W${white.join(',')}:B${black.join(',')}`;
}

/** Squares in writing order: by number, or by file then rank for algebraic names. */
function squareOrder(sq: Squares, algebraic: boolean): number[] {
  const all = Array.from({ length: sq.count }, (_, i) => i);
  if (algebraic) {
    return all.sort((a, b) => {
      const fa = sq.fileRank(a);
      const fb = sq.fileRank(b);
      return fa.file - fb.file || fa.rank - fb.rank;
    });
  }
  return all.sort((a, b) => sq.number(a) - sq.number(b));
}

/**
 * Reads a square written as a PDN number (`32`) or an algebraic name (`c3`) into an internal square index.
 * Returns -1 when the text is not a square of this board.
 */
export function readSquare(sq: Squares, text: string): number {
  if (/^\d{1,3}$/.test(text)) return sq.fromNumber(Number(text));
  const m = /^([a-z])(\d{1,2})$/i.exec(text);
  if (!m) return -1;
  const file = (m[1] as string).toLowerCase().charCodeAt(0) - 97;
  return sq.fromFileRank(file, Number(m[2]));
}

function describeSquares(sq: Squares): string {
  const last = String.fromCharCode(96 + sq.size);
  return `a number from 1 to ${sq.count} or a playable square a1-${last}${sq.size}`;
}

/** Parses FEN for a rule set. Never throws. */
export function parseFen(text: string, variant: VariantId): Result<Position, InputError<DraughtsCode>> {
  if (typeof text !== 'string') return err(inputError('fen/empty', 'no FEN given'));
  const rules = RULE_SETS[variant];
  const sq = squaresOf(rules);
  // Tolerate surrounding whitespace, quotes and a final full stop.
  let start = 0;
  let end = text.length;
  const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/.test(c);
  while (start < end && isSpace(text[start])) start++;
  while (end > start && isSpace(text[end - 1])) end--;
  if (end - start >= 2 && text[start] === '"' && text[end - 1] === '"') {
    start++;
    end--;
  }
  if (end > start && text[end - 1] === '.') end--;
  if (start >= end) return err(inputError('fen/empty', 'the FEN is empty', { input: text }));

  // Split into colon-separated fields, remembering where each starts.
  const fields: { text: string; at: number }[] = [];
  let fieldStart = start;
  for (let k = start; k <= end; k++) {
    if (k === end || text[k] === ':') {
      fields.push({ text: text.slice(fieldStart, k), at: fieldStart });
      fieldStart = k + 1;
    }
  }
  const turnField = fields[0] as { text: string; at: number };
  const turnText = turnField.text.trim();
  if (!/^[WB]$/i.test(turnText)) {
    return err(
      inputError('fen/bad-turn', `the side to move must be W or B, not "${turnText}"`, {
        at: turnField.at,
        input: turnText,
      }),
    );
  }
  const turn = turnText.toUpperCase() === 'W' ? 0 : 1;

  const placed = new Map<number, { piece: Piece; at: number; token: string }>();
  const seenColor = new Set<string>();
  for (let f = 1; f < fields.length; f++) {
    const field = fields[f] as { text: string; at: number };
    const lead = field.text.length - field.text.trimStart().length;
    const body = field.text.trim();
    const at = field.at + lead;
    if (body === '') return err(inputError('fen/syntax', 'an empty field between colons', { at, input: text }));
    if (/^[HF]\d+$/i.test(body) && seenColor.size === 2) continue; // lidraughts move counters
    const color = body[0]?.toUpperCase();
    if (color !== 'W' && color !== 'B') {
      return err(
        inputError('fen/bad-color', `a piece list must start with W or B, not "${body[0]}"`, { at, input: body }),
      );
    }
    if (seenColor.has(color)) {
      return err(
        inputError('fen/duplicate-color', `the ${color === 'W' ? 'white' : 'black'} pieces are listed twice`, {
          at,
          input: body,
        }),
      );
    }
    seenColor.add(color);
    const list = body.slice(1);
    if (list.trim() === '') continue;
    let itemStart = 0;
    for (let k = 0; k <= list.length; k++) {
      if (k < list.length && list[k] !== ',') continue;
      const raw = list.slice(itemStart, k);
      const itemAt = at + 1 + itemStart + (raw.length - raw.trimStart().length);
      const item = raw.trim();
      itemStart = k + 1;
      if (item === '')
        return err(inputError('fen/syntax', 'an empty square in a piece list', { at: itemAt, input: body }));
      const king = item[0] === 'K' || item[0] === 'k';
      const squareText = king ? item.slice(1).trim() : item;
      const piece: Piece = color === 'W' ? (king ? 'W' : 'w') : king ? 'B' : 'b';
      const range = /^(\d{1,3})\s*-\s*(\d{1,3})$/.exec(squareText);
      let squares: number[];
      if (range) {
        const lo = Number(range[1]);
        const hi = Number(range[2]);
        if (lo > hi || sq.fromNumber(lo) < 0 || sq.fromNumber(hi) < 0) {
          return err(
            inputError('fen/bad-range', `"${squareText}" is not a range of squares 1-${sq.count}`, {
              at: itemAt,
              input: item,
            }),
          );
        }
        squares = [];
        for (let n = lo; n <= hi; n++) squares.push(sq.fromNumber(n));
      } else {
        const i = readSquare(sq, squareText);
        if (i < 0) {
          return err(
            inputError('fen/bad-square', `"${squareText}" is not a square of this board (${describeSquares(sq)})`, {
              at: itemAt,
              input: item,
            }),
          );
        }
        squares = [i];
      }
      for (const i of squares) {
        const before = placed.get(i);
        if (before) {
          return err(
            inputError(
              'fen/duplicate-square',
              `square ${rules.notation === 'algebraic' ? sq.algebraic(i) : sq.number(i)} is given twice ("${before.token}" and "${item}")`,
              { at: itemAt, input: item },
            ),
          );
        }
        placed.set(i, { piece, at: itemAt, token: item });
      }
    }
  }
  if (seenColor.size < 2) {
    const missing = seenColor.has('W') ? 'black' : 'white';
    return err(
      inputError(
        'fen/missing-color',
        `the ${missing} piece list is missing (write :${missing[0]?.toUpperCase()} for none)`,
        {
          at: end,
          input: text,
        },
      ),
    );
  }
  return ok(
    fromInternal(
      variant,
      [...placed.entries()].map(([square, p]) => ({ square, piece: p.piece })),
      turn,
    ),
  );
}
