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

/** What of a game's view says whose game it was and whether it is over. */
type PlayedGame = Pick<GameView, 'status' | 'viewer' | 'players' | 'family'>;

/** The rematch challenge of a finished game, for one of its players; undefined when there is none to offer. */
export function rematchOf(view: PlayedGame & Pick<GameView, 'options' | 'control' | 'rated'>): RematchBody | undefined {
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
export function rematchOffered<C extends Pick<Challenge, 'status' | 'challenger' | 'opponent' | 'family'>>(
  view: PlayedGame,
  challenges: readonly C[],
): C | undefined {
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
