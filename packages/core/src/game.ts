import type { Outcome } from './outcome.js';
import type { Player } from './player.js';
import type { InputError, Result } from './result.js';

/** Sequential games have one player to move; simultaneous games let both schedule in secret, then resolve. */
export type Dynamics = 'sequential' | 'simultaneous';

export interface GameInfo {
  /** Stable id: `draughts/international`, `draughts/international-giveaway`, `force400`, `tactorus`. */
  readonly id: string;
  /** The game family: `draughts`, `force400`, `tactics`, `tactrix`, `tactorus`. */
  readonly family: string;
  /** Human name: `International draughts (give-away)`. */
  readonly name: string;
  readonly dynamics: Dynamics;
  readonly board: { readonly files: number; readonly ranks: number };
  /** What each seat is called in this game: `['White', 'Black']`, `['Player 1', 'Player 2']`. */
  readonly players: readonly [string, string];
}

/**
 * The contract every Tactica game implements. States are immutable values; `play` returns a new state.
 *
 * Turn structure:
 * - `toMove(s)` is `[]` when the game is over, `[p]` in a sequential game, `[0, 1]` in a simultaneous round.
 * - In a simultaneous game, a move carries its player; each player's moves are private until the round resolves
 *   (see `observe`).
 *
 * Trust levels (scalachess's two-level API):
 * - `legalMoves` / `play` are the trusted fast path: `play` assumes the move came from `legalMoves`.
 * - `parseMove` / `tryPlay` / `parsePosition` / `command` take untrusted text and return coded errors; they never
 *   throw.
 *
 * `O` is what `observe` gives a player (Tactorus: `TactorusObservation`); `unknown` for games that do not say.
 */
export interface Game<S, M, O = unknown> {
  readonly info: GameInfo;
  /** The starting position (options such as variant or handicap are fixed when the game object is made). */
  initial(): S;
  toMove(s: S): readonly Player[];
  /** Every legal move of `p` (default: the single player to move). Empty when the game is over. */
  legalMoves(s: S, p?: Player): readonly M[];
  /** Applies a legal move; never mutates `s`. */
  play(s: S, m: M): S;
  /** The result when the game is over (by rule, resignation or agreement), else undefined. */
  outcome(s: S): Outcome | undefined;
  /** The player resigns: the game ends at once with the opponent winning. */
  resign(s: S, p: Player): S;
  /** Both players agree a draw. */
  agreeDraw(s: S): S;

  /** The move in this game's notation, unambiguous among the legal moves of `s`. */
  formatMove(s: S, m: M): string;
  /** Reads untrusted move text and checks it is legal in `s`. */
  parseMove(s: S, text: string, p?: Player): Result<M, InputError>;
  /** `parseMove` then `play`. */
  tryPlay(s: S, text: string, p?: Player): Result<S, InputError>;
  /** True when two moves are the same move (defaults to notation equality in the conformance kit). */
  sameMove?(a: M, b: M): boolean;

  /** The position as this game's position text (FEN for draughts); with `parsePosition`, a round trip. */
  formatPosition(s: S): string;
  parsePosition(text: string): Result<S, InputError>;

  /**
   * What player `p` may see of `s`, typed per game (`O`): in games of perfect information the state itself; in
   * Tactorus the other side's pending orders are stripped.
   */
  observe(s: S, p: Player): O;

  /**
   * The game's own commands outside its moves, as text in the game's notation (Tactorus: customizing the board,
   * changing the rule alterations). Applied to a position with no pending moves (the start of a round, or between
   * moves), it gives the new position and the command's canonical text, which a session records in its line and
   * replays on restore; bad text is refused with a coded error.
   */
  command?(s: S, text: string): Result<CommandApplied<S>, InputError>;

  /** Optional fast leaf count, for games with a specialised generator; must agree with the generic perft. */
  perft?(s: S, depth: number): number;
}

/** A game's own command carried out: the position after it, and the command as the game writes it. */
export interface CommandApplied<S> {
  readonly state: S;
  readonly text: string;
}

/** Builds `tryPlay` from `parseMove` and `play`, for games with nothing to add. */
export function tryPlayWith<S, M>(
  game: Pick<Game<S, M>, 'parseMove' | 'play'>,
): (s: S, text: string, p?: Player) => Result<S, InputError> {
  return (s, text, p) => {
    const parsed = game.parseMove(s, text, p);
    return parsed.ok ? { ok: true, value: game.play(s, parsed.value) } : parsed;
  };
}
