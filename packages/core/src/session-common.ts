/**
 * What the sequential game session (session.ts) and the simultaneous one (simultaneous-session.ts) share: seats,
 * the command options, the commands both take the same way (`SessionCommands`: version and time checks, seats and
 * levels, resignation, draw offers and answers), endings, snapshot reading and writing helpers, and the coded
 * errors for players, times, versions and snapshot fields.
 */
import type { Game } from './game.js';
import { endAtCursor, type History } from './history.js';
import type { Outcome } from './outcome.js';
import { opponent, type Player } from './player.js';
import { err, inputError, ok, type InputError, type Result } from './result.js';
import { snapshot as canonicalText } from './snapshot.js';

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
function shown(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? typeof v;
  } catch {
    return typeof v;
  }
}

function staleVersion(version: number, expected: unknown): InputError {
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

function seatProblem(seat: unknown): string | undefined {
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

function shortText(v: unknown): v is string {
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

/** What every session snapshot starts with, checked: the object itself, its format version, version and seats. */
export interface SnapshotHeader {
  readonly v: Record<string, unknown>;
  readonly formatVersion: number;
  readonly version: number;
  readonly seats: SessionSeats;
}

/**
 * Reads the part both kinds of session snapshot share (an object or its JSON text): the format and its version
 * (one of `formatVersions`), the game, the session's version and the seats. A bad one is refused with a coded
 * `snapshot/…` error naming the field.
 */
export function readSnapshotHeader(
  snapshot: unknown,
  format: string,
  gameId: string,
  formatVersions: readonly number[] = [1],
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
  if (!formatVersions.includes(v.formatVersion as number)) {
    return err(field('formatVersion', `must be ${formatVersions.join(' or ')}`));
  }
  if (v.game !== gameId) {
    return err(inputError('snapshot/other-game', `the snapshot is of game ${shown(v.game)}, not ${gameId}`));
  }
  if (!isCount(v.version)) return err(field('version', 'must be a whole number of at least 0'));
  const badSeat = checkSeats(v.seats);
  if (badSeat) return err(field('seats', badSeat.message));
  return ok({
    v,
    formatVersion: v.formatVersion as number,
    version: v.version,
    seats: cleanSeats(v.seats as SessionSeats),
  });
}

/** The seats with the computer in `seat` playing at `level`; refused when a person sits there. */
function withComputerLevel(
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
function drawOffered(
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
function drawAnswered(
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

/** The computer's level in each seat (undefined for a person). */
export function seatLevels(seats: SessionSeats): readonly [string | undefined, string | undefined] {
  const level = (seat: SeatSpec): string | undefined => (seat.kind === 'computer' ? seat.level : undefined);
  return [level(seats[0]), level(seats[1])];
}

/** How `game` tells two moves apart: its own `sameMove`, else equal canonical text of the move values. */
export function moveEquality<M>(game: Pick<Game<unknown, M, unknown>, 'sameMove'>): (a: M, b: M) => boolean {
  return game.sameMove ?? ((a: M, b: M) => canonicalText(a) === canonicalText(b));
}

/** A result replaces the current state; whatever had been taken back is dropped. */
export function withResult<S, M>(h: History<S, M>, ended: S): History<S, M> {
  return endAtCursor(h, ended);
}

// --- the commands both sessions take the same way ---

/** The fields every session's state has: what the shared commands read and change. */
export interface CommonFields {
  /** Increases by one with every accepted change. */
  readonly version: number;
  readonly seats: SessionSeats;
  /** The player whose draw offer waits for an answer. */
  readonly drawOffer: Player | undefined;
}

/** The endings both sessions know: a resignation, or a draw offer accepted. */
export type EndingKind = 'resigned' | 'agreed';

/** How a game ended without a move by the rules, and what takeback restores (`before`). */
export interface Ending<K extends string, B> {
  readonly kind: K;
  /** Who resigned (or ran out of time). */
  readonly player?: Player;
  readonly before: B;
}

export function makeEnding<K extends string, B>(kind: K, player: Player | undefined, before: B): Ending<K, B> {
  return player === undefined ? { kind, before } : { kind, player, before };
}

/**
 * The commands the sequential and the simultaneous session take the same way: the version and time checks every
 * command starts with, seats and levels, resignation, draw offers and their answers. A session is immutable: each
 * command returns a new session of the same class (`Self`) whose version is one higher, or a coded error and
 * leaves this one as it was. Each session says how its own data change (`changed`), how a game ends without a move
 * (`endedBy`) and, for the sequential session's clock, what refuses any command (`commandRefusal`).
 */
export abstract class SessionCommands<St extends CommonFields, Self> {
  protected constructor(
    readonly state: St,
    private readonly seatNames: readonly [string, string],
  ) {}

  get version(): number {
    return this.state.version;
  }
  get seats(): SessionSeats {
    return this.state.seats;
  }
  /** The player whose draw offer waits for the other's answer. */
  get drawOffer(): Player | undefined {
    return this.state.drawOffer;
  }
  abstract get outcome(): Outcome | undefined;

  /** These fields changed at `now`; the version rises by one. */
  protected abstract changed(changes: Partial<CommonFields>, now: number): Self;
  /** The game ends at `now` without a move: `player` resigned, or both agreed a draw. Takeback can undo it. */
  protected abstract endedBy(kind: EndingKind, player: Player | undefined, now: number): Self;

  /** Why no command may be taken at `now` (the sequential session: a timeout is due), if anything. */
  protected commandRefusal(_now: number): InputError | undefined {
    return undefined;
  }

  /** New seats at `now` (the sequential session's clock follows the computer to its new seat). */
  protected seated(seats: SessionSeats, now: number): Self {
    return this.changed({ seats }, now);
  }

  /** The seats change places: the computer takes the other side. */
  switchSides(options: CommandOptions): Result<Self, InputError> {
    const checked = this.check(options);
    if (!checked.ok) return checked;
    return ok(this.seated([this.state.seats[1], this.state.seats[0]], options.now));
  }

  /** Sets who sits where (a person, or the computer at another level). */
  setSeats(seats: SessionSeats, options: CommandOptions): Result<Self, InputError> {
    const checked = this.check(options);
    if (!checked.ok) return checked;
    const bad = checkSeats(seats);
    if (bad) return err(bad);
    return ok(this.seated(cleanSeats(seats), options.now));
  }

  /** The computer in `seat` plays at `level` from now on (the Draughts manual 3.3.4, "stronger"/"weaker"). */
  setLevel(seat: Player, level: string, options: CommandOptions): Result<Self, InputError> {
    const seats = withComputerLevel(this.state.seats, seat, level, (p) => this.seatName(p));
    return seats.ok ? this.setSeats(seats.value, options) : seats;
  }

  /** `player` resigns: the opponent wins. Takeback can undo it. */
  resign(player: Player, options: CommandOptions): Result<Self, InputError> {
    const checked = this.checkPlaying(player, options);
    if (!checked.ok) return checked;
    return ok(this.endedBy('resigned', player, options.now));
  }

  /** `player` offers a draw; it waits for the opponent's answer. Crossing the opponent's own offer agrees the draw. */
  offerDraw(player: Player, options: CommandOptions): Result<Self, InputError> {
    const checked = this.checkPlaying(player, options);
    if (!checked.ok) return checked;
    return this.drawStep(
      drawOffered(this.state.drawOffer, player, (p) => this.seatName(p)),
      options.now,
    );
  }

  /** The opponent of the player who offered answers: accepted, the game is drawn; declined, play goes on. */
  answerDraw(player: Player, accept: boolean, options: CommandOptions): Result<Self, InputError> {
    const checked = this.checkPlaying(player, options);
    if (!checked.ok) return checked;
    return this.drawStep(
      drawAnswered(this.state.drawOffer, player, accept, (p) => this.seatName(p)),
      options.now,
    );
  }

  private drawStep(step: Result<DrawStep, InputError>, now: number): Result<Self, InputError> {
    if (!step.ok) return step;
    return ok(
      step.value.agree ? this.endedBy('agreed', undefined, now) : this.changed({ drawOffer: step.value.offer }, now),
    );
  }

  protected seatName(p: Player): string {
    return this.seatNames[p] ?? `seat ${p}`;
  }

  /** The version matches, `now` is a time, and nothing refuses commands now. */
  protected check(options: CommandOptions): Result<true, InputError> {
    if (options.expectedVersion !== this.state.version) {
      return err(staleVersion(this.state.version, options.expectedVersion));
    }
    if (!Number.isFinite(options.now)) return err(badTime(options.now));
    const refused = this.commandRefusal(options.now);
    return refused ? err(refused) : ok(true);
  }

  /** `check`, a real player, and a game still going. */
  protected checkPlaying(player: Player, options: CommandOptions): Result<true, InputError> {
    const checked = this.check(options);
    if (!checked.ok) return checked;
    if (!isPlayer(player)) return err(badPlayer(player));
    if (this.outcome) return err(gameOver());
    return ok(true);
  }
}

// --- snapshots ---

/** A standing draw offer as a snapshot field (absent when there is none). */
export function drawOfferField(offer: Player | undefined): { readonly drawOffer?: Player } {
  return offer !== undefined ? { drawOffer: offer } : {};
}

/** An ending as a snapshot field, `{ kind, player? }` (absent when there is none); `before` is each session's. */
export function endingField<K extends string>(
  ending: { readonly kind: K; readonly player?: Player } | undefined,
): { readonly ending?: { readonly kind: K; readonly player?: Player } } {
  if (!ending) return {};
  return { ending: ending.player !== undefined ? { kind: ending.kind, player: ending.player } : { kind: ending.kind } };
}

/** Whether an ending of a kind names a player: a resignation must, an agreed draw must not; others may. */
export type EndingPlayerRule<K extends string> = (kind: K) => 'required' | 'forbidden' | 'optional';

/** Reads a snapshot's `ending` field (undefined: none), checking its kind and its player. */
export function readEnding<K extends string>(
  v: unknown,
  kinds: readonly K[],
  playerRule: EndingPlayerRule<K>,
): Result<{ readonly kind: K; readonly player: Player | undefined } | undefined, InputError> {
  if (v === undefined) return ok(undefined);
  if (!isRecord(v) || !(kinds as readonly unknown[]).includes(v.kind)) {
    return err(field('ending.kind', `must be one of ${kinds.join(', ')}`));
  }
  const kind = v.kind as K;
  const rule = playerRule(kind);
  if (v.player !== undefined && !isPlayer(v.player)) return err(field('ending.player', 'must be 0 or 1'));
  if (rule === 'required' && v.player === undefined) return err(field('ending.player', `${kind}: must be 0 or 1`));
  if (rule === 'forbidden' && v.player !== undefined) {
    return err(field('ending.player', `${kind}: only a resignation has a player`));
  }
  return ok({ kind, player: v.player as Player | undefined });
}

/** Reads a snapshot's `drawOffer` field: a player, and only while the game goes on. */
export function readDrawOffer(v: unknown, over: boolean): Result<Player | undefined, InputError> {
  if (v === undefined) return ok(undefined);
  if (!isPlayer(v)) return err(field('drawOffer', 'must be 0 or 1'));
  if (over) return err(field('drawOffer', 'the game is over'));
  return ok(v);
}

/** A snapshot's start position, read by the game (`snapshot/bad-position` naming the field otherwise). */
export function readStart<S>(
  game: Pick<Game<S, unknown, unknown>, 'parsePosition'>,
  v: unknown,
  path: string,
): Result<S, InputError> {
  if (typeof v !== 'string') return err(field(path, 'must be position text'));
  const start = game.parsePosition(v);
  if (start.ok) return start;
  return err(inputError('snapshot/bad-position', `${path}: ${start.error.code}: ${start.error.message}`, { input: v }));
}

/** A move of a snapshot the game refused: `snapshot/bad-move` naming the field and the game's own error. */
export function badMove(where: string, e: InputError, text: string): InputError {
  return inputError('snapshot/bad-move', `${where}: ${e.code}: ${e.message}`, { input: text });
}
