/**
 * After a game between two people: its shareable link, and the rematch — a new challenge to the same opponent with
 * the same game, options, clock and rating, the seats swapped (as lichess and playok offer it), through the
 * ordinary challenge API, so the opponent accepts or declines it as any challenge.
 */
import type { Challenge, GameView, TimeControl } from './api.js';

export interface RematchBody {
  readonly family: string;
  readonly options: unknown;
  readonly control: TimeControl;
  readonly rated: boolean;
  readonly seat: '0' | '1';
  readonly opponent: string;
}

/** The rematch challenge of a finished game, for one of its players; undefined when there is none to offer. */
export function rematchOf(view: GameView): RematchBody | undefined {
  if (view.status !== 'finished' || view.viewer === null) return undefined;
  const opponent = view.players[view.viewer === 0 ? 1 : 0].name;
  // A game against the computer has no one to challenge: "New game" starts another.
  if (opponent === null) return undefined;
  return {
    family: view.family,
    options: view.options,
    control: view.control,
    rated: view.rated,
    seat: view.viewer === 0 ? '1' : '0',
    opponent,
  };
}

/** An open challenge from this game's opponent to its viewer, for the same game: their rematch offer. */
export function rematchOffered(view: GameView, challenges: readonly Challenge[]): Challenge | undefined {
  if (view.status !== 'finished' || view.viewer === null) return undefined;
  const me = view.players[view.viewer].name;
  const them = view.players[view.viewer === 0 ? 1 : 0].name;
  if (me === null || them === null) return undefined;
  return challenges.find(
    (c) => c.status === 'open' && c.challenger === them && c.opponent === me && c.family === view.family,
  );
}

/** The address that opens a game straight away (spectating when the one who opens it does not play in it). */
export function gameLink(id: number, base: string): string {
  return `${base.replace(/#.*$/, '')}#online/game/${id}`;
}
