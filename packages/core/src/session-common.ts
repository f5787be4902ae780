/**
 * What the sequential game session (session.ts) and the simultaneous one (simultaneous-session.ts) share: seats,
 * the command options, draw offers, and the coded errors for players, times, versions and snapshot fields.
 */
import { opponent, type Player } from './player.js';
import { err, inputError, ok, type InputError, type Result } from './result.js';

/** Who sits in a seat: a person (optionally named) or the computer at a level (the engine's level id). */
export type SeatSpec =
  { readonly kind: 'human'; readonly name?: string } | { readonly kind: 'computer'; readonly level: string };

export type SessionSeats = readonly [SeatSpec, SeatSpec];

/** What every command carries: the version it was meant for, and the time it happens. */
export interface CommandOptions {
  readonly expectedVersion: number;
  readonly now: number;
}

const MAX_SEAT_TEXT = 100;

export const HUMANS: SessionSeats = [{ kind: 'human' }, { kind: 'human' }];

/**
 * An untrusted value (a snapshot's field, a command's argument) as message text. Never `String(v)`: an object's own
 * `toString` may be anything (`{"toString": []}` makes it throw), and no input may reach a throw.
 */
export function shown(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? typeof v;
  } catch {
    return typeof v;
  }
}

export function staleVersion(version: number, expected: unknown): InputError {
  return inputError(
    'session/stale-version',
    `the session is at version ${version}, the command was meant for version ${shown(expected)}`,
  );
}

export function gameOver(): InputError {
  return inputError('session/game-over', 'the game is over');
}

export function badPlayer(p: unknown): InputError {
  return inputError('session/bad-player', `a player is 0 or 1, not ${shown(p)}`, { input: shown(p) });
}

export function badTime(now: unknown): InputError {
  return inputError('session/bad-time', `the time must be a finite number of milliseconds, not ${shown(now)}`);
}

export function checkSeats(seats: unknown): InputError | undefined {
  if (!Array.isArray(seats) || seats.length !== 2) {
    return inputError('session/bad-seat', 'seats must be a list of two seats');
  }
  for (let p = 0; p < 2; p++) {
    const problem = seatProblem(seats[p]);
    if (problem) return inputError('session/bad-seat', `seat ${p}: ${problem}`);
  }
  return undefined;
}

/** Checked seats with only the fields a seat has (requests may carry more). */
export function cleanSeats(seats: SessionSeats): SessionSeats {
  const clean = (seat: SeatSpec): SeatSpec =>
    seat.kind === 'computer'
      ? { kind: 'computer', level: seat.level }
      : seat.name === undefined
        ? { kind: 'human' }
        : { kind: 'human', name: seat.name };
  return [clean(seats[0]), clean(seats[1])];
}

export function seatProblem(seat: unknown): string | undefined {
  if (!isRecord(seat)) return 'a seat is { kind: "human" } or { kind: "computer", level }';
  if (seat.kind === 'human') {
    if (seat.name !== undefined && !shortText(seat.name))
      return `the name must be text of 1 to ${MAX_SEAT_TEXT} characters`;
    return undefined;
  }
  if (seat.kind === 'computer') {
    return shortText(seat.level) ? undefined : `the level must be text of 1 to ${MAX_SEAT_TEXT} characters`;
  }
  return `the kind must be "human" or "computer", not ${shown(seat.kind)}`;
}

export function shortText(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= MAX_SEAT_TEXT;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function field(path: string, problem: string): InputError {
  return inputError('snapshot/bad-field', path ? `${path}: ${problem}` : problem, path ? { input: path } : {});
}

export function isPlayer(v: unknown): v is Player {
  return v === 0 || v === 1;
}

export function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

/** What every session snapshot starts with, checked: the object itself, its version and its seats. */
export interface SnapshotHeader {
  readonly v: Record<string, unknown>;
  readonly version: number;
  readonly seats: SessionSeats;
}

/**
 * Reads the part both kinds of session snapshot share (an object or its JSON text): the format and its version,
 * the game, the session's version and the seats. A bad one is refused with a coded `snapshot/…` error naming the
 * field.
 */
export function readSnapshotHeader(
  snapshot: unknown,
  format: string,
  gameId: string,
): Result<SnapshotHeader, InputError> {
  let v = snapshot;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v) as unknown;
    } catch (e) {
      return err(inputError('snapshot/bad-json', `the snapshot is not JSON: ${(e as Error).message}`));
    }
  }
  if (!isRecord(v)) return err(field('', 'a session snapshot is a JSON object'));
  if (v.format !== format) return err(field('format', `must be "${format}"`));
  if (v.formatVersion !== 1) return err(field('formatVersion', 'must be 1 (the only version so far)'));
  if (v.game !== gameId) {
    return err(inputError('snapshot/other-game', `the snapshot is of game ${shown(v.game)}, not ${gameId}`));
  }
  if (!isCount(v.version)) return err(field('version', 'must be a whole number of at least 0'));
  const badSeat = checkSeats(v.seats);
  if (badSeat) return err(field('seats', badSeat.message));
  return ok({ v, version: v.version, seats: cleanSeats(v.seats as SessionSeats) });
}

/** The seats with the computer in `seat` playing at `level`; refused when a person sits there. */
export function withComputerLevel(
  seats: SessionSeats,
  seat: unknown,
  level: string,
  seatName: (p: Player) => string,
): Result<SessionSeats, InputError> {
  if (!isPlayer(seat)) return err(badPlayer(seat));
  if (seats[seat].kind !== 'computer') {
    return err(inputError('session/not-computer', `${seatName(seat)} is played by a person, not the computer`));
  }
  const next: [SeatSpec, SeatSpec] = [seats[0], seats[1]];
  next[seat] = { kind: 'computer', level };
  return ok(next);
}

/** What a draw offer or its answer does: the game is drawn (`agree`), or the offer that stands after it. */
export type DrawStep = { readonly agree: true } | { readonly agree: false; readonly offer: Player | undefined };

/**
 * `player` offers a draw while `offer` stands (undefined: none): the offer now waits for the opponent, or, crossing
 * the opponent's own offer, agrees the draw. A second offer of the same player is refused.
 */
export function drawOffered(
  offer: Player | undefined,
  player: Player,
  seatName: (p: Player) => string,
): Result<DrawStep, InputError> {
  if (offer === player) {
    return err(inputError('session/draw-already-offered', `${seatName(player)} has already offered a draw`));
  }
  return ok(offer === opponent(player) ? { agree: true } : { agree: false, offer: player });
}

/** `player` answers the opponent's standing offer: accepted, the draw is agreed; declined, the offer is gone. */
export function drawAnswered(
  offer: Player | undefined,
  player: Player,
  accept: boolean,
  seatName: (p: Player) => string,
): Result<DrawStep, InputError> {
  if (offer !== opponent(player)) {
    return err(inputError('session/no-draw-offer', `${seatName(player)} has no draw offer to answer`));
  }
  return ok(accept ? { agree: true } : { agree: false, offer: undefined });
}
