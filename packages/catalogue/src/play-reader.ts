/**
 * Reading a game in play the same way whatever its dynamics (issue 41): who is to act, the position a seat sees,
 * how far the game has gone, and the few commands whose form differs (a move or a round's orders). A sequential
 * session has one player to move and one position for everyone; a simultaneous one has each player who has not yet
 * submitted the round, and each seat sees the round's start with its own pending moves (a spectator the round's start
 * alone). Interfaces ask here instead of branching on `dynamics` themselves; what only a game of single moves has (a
 * live clock, takebacks on the server, a move's text) they get through `sequentialPlay`.
 */
import type { CommandOptions, Dynamics, InputError, Player, Result } from '@tactica/core';
import type { RestoredGame } from './stored-game.js';
import type { RecordMeta } from './types.js';

/** A restored game of single moves (a sequential session). */
export type SequentialPlay = Extract<RestoredGame, { readonly dynamics: 'sequential' }>;
/** A restored game of simultaneous rounds. */
export type RoundPlay = Extract<RestoredGame, { readonly dynamics: 'simultaneous' }>;

/** What a kind of game is, as a listing, a setup or a restored game says it. */
export interface HasDynamics {
  readonly dynamics: Dynamics;
}

/** Both sides give their orders at once, each round (Tactorus), instead of moving in turn. */
export function playsInRounds(game: HasDynamics): boolean {
  return game.dynamics === 'simultaneous';
}

/** A live clock may run the game (a game of rounds is played by correspondence only). */
export function takesLiveClock(game: HasDynamics): boolean {
  return game.dynamics === 'sequential';
}

/** What one turn is called in the game's messages: a move, or a round. */
export function turnWord(game: HasDynamics): 'move' | 'round' {
  return playsInRounds(game) ? 'round' : 'move';
}

/** The game as a game of single moves, for what only such a game has (a clock, takebacks, a move's text). */
export function sequentialPlay(play: RestoredGame): SequentialPlay | undefined {
  return play.dynamics === 'sequential' ? play : undefined;
}

/** The game as a game of rounds, for what only such a game has (the orders submitted, the round's start). */
export function roundPlay(play: RestoredGame): RoundPlay | undefined {
  return play.dynamics === 'simultaneous' ? play : undefined;
}

/**
 * What differs by kind of game, in one place: `byMoves` for a game of single moves, `byRounds` for a game of rounds
 * (a view's move list or its rounds and orders). Everything else reads the game through the functions here.
 */
export function byKind<T>(
  play: RestoredGame,
  byMoves: (play: SequentialPlay) => T,
  byRounds: (play: RoundPlay) => T,
): T {
  return play.dynamics === 'sequential' ? byMoves(play) : byRounds(play);
}

/** The players who are to act now: the player to move, or those who have not yet submitted the round. */
export function playersToAct(play: RestoredGame): readonly Player[] {
  if (play.dynamics === 'sequential') return play.session.toMove === undefined ? [] : [play.session.toMove];
  if (play.session.outcome) return [];
  return ([0, 1] as const).filter((p) => !play.session.submitted(p));
}

/**
 * The position `viewer` sees now (undefined: a spectator): the game's position, or in a simultaneous round the
 * round's start with the viewer's own pending moves — never the other side's.
 */
export function positionSeenBy(play: RestoredGame, viewer: Player | undefined): unknown {
  if (play.dynamics === 'sequential') return play.session.position;
  return viewer === undefined ? play.session.roundStart : play.session.ownPosition(viewer);
}

/** The position the turn to come starts from: the game's position, or the round's start. */
export function turnStart(play: RestoredGame): unknown {
  return play.dynamics === 'sequential' ? play.session.position : play.session.roundStart;
}

/** The turns played to the game's cursor: the moves (plies), or the rounds carried out. */
export function turnsPlayed(play: RestoredGame): number {
  return play.dynamics === 'sequential' ? play.session.history.cursor : play.session.round - 1;
}

/** The number of the turn to come, counted from 1: the move (a ply, not a chess move number), or the round. */
export function turnNumber(play: RestoredGame): number {
  return turnsPlayed(play) + 1;
}

/** The positions the session holds: its line's (moves taken back too) with the start, or one a round and the next. */
export function positionsHeld(play: RestoredGame): number {
  return play.dynamics === 'sequential' ? play.session.history.moves.length + 1 : 1 + play.session.round;
}

/** A key that changes exactly when a new turn begins: another player to move, or another round (or the game over). */
export function turnKey(play: RestoredGame): string {
  return play.dynamics === 'sequential'
    ? String(play.session.toMove ?? '-')
    : `${play.session.round}:${play.session.outcome ? '-' : ''}`;
}

/** `player`'s turn given: the move (`moves[0]`), or the round's orders (all of `moves`). */
export function playTurn(
  play: RestoredGame,
  player: Player,
  moves: readonly unknown[],
  options: CommandOptions,
): Result<RestoredGame, InputError> {
  if (play.dynamics === 'sequential') {
    const next = play.session.play(player, moves[0], options);
    return next.ok ? { ok: true, value: { ...play, session: next.value } } : next;
  }
  const next = play.session.submit(player, [...moves], options);
  return next.ok ? { ok: true, value: { ...play, session: next.value } } : next;
}

/** The game as record text in `format`: a line of moves (those taken back left out), or the rounds played. */
export function exportPlay(play: RestoredGame, format: string, meta?: RecordMeta): Promise<Result<string, InputError>> {
  return play.dynamics === 'sequential'
    ? play.setup.exportRecord(format, play.session.history, meta)
    : play.setup.exportRecord(format, play.session, meta);
}

/** The commands both kinds of session take alike, each returning a session of its own kind. */
export interface CommonCommands<T> {
  resign(player: Player, options: CommandOptions): Result<T, InputError>;
  offerDraw(player: Player, options: CommandOptions): Result<T, InputError>;
  answerDraw(player: Player, accept: boolean, options: CommandOptions): Result<T, InputError>;
  forfeit(player: Player, options: CommandOptions): Result<T, InputError>;
}

/**
 * A command both kinds of session take alike (a resignation, a draw offered or answered, a forfeit), applied to
 * whichever session `play` holds: `command` sees it through `CommonCommands` and returns a session of the same kind.
 */
export function commonCommand(
  play: RestoredGame,
  command: <T extends CommonCommands<T>>(session: T) => Result<T, InputError>,
): Result<RestoredGame, InputError> {
  if (play.dynamics === 'sequential') {
    const next = command(play.session);
    return next.ok ? { ok: true, value: { ...play, session: next.value } } : next;
  }
  const next = command(play.session);
  return next.ok ? { ok: true, value: { ...play, session: next.value } } : next;
}

/** `player` loses by forfeit (a correspondence turn not played in time), whatever the game's dynamics. */
export function forfeitIn(
  play: RestoredGame,
  player: Player,
  options: CommandOptions,
): Result<RestoredGame, InputError> {
  return commonCommand(play, (session) => session.forfeit(player, options));
}
