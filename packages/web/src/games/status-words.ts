/**
 * The counts the games' status lines say in words, one place for their singular and plural forms (`1 man`,
 * `2 men`, `1 chip`), kept apart from the components so they can be tested as text.
 */
import { countOf } from '@tactica/core';

/** Draughts: `12 men, 1 king`. */
export function draughtsSide(men: number, kings: number): string {
  return `${countOf(men, 'man', 'men')}, ${countOf(kings, 'king')}`;
}

/** Force 400: `19 men, 1 unit`. */
export function force400Side(men: number, units: number): string {
  return `${countOf(men, 'man', 'men')}, ${countOf(units, 'unit')}`;
}

/** Tactics: `1 piece, 1 mobile, 0 frozen`. */
export function tacticsSide(pieces: number, mobile: number, frozen: number): string {
  return `${countOf(pieces, 'piece')}, ${mobile} mobile, ${frozen} frozen`;
}

/** Tactics: the draw counts, `1 ply without a flip (draw at 50); position seen once (draw at 3)`. */
export function tacticsDrawCounts(quietPlies: number, quietLimit: number, seen: number, seenLimit: number): string {
  const times = seen === 1 ? 'once' : seen === 2 ? 'twice' : `${seen} times`;
  return `${countOf(quietPlies, 'ply', 'plies')} without a flip (draw at ${quietLimit}); position seen ${times} (draw at ${seenLimit})`;
}

/**
 * Tactrix!: the status line beside the chips row, `Move 3, White to move. 1 ply without progress (draw at 50).`:
 * the chips are said once, in the row under it (the terminal's line says them, having no row).
 */
export function tactrixLine(st: {
  readonly moveNumber: number;
  readonly toMove: readonly unknown[];
  readonly noProgress: number;
  readonly noProgressLimit: number;
  readonly turnName: string;
}): string {
  const who = st.toMove.length ? `${st.turnName} to move` : 'game over';
  return `Move ${st.moveNumber}, ${who}. ${countOf(st.noProgress, 'ply', 'plies')} without progress (draw at ${st.noProgressLimit}).`;
}

/** Tactrix!: `1 chip`, `3 chips`. */
export function chips(n: number): string {
  return countOf(n, 'chip');
}
