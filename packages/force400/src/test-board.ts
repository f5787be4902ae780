/**
 * Test helper: a position from an ASCII diagram, rank 0 at the top as on the original screen.
 *
 *       A   B   C   D   E   F   G   H   I   J
 *   0   .   .  B10  .   .   .   .   .   .   .
 *   …
 *   9   .   .   .   .   .   .   .  W10  .   .
 *
 * Cells: `.` empty, `w7` a White man of force 7, `W7` White's king, `b7` / `B7` for Black. A rank row is its digit
 * then ten cells; other lines (the file letters) are ignored. Recharge counters go in `waits` (`{ E2: 2 }`).
 */
import type { Player } from '@tactica/core';
import { parseSquare, squareAt } from './board.js';
import type { Force400State, Man } from './state.js';

export function fromDiagram(
  diagram: string,
  options: { toMove?: Player; moveNumber?: number; waits?: Readonly<Record<string, number>> } = {},
): Force400State {
  const board: (Man | null)[] = new Array<Man | null>(100).fill(null);
  let rows = 0;
  for (const line of diagram.split('\n')) {
    const cells = line.trim().split(/\s+/);
    if (cells.length !== 11 || !/^[0-9]$/.test(cells[0] ?? '')) continue;
    const rank = Number(cells[0]);
    rows++;
    for (let file = 0; file < 10; file++) {
      const cell = cells[file + 1] as string;
      if (cell === '.') continue;
      const m = /^([wWbB])([0-9]{1,2})$/.exec(cell);
      if (!m) throw new Error(`bad diagram cell "${cell}" on rank ${rank}`);
      const letter = m[1] as string;
      board[squareAt(file, rank)] = {
        side: letter.toLowerCase() === 'w' ? 0 : 1,
        force: Number(m[2]),
        king: letter === 'W' || letter === 'B',
        wait: 0,
      };
    }
  }
  if (rows !== 10) throw new Error(`a diagram needs ten rank rows, found ${rows}`);
  for (const [name, wait] of Object.entries(options.waits ?? {})) {
    const sq = parseSquare(name);
    const m = sq === undefined ? null : board[sq];
    if (sq === undefined || !m) throw new Error(`no man on ${name} for a recharge counter`);
    board[sq] = { ...m, wait };
  }
  return { board, toMove: options.toMove ?? 0, moveNumber: options.moveNumber ?? 10, ended: null };
}
