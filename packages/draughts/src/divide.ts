import { applyMove, generateMoves, perftPosition } from './moves.js';
import { formatMove } from './notation.js';
import type { Position } from './position.js';

export interface DivideEntry {
  /** The root move in the rule set's notation. */
  readonly move: string;
  readonly nodes: number;
}

/** Perft split by root move (pure move tree), in legal-move order. */
export function dividePosition(pos: Position, depth: number, options: { unique?: boolean } = {}): DivideEntry[] {
  if (depth <= 0) return [];
  const legal = generateMoves(pos);
  return legal.map((m) => ({
    move: formatMove(pos, m, legal),
    nodes: perftPosition(applyMove(pos, m), depth - 1, options),
  }));
}
