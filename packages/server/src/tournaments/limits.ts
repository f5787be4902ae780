/**
 * What a tournament may cost, each a named limit with its default **(ours)**; an operator sets them as options of
 * `startServer` (`ServeOptions.tournaments`; no `tactica serve` flags yet). Every tournament's games are ordinary
 * games, so their own limits (moves, the engine pool's fair shares) hold as well.
 */
export interface TournamentLimits {
  /** Tournaments an organiser may have open or running at once. */
  readonly perOrganiser: number;
  /** Tournaments open or running a player may be entered in at once. */
  readonly perPlayer: number;
  /** The most entrants a tournament may take (people and the computer together). */
  readonly maxEntrants: number;
  /** The most rounds a tournament may play: a Swiss's rounds, and so a round robin's entrants (one fewer). */
  readonly maxRounds: number;
  /** The longest an arena may run, in minutes. */
  readonly maxArenaMinutes: number;
  /** How far ahead a start may be set, in days. */
  readonly maxStartDays: number;
  /** How often running tournaments are looked at (results missed, arenas to pair, starts due), in ms. */
  readonly pollMs: number;
}

export const TOURNAMENT_LIMITS: TournamentLimits = {
  perOrganiser: 5,
  perPlayer: 20,
  maxEntrants: 128,
  maxRounds: 15,
  maxArenaMinutes: 24 * 60,
  maxStartDays: 90,
  pollMs: 1_000,
};

/** The most tournaments a listing shows. */
export const TOURNAMENT_LIST_LIMIT = 100;
/** The longest tournament name, in characters. */
export const TOURNAMENT_NAME_LENGTH = 80;
/** Running tournaments the poll looks at a turn (the rest at the next). */
export const TOURNAMENT_POLL_BATCH = 50;
