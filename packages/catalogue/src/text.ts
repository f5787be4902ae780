/** Helpers of the games' text boards (`TextBoard`, types.ts): what several games draw alike. */
import type { BoardModel } from './types.js';

/** The square numbers of a board whose squares carry them (draughts' numbered rule sets), drawn as the board is. */
export function squareNumberGrid(model: BoardModel): string | undefined {
  if (!model.squares.some((s) => s.label !== undefined)) return undefined;
  const width = Math.max(...model.squares.map((s) => s.label?.length ?? 0));
  const lines: string[] = [];
  for (let rank = model.ranks - 1; rank >= 0; rank--) {
    const row: string[] = [];
    for (let file = 0; file < model.files; file++) {
      const sq = model.squares[rank * model.files + file];
      row.push((sq?.label ?? '').padStart(width));
    }
    lines.push(`    ${row.join(' ')}`.trimEnd());
  }
  return lines.join('\n');
}
