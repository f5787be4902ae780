/**
 * Position text **(ours)**, for tests and tools: one line, fields separated by spaces.
 *
 *   w 1 W:A8:10,B8:10,…,H9:10K,… B:A0:10,B0:10,C0:10K,… [ending]
 *
 * - side to move, `w` or `b`; the move number (White's and Black's Nth turns are both move N);
 * - `W:` and `B:` then that side's men in square order A0…J9, each `square:force`, `K` for the king, and `/n` for a
 *   recharge counter (n = 1 or 2: that many more of his side's turns must begin before he may recharge again; left
 *   out when 0, never given on rank 0 or 9);
 * - an optional ending: `w-resigned`, `b-resigned` or `draw-agreed`. A side without a king has lost (its king fell).
 */
import { draw, err, inputError, ok, win, type InputError, type Player, type Result } from '@tactica/core';
import { isHomeRank, parseSquare, squareName, SQUARES } from './board.js';
import { MAX_FORCE, RECHARGE_TURNS } from './rules.js';
import type { Force400State, Man } from './state.js';
import type { Force400Code } from './codes.js';

const SIDE_LETTERS = ['w', 'b'] as const;
const SIDE_TAGS = ['W', 'B'] as const;
const ENDINGS = ['w-resigned', 'b-resigned', 'draw-agreed'] as const;

export function formatPosition(s: Force400State): string {
  const parts: string[] = [SIDE_LETTERS[s.toMove], String(s.moveNumber)];
  for (const side of [0, 1] as const) {
    const men: string[] = [];
    for (let sq = 0; sq < SQUARES; sq++) {
      const m = s.board[sq];
      if (m && m.side === side)
        men.push(`${squareName(sq)}:${m.force}${m.king ? 'K' : ''}${m.wait ? `/${m.wait}` : ''}`);
    }
    parts.push(`${SIDE_TAGS[side]}:${men.join(',')}`);
  }
  const e = s.ended;
  if (e && e.reason === 'resigned' && e.kind === 'win') parts.push(e.winner === 0 ? 'b-resigned' : 'w-resigned');
  else if (e && e.kind === 'draw') parts.push('draw-agreed');
  return parts.join(' ');
}

export function parsePosition(text: string): Result<Force400State, InputError<Force400Code>> {
  const fields: { text: string; at: number }[] = [];
  for (const m of text.matchAll(/\S+/g)) fields.push({ text: m[0], at: m.index });
  const fail = (
    code: Force400Code,
    message: string,
    at: number,
    input?: string,
  ): Result<never, InputError<Force400Code>> =>
    err(inputError(code, message, input === undefined ? { at } : { at, input }));
  if (fields.length < 4 || fields.length > 5) {
    return fail(
      'position/syntax',
      'A position is "<w|b> <move number> W:<men> B:<men> [ending]", men as square:force with K for the king.',
      0,
    );
  }
  const [sideField, moveField, whiteField, blackField, endField] = fields as [
    (typeof fields)[number],
    (typeof fields)[number],
    (typeof fields)[number],
    (typeof fields)[number],
    (typeof fields)[number] | undefined,
  ];
  const sideIndex = SIDE_LETTERS.indexOf(sideField.text.toLowerCase() as 'w' | 'b');
  if (sideIndex < 0)
    return fail(
      'position/bad-side',
      `The side to move is w or b, not "${sideField.text}".`,
      sideField.at,
      sideField.text,
    );
  if (!/^[1-9][0-9]{0,6}$/.test(moveField.text)) {
    return fail(
      'position/bad-move-number',
      `"${moveField.text}" is not a move number (1 or more).`,
      moveField.at,
      moveField.text,
    );
  }
  const board: (Man | null)[] = new Array<Man | null>(SQUARES).fill(null);
  const kings: [number, number] = [0, 0];
  for (const side of [0, 1] as const) {
    const field = side === 0 ? whiteField : blackField;
    const tag = `${SIDE_TAGS[side]}:`;
    if (field.text.slice(0, 2).toUpperCase() !== tag) {
      return fail(
        'position/syntax',
        `Expected ${tag} and ${side === 0 ? "White's" : "Black's"} men.`,
        field.at,
        field.text,
      );
    }
    const list = field.text.slice(2);
    if (list === '') continue;
    let offset = field.at + 2;
    for (const item of list.split(',')) {
      const at = offset;
      offset += item.length + 1;
      const m = /^([A-Za-z][0-9])(?::([0-9]{1,3}))([Kk])?(?:\/([0-9]))?$/.exec(item);
      if (!m)
        return fail(
          'position/bad-man',
          `"${item}" is not a man: write square:force, K for the king, /n for a recharge counter.`,
          at,
          item,
        );
      const sq = parseSquare(m[1] as string);
      if (sq === undefined) return fail('position/bad-square', `${m[1] ?? ''} is not a square (A0–J9).`, at, item);
      if (board[sq]) return fail('position/duplicate-square', `Two men stand on ${squareName(sq)}.`, at, item);
      const force = Number(m[2]);
      if (force > MAX_FORCE) return fail('position/bad-force', `Force is 0 to ${MAX_FORCE}, not ${force}.`, at, item);
      const wait = m[4] === undefined ? 0 : Number(m[4]);
      if (wait >= RECHARGE_TURNS) {
        return fail('position/bad-wait', `A recharge counter is 0, 1 or 2, not ${wait}.`, at, item);
      }
      if (wait > 0 && isHomeRank(sq)) {
        return fail(
          'position/bad-wait',
          `${squareName(sq)} is on rank 0 or 9, where a man has no recharge counter.`,
          at,
          item,
        );
      }
      const isKing = m[3] !== undefined;
      if (isKing && ++kings[side] > 1) {
        return fail('position/two-kings', `${side === 0 ? 'White' : 'Black'} has more than one king.`, at, item);
      }
      board[sq] = { side, force, king: isKing, wait };
    }
  }
  if (kings[0] === 0 && kings[1] === 0) return fail('position/no-kings', 'Neither side has a king.', whiteField.at);
  let ended: Force400State['ended'] = null;
  if (kings[0] === 0) ended = win(1, 'king-captured');
  else if (kings[1] === 0) ended = win(0, 'king-captured');
  if (endField) {
    const e = ENDINGS.indexOf(endField.text.toLowerCase() as (typeof ENDINGS)[number]);
    if (e < 0) {
      return fail(
        'position/bad-ending',
        `The ending is w-resigned, b-resigned or draw-agreed, not "${endField.text}".`,
        endField.at,
        endField.text,
      );
    }
    if (ended)
      return fail(
        'position/bad-ending',
        'A game whose king has fallen cannot also end another way.',
        endField.at,
        endField.text,
      );
    ended = e === 2 ? draw('agreed') : win(e === 0 ? 1 : 0, 'resigned');
  }
  return ok({ board, toMove: sideIndex as Player, moveNumber: Number(moveField.text), ended });
}
