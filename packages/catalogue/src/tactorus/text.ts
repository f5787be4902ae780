/**
 * Tactorus as text: the board as a seat observes it (its own orders marked, never the other side's; a neutral view
 * shows no orders), and a round's losses side by side, counted from the boards before and after.
 */
import type { Player } from '@tactica/core';
import { observe, renderBoard, type TactorusState } from '@tactica/tactorus';
import type { TextBoard } from '../types.js';

const KINDS: Readonly<Record<string, string>> = { F: 'flag', A: 'artillery', C: 'cavalry', I: 'infantry' };

/** Pieces of each kind a side has on a board (upper case: Player 1's). */
function counts(board: string, p: Player): Map<string, number> {
  const n = new Map<string, number>();
  for (const c of board) {
    if (c === '.') continue;
    const upper = c.toUpperCase();
    if ((c === upper) !== (p === 0)) continue;
    n.set(upper, (n.get(upper) ?? 0) + 1);
  }
  return n;
}

function losses(before: string, after: string, round: number, name: (p: Player) => string): string {
  const side = (p: Player): string => {
    const was = counts(before, p);
    const is = counts(after, p);
    const lost = [...was].flatMap(([k, n]) => {
      const gone = n - (is.get(k) ?? 0);
      return gone > 0 ? [`${gone} ${KINDS[k] ?? k}`] : [];
    });
    return `${name(p)} lost ${lost.length > 0 ? lost.join(', ') : 'nothing'}`;
  };
  return `Round ${round} was carried out: ${side(0)}; ${side(1)}.`;
}

export const TACTORUS_TEXT: TextBoard<TactorusState> = {
  draw: (s, _seatName, viewer) =>
    renderBoard(viewer === undefined ? { ...observe(s, 0), orders: [] } : observe(s, viewer)),
  change: (before, after, name, round) => losses(before.board, after.board, round, name),
};
