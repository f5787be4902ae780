/**
 * A move's text, remembered on the state it was played from. Sessions write their whole line as text at every
 * change (a snapshot per command, on a server), and a game's notation may need the position's legal moves to be
 * unambiguous: without this, storing a game after move n would format n moves again.
 */
import type { Game } from './game.js';

const memo = new WeakMap<object, { readonly move: unknown; readonly text: string }>();

/** `game.formatMove(s, m)`, computed once per state and move (states are immutable values). */
export function moveText<S, M>(game: Pick<Game<S, M>, 'formatMove'>, s: S, m: M): string {
  if (typeof s !== 'object' || s === null) return game.formatMove(s, m);
  const known = memo.get(s);
  if (known && known.move === m) return known.text;
  const text = game.formatMove(s, m);
  memo.set(s, { move: m, text });
  return text;
}
