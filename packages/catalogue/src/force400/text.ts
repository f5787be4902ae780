/**
 * Force 400 as text: the terminal's board, and what a move's combat did (issue 40: mails never said). The combat is
 * told by who stands on the square afterwards, read from the positions before and after, so no rule is copied here.
 */
import type { Player } from '@tactica/core';
import { renderBoard, type Force400State } from '@tactica/force400';
import type { TextBoard } from '../types.js';

const FILES = 'ABCDEFGHIJ';

function squareName(sq: number): string {
  return `${FILES[sq % 10] ?? '?'}${Math.floor(sq / 10)}`;
}

/** The combat of a move, if it had one: the square where an enemy man stood before it. */
function combat(before: Force400State, after: Force400State, name: (p: Player) => string): string | undefined {
  const mover = before.toMove;
  const from = before.board.findIndex((m, sq) => m?.side === mover && after.board[sq] === null);
  if (from < 0) return undefined;
  const to = before.board.findIndex((m, sq) => {
    const now = after.board[sq];
    return m !== null && m.side !== mover && (!now || now.side !== m.side || now.force !== m.force);
  });
  if (to < 0) return undefined;
  const attacker = before.board[from];
  const defender = before.board[to];
  const now = after.board[to];
  if (!attacker || !defender) return undefined;
  const at = `Combat on ${squareName(to)}: ${name(mover)}'s man of force ${attacker.force} attacked ${name(defender.side)}'s of force ${defender.force}`;
  if (!now) return `${at}; both fell.`;
  if (now.side === mover) return `${at} and won; it stands there at force ${now.force}.`;
  return `${at} and lost; the defender stands at force ${now.force}.`;
}

export const FORCE400_TEXT: TextBoard<Force400State> = {
  draw: (s) => renderBoard(s),
  change: (before, after, name) => combat(before, after, name),
};
