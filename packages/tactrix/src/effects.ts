/**
 * What a move does besides carrying a piece, read off the position without playing it: the piece it takes, the chips
 * it collects, a jerk's bonus for its far row, what a purchase costs. For a UI's move labels and animations, so they
 * need not re-implement the rules (and cheaper than `play`, which copies the whole state).
 */
import { COSTS, JERK, JERK_BONUS, farRank, rankOf, typeOf } from './pieces.js';
import type { TactrixMove, TactrixState } from './state.js';

export interface MoveEffects {
  /** The enemy piece taken (its code in the state: negative for Black), or 0. */
  readonly captured: number;
  /** Manual, "General Rules": the chips on the square a piece ends its move on are collected. */
  readonly collected: number;
  /** Manual, "Jerk": the chips a jerk earns by reaching its far row (then it leaves the board), or 0. */
  readonly bonus: number;
  /** The chips a purchase costs, or 0. */
  readonly cost: number;
  /** The piece leaves the board after moving (a jerk on its far row). */
  readonly leavesBoard: boolean;
}

/** The effects of `m`, a legal move in `s`, for the side to move. */
export function moveEffects(s: TactrixState, m: TactrixMove): MoveEffects {
  const captured = s.board[m.to] as number;
  const collected = s.chips[m.to] as number;
  if (m.kind === 'buy') return { captured, collected, bonus: 0, cost: COSTS[m.piece] as number, leavesBoard: false };
  // Manual, "Jerk": any arrival on the far row, by a step or a capture, earns the bonus.
  const bonus = typeOf(s.board[m.from] as number) === JERK && rankOf(m.to) === farRank(s.turn) ? JERK_BONUS : 0;
  return { captured, collected, bonus, cost: 0, leavesBoard: bonus > 0 };
}
