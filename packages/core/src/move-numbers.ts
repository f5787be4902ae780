/**
 * A line of moves numbered as the games' records number it: one number per pair of moves, the first mover's and
 * the reply (`1. 11-16 22-18 2. 9-14`), as PDN, the Tactics and Tactrix records and the Force 400 record do. A line
 * from a position where the second mover is to move opens with `1... 22-18`.
 */
import type { Game } from './game.js';
import { lineStates, type History } from './history.js';
import { lineTexts } from './move-text.js';
import type { Player } from './player.js';

/** One move number and the plies under it (one or two). */
export interface NumberedMove {
  /** 1, 2, …: the number the records give it. */
  readonly number: number;
  /** The plies under the number, in order: each ply's index in the line (0-based) and its text. */
  readonly plies: readonly { readonly ply: number; readonly text: string }[];
  /** The number's first ply is the reply (`1... 22-18`): the line opened with the second mover to move. */
  readonly reply: boolean;
}

/**
 * The moves of `h` (all of them, those taken back too) in numbered pairs. A number opens where the side that moves first in
 * the game's initial position takes its turn; who moved each ply is read from its state, so a side that moves twice
 * in a row keeps one number.
 */
export function numberedMoves<S, M>(
  game: Pick<Game<S, M>, 'formatMove' | 'play' | 'toMove' | 'initial'>,
  h: History<S, M>,
): NumberedMove[] {
  const texts = lineTexts(game, h);
  const first = game.toMove(game.initial())[0];
  const out: { number: number; plies: { ply: number; text: string }[]; reply: boolean }[] = [];
  let ply = 0;
  let before: Player | undefined;
  for (const s of lineStates(game, h, 0, h.moves.length)) {
    const mover = game.toMove(s)[0];
    const last = out[out.length - 1];
    if (!last || (mover === first && before !== first)) {
      out.push({ number: (last?.number ?? 0) + 1, plies: [], reply: mover !== first });
    }
    before = mover;
    out[out.length - 1]?.plies.push({ ply, text: texts[ply] ?? '' });
    ply++;
  }
  return out;
}

/** The numbered moves as one line of text: `1. 11-16 22-18 2. 9-14`. */
export function numberedMovesText(moves: readonly NumberedMove[]): string {
  return moves.map((n) => `${n.number}.${n.reply ? '..' : ''} ${n.plies.map((p) => p.text).join(' ')}`).join(' ');
}
