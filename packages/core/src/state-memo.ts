/**
 * What a session asks of the same position again and again, remembered on the position. A server renders the
 * status, the acknowledgement, each watcher's event and the stored snapshot of every move, and each of them asks
 * whether the game is over (for some games a move generation) and writes the start position as text. States are
 * immutable values, so the answer for a state never changes; a state may be asked about by another game object
 * (two setups of one family), so the game is part of the key.
 */
import type { Game } from './game.js';
import type { Outcome } from './outcome.js';

const outcomes = new WeakMap<object, { readonly game: object; readonly outcome: Outcome | undefined }>();
const texts = new WeakMap<object, { readonly game: object; readonly text: string }>();

/** `game.outcome(s)`, computed once per state. */
export function outcomeAt<S>(game: Pick<Game<S, unknown>, 'outcome'>, s: S): Outcome | undefined {
  if (typeof s !== 'object' || s === null) return game.outcome(s);
  const known = outcomes.get(s);
  if (known && known.game === game) return known.outcome;
  const outcome = game.outcome(s);
  outcomes.set(s, { game, outcome });
  return outcome;
}

/** `game.formatPosition(s)`, computed once per state. */
export function positionText<S>(game: Pick<Game<S, unknown>, 'formatPosition'>, s: S): string {
  if (typeof s !== 'object' || s === null) return game.formatPosition(s);
  const known = texts.get(s);
  if (known && known.game === game) return known.text;
  const text = game.formatPosition(s);
  texts.set(s, { game, text });
  return text;
}
