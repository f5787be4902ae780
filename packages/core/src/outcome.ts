import type { Player } from './player.js';

/** How a game ended. `reason` is a stable code such as `no-moves`, `king-captured`, `threefold`, `resigned`. */
export type Outcome =
  | { readonly kind: 'win'; readonly winner: Player; readonly reason: string }
  | { readonly kind: 'draw'; readonly reason: string };

/**
 * The reason of a game lost on time (a live clock run out, a correspondence forfeit): the sessions report it
 * instead of the game's own resignation, with which they end the line (the games know no clocks).
 */
export const TIME_FORFEIT = 'time-forfeit';

export function win(winner: Player, reason: string): Outcome {
  return { kind: 'win', winner, reason };
}

export function draw(reason: string): Outcome {
  return { kind: 'draw', reason };
}
