import type { Player } from './player.js';

/** How a game ended. `reason` is a stable code such as `no-moves`, `king-captured`, `threefold`, `resigned`. */
export type Outcome =
  | { readonly kind: 'win'; readonly winner: Player; readonly reason: string }
  | { readonly kind: 'draw'; readonly reason: string };

export function win(winner: Player, reason: string): Outcome {
  return { kind: 'win', winner, reason };
}

export function draw(reason: string): Outcome {
  return { kind: 'draw', reason };
}
