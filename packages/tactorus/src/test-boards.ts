/**
 * Helpers for tests: boards drawn as ASCII diagrams. A diagram is ten rows of ten squares (spaces between squares
 * are allowed), top row (squares 00–09) first, using the board characters `.` `F A C I` `f a c i`.
 */
import { SIZE } from './board.js';
import { BASIC_RULES, NO_ORDERS, NOBODY_COMMITTED, type Rules, type TactorusState } from './state.js';

export function diagram(text: string): string {
  const rows = text
    .split('\n')
    .map((l) => l.replace(/\s+/g, ''))
    .filter((l) => l.length > 0);
  if (rows.length !== SIZE || rows.some((r) => r.length !== SIZE)) {
    throw new Error(`a diagram needs ${SIZE} rows of ${SIZE} squares, got ${rows.map((r) => r.length).join(',')}`);
  }
  return rows.join('');
}

/** A state on the diagram's board at round `round`, with no orders. */
export function stateOf(text: string, rules: Rules = BASIC_RULES, round = 0): TactorusState {
  return { board: diagram(text), round, rules, orders: NO_ORDERS, committed: NOBODY_COMMITTED };
}

/** The board as a diagram again, for readable failure messages. */
export function draw(board: string): string {
  const rows: string[] = [];
  for (let r = 0; r < SIZE; r++) rows.push([...board.slice(r * SIZE, r * SIZE + SIZE)].join(' '));
  return rows.join('\n');
}
