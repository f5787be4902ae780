/** The two seats of every Tactica game. Seat 0 moves first unless a game's rules say otherwise. */
export type Player = 0 | 1;

export const PLAYERS: readonly Player[] = [0, 1];

export function opponent(p: Player): Player {
  return p === 0 ? 1 : 0;
}
