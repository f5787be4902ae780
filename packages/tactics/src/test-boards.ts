/**
 * Test helpers: positions written as the rank rows of the manual's board (shading optional), so rule tests read
 * as diagrams:
 *
 *   board(`
 *     1 |   |   |   |   |   |   |   |   |
 *     2 | R |*R*|   |   |   |   |   |   |
 *     …8 rows…
 *   `, 'w')
 */
import { unwrap } from '@tactica/core';
import { parseDiagram, renderDiagram } from './diagram.js';
import { tactics } from './game.js';
import { stateFromCells, type TacticsState } from './state.js';

const FILE_LINE = '    A   B   C   D   E   F   G   H';
const RULE_LINE = '  +---+---+---+---+---+---+---+---+';

/** A position from eight rank rows (rank 1 first), `1 | R |*R*| … |`, the rank label at the end left out. */
export function board(rows: string, turn: 'w' | 'b' = 'w', quiet = 0): TacticsState {
  const ranks = rows
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (ranks.length !== 8) throw new Error(`board() needs 8 rank rows, got ${ranks.length}`);
  const lines = [FILE_LINE, RULE_LINE];
  ranks.forEach((row, r) => lines.push(`${row} ${r + 1}`, RULE_LINE));
  lines.push(`${FILE_LINE} `);
  const cells = unwrap(parseDiagram(lines.join('\n')));
  return stateFromCells(cells, turn === 'w' ? 0 : 1, quiet);
}

/** Plays moves given as text; throws (failing the test) on an illegal one. */
export function playAll(s: TacticsState, ...moves: string[]): TacticsState {
  for (const m of moves) s = unwrap(tactics.tryPlay(s, m));
  return s;
}

/** The board part of a diagram, for readable comparisons in test failures. */
export function picture(s: TacticsState): string {
  return renderDiagram(s);
}
