/**
 * Starting a game whatever its dynamics (issue 41): a new session of a setup, and a record's line put on it. The
 * interfaces (the server's game service, the web app's local games) start games here instead of branching on
 * `dynamics` to call each kind of session's own constructor.
 */
import { ok, type CommandOptions, type History, type InputError, type Result, type SessionSeats } from '@tactica/core';
import type { RestoredGame } from './stored-game.js';
import type { AnyGameSetup, NewSessionOptions } from './types.js';

/** A new game of `setup`. A game of rounds takes no clock (`takesLiveClock`): its session refuses one. */
export function startPlay(setup: AnyGameSetup, options: NewSessionOptions): Result<RestoredGame, InputError> {
  if (setup.dynamics === 'sequential') {
    const session = setup.newSession(options);
    return session.ok ? ok({ dynamics: 'sequential', setup, session: session.value }) : session;
  }
  const session = setup.newSession(options);
  return session.ok ? ok({ dynamics: 'simultaneous', setup, session: session.value }) : session;
}

/** A record's line of play, as `ImportedRecord` holds it. */
export interface RecordLine {
  /** The moves, for a game of moves. */
  readonly history?: History<unknown, unknown> | undefined;
  /** The whole game (every round, command and ending), for a game of rounds. */
  readonly snapshot?: unknown;
}

/**
 * `play`, just started, continued with a record's line: a game of moves plays the record's moves on (its seats kept),
 * a game of rounds is restored from the record's snapshot, seated as `seats` says (default: the record's seats).
 * Without its kind's part, `play` as it is.
 */
export function withRecordLine(
  play: RestoredGame,
  line: RecordLine,
  options: CommandOptions & { readonly seats?: SessionSeats },
): Result<RestoredGame, InputError> {
  if (play.dynamics === 'sequential') {
    if (!line.history) return ok(play);
    const loaded = play.session.load(line.history, options);
    return loaded.ok ? ok({ ...play, session: loaded.value }) : loaded;
  }
  if (line.snapshot === undefined) return ok(play);
  const back = play.setup.restoreSession(line.snapshot);
  if (!back.ok) return back;
  if (!options.seats) return ok({ ...play, session: back.value });
  const seated = back.value.setSeats(options.seats, { expectedVersion: back.value.version, now: options.now });
  return seated.ok ? ok({ ...play, session: seated.value }) : seated;
}
