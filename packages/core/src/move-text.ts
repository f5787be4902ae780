/**
 * A move's text, remembered on the state it was played from. Sessions write their whole line as text at every
 * change (a snapshot per command, on a server), and a game's notation may need the position's legal moves to be
 * unambiguous: without this, storing a game after move n would format n moves again.
 */
import type { Game } from './game.js';
import { lineStates, prefixOf, stateAt, type History } from './history.js';

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

/** Per moves list: its game, its moves' texts, and their JSON once asked for (`lineTextsJson`). */
const lines = new WeakMap<
  readonly unknown[],
  { readonly game: object; readonly texts: readonly string[]; json?: string }
>();

/**
 * The text of every move of a history (all of them, also those taken back), remembered per moves list and extended
 * by one when the list was made by `pushMove` from one already written: storing a game after each move then costs
 * one move's text, not the whole line's.
 */
export function lineTexts<S, M>(game: Pick<Game<S, M>, 'formatMove' | 'play'>, h: History<S, M>): readonly string[] {
  const known = lines.get(h.moves);
  if (known && known.game === game) return known.texts;
  const n = h.moves.length;
  const prefix = prefixOf(h.moves);
  const before = prefix && lines.get(prefix);
  let texts: string[];
  if (before && before.game === game && before.texts.length >= n - 1) {
    texts = before.texts.slice(0, n - 1);
    texts.push(moveText(game, stateAt(game, h, n - 1), h.moves[n - 1] as M));
  } else {
    texts = [];
    for (const s of lineStates(game, h, 0, n)) texts.push(moveText(game, s, h.moves[texts.length] as M));
  }
  lines.set(h.moves, { game, texts });
  return texts;
}

/**
 * `JSON.stringify(lineTexts(game, h))`, remembered per moves list and extended by the one move pushed: the moves are
 * most of a stored game, and encoding them all again at every move cost a server more than the rest of the move's
 * storing.
 */
export function lineTextsJson<S, M>(game: Pick<Game<S, M>, 'formatMove' | 'play'>, h: History<S, M>): string {
  const texts = lineTexts(game, h);
  const known = lines.get(h.moves) as { texts: readonly string[]; json?: string };
  if (known.json !== undefined) return known.json;
  const n = texts.length;
  const prefix = prefixOf(h.moves);
  const before = prefix && lines.get(prefix);
  // Extended only from a prefix one move shorter (after a takeback the prefix holds the moves taken back too).
  known.json =
    before?.json !== undefined && before.game === game && before.texts.length === n - 1 && n > 1
      ? `${before.json.slice(0, -1)},${JSON.stringify(texts[n - 1])}]`
      : JSON.stringify(texts);
  return known.json;
}

/**
 * Extends what is remembered of the line `h` was made from to `h`, when something is (its texts, and their JSON if
 * that was asked for): a server instance that follows another instance's moves on its copy of a game keeps the text
 * it will write at its own next move one move's text away, and computes nothing for a line it has never written.
 * Without it, a copy that followed a step had no texts of its own, and the instance's next write formatted the whole
 * line again (replaying it, since a line holds only a few of its states).
 */
export function carryLineTexts<S, M>(game: Pick<Game<S, M>, 'formatMove' | 'play'>, h: History<S, M>): void {
  const prefix = prefixOf(h.moves);
  const before = prefix && lines.get(prefix);
  if (!before || before.game !== game) return;
  if (before.json !== undefined) lineTextsJson(game, h);
  else lineTexts(game, h);
}
