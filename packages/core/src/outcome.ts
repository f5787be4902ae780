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

/**
 * The end of a game by taking the side to move's last piece, told apart from a side left with pieces that cannot
 * move (`no-moves`): a player who took the last piece should read so. `LAST_PIECE_TAKEN`: the winner took it;
 * `NO_PIECES_LEFT`: the winner is the side left without pieces (give-away draughts).
 */
export const LAST_PIECE_TAKEN = 'last-piece-taken';
export const NO_PIECES_LEFT = 'no-pieces-left';
/**
 * Tactics' taking of the last piece: pieces are never taken there but frozen (flipped to the opponent's colour), and
 * the side to move with every piece frozen has lost — the winner froze its last mobile piece. Told apart from mobile
 * pieces that are all blocked (`no-moves`).
 */
export const ALL_FROZEN = 'all-frozen';

/** Reasons whose words are not their code's (`took the last piece`); any other code reads with spaces for dashes. */
const REASON_WORDS: Readonly<Record<string, string>> = {
  [LAST_PIECE_TAKEN]: 'took the last piece',
  [NO_PIECES_LEFT]: 'no pieces left',
  [ALL_FROZEN]: 'froze the last mobile piece',
  [TIME_FORFEIT]: 'on time',
};

/** A reason code in words, for `White wins (took the last piece).`: `no-moves` reads `no moves`. */
export function reasonWords(reason: string): string {
  return REASON_WORDS[reason] ?? reason.replace(/[-/]/g, ' ');
}

export function win(winner: Player, reason: string): Outcome {
  return { kind: 'win', winner, reason };
}

export function draw(reason: string): Outcome {
  return { kind: 'draw', reason };
}
