/**
 * A move's text, remembered on the state it was played from. Sessions write their whole line as text at every
 * change (a snapshot per command, on a server), and a game's notation may need the position's legal moves to be
 * unambiguous: without this, storing a game after move n would format n moves again.
 */
import type { Game } from './game.js';
import { prefixOf, type History } from './history.js';

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

const lines = new WeakMap<readonly unknown[], { readonly game: object; readonly texts: readonly string[] }>();

/**
 * The text of every move of a history (all of them, also those taken back), remembered per moves list and extended
 * by one when the list was made by `pushMove` from one already written: storing a game after each move then costs
 * one move's text, not the whole line's.
 */
export function lineTexts<S, M>(game: Pick<Game<S, M>, 'formatMove'>, h: History<S, M>): readonly string[] {
  const known = lines.get(h.moves);
  if (known && known.game === game) return known.texts;
  const n = h.moves.length;
  const prefix = prefixOf(h.moves);
  const before = prefix && lines.get(prefix);
  const texts =
    before && before.game === game && before.texts.length >= n - 1
      ? [...before.texts.slice(0, n - 1), moveText(game, h.states[n - 1] as S, h.moves[n - 1] as M)]
      : h.moves.map((m, i) => moveText(game, h.states[i] as S, m));
  lines.set(h.moves, { game, texts });
  return texts;
}
