/**
 * A game session: one game between two seats (people or computer levels) with the Draughts Galore manual's clocks,
 * takeback and redo, switching sides, resignation and draw offers, and a status summary. Every interface (the
 * terminal loop, a server, a browser) drives a game through it, so the rules of play around the rules of the game
 * live in one place.
 *
 * Pure and deterministic: time is passed in (`now`, in ms), random moves come from a seeded generator whose state
 * is part of the session. A session is immutable: every accepted command returns a new session whose `version` is
 * one higher. Commands name the version they were meant for (`expectedVersion`); a command for another version is
 * refused (`session/stale-version`), which is what a server needs when two browsers act on one game.
 *
 *   let s = unwrap(createSession(game, { seats: [{ kind: 'human' }, { kind: 'computer', level: 'smart' }], seed: 1, now }));
 *   const r = s.playText(0, '32-28', { expectedVersion: s.version, now });
 *   if (r.ok) s = r.value;
 *   const turn = s.pendingComputer(now); // { player: 1, level: 'smart', budgetMs }: run the engine, then s.play(1, m, …)
 *
 * Computer moves are not chosen here (core depends on nothing): `pendingComputer` says whose turn it is and how
 * long the engine may think, and the interface submits the engine's move with `play`.
 */
import {
  allowance,
  startClock,
  startTurn,
  stopClock,
  takebackAllowed as clockAllowsTakeback,
  MAX_INCREMENT_MS,
  timeLeft,
  timeout,
  TIME_LIMITS,
  TIME_MODES,
  type ClockState,
  type TimeControl,
  type TimeLimit,
  type TimeMode,
} from './clock.js';
import type { Game } from './game.js';
import { lineTexts, lineTextsJson } from './move-text.js';
import { outcomeAt, positionText } from './state-memo.js';
import {
  canRedo,
  canUndo,
  current,
  lineFromStates,
  lineStates,
  prefixOf,
  pushMove,
  redo,
  startHistory,
  stateAt,
  undo,
  type History,
} from './history.js';
import { TIME_FORFEIT, type Outcome } from './outcome.js';
import { opponent, type Player } from './player.js';
import { err, inputError, ok, type InputError, type Result } from './result.js';
import { createRng } from './rng.js';
import {
  badMove,
  badTime,
  checkSeats,
  cleanSeats,
  drawOfferField,
  endingField,
  field,
  gameOver,
  HUMANS,
  isCount,
  isPlayer,
  isRecord,
  makeEnding,
  moveEquality,
  readDrawOffer,
  readEnding,
  readSnapshotHeader,
  readStart,
  seatLevels,
  SessionCommands,
  withResult,
  type CommandOptions,
  type Ending,
  type EndingKind,
  type SessionSeats,
} from './session-common.js';

export type { CommandOptions, SeatSpec, SessionSeats } from './session-common.js';

/** A clock as the session takes it: the computer's shorter allowance follows from the seats. */
export type SessionClock = Omit<TimeControl, 'computer'>;

/**
 * How a game ended without a move by the rules: `resigned`, `agreed` (a draw offer accepted), `time` (per-game
 * clock ran out), `ended` (a game's own command); `player` resigned or ran out of time. `before` is the line as it
 * was, which takeback restores.
 */
export type SessionEnding<S, M> = Ending<'resigned' | 'agreed' | 'time' | 'ended', History<S, M>>;

/** The session's data: plain values, JSON-safe and structured-clone-safe when the game's states and moves are. */
export interface SessionState<S, M> {
  /** Increases by one with every accepted change (each timeout applied by `tick` counts as one). */
  readonly version: number;
  readonly seats: SessionSeats;
  readonly history: History<S, M>;
  readonly clock: ClockState | undefined;
  /** The state of the generator that picks the random move when a per-move clock runs out. */
  readonly rng: readonly [number, number, number, number];
  readonly ending: SessionEnding<S, M> | undefined;
  /** The player whose draw offer waits for an answer. */
  readonly drawOffer: Player | undefined;
}

/** What running out of time did (manual 3.2.2). */
export interface TimeoutEvent<M> {
  readonly player: Player;
  /** When the time ran out (ms): the next turn's clock starts there. */
  readonly at: number;
  readonly consequence: 'random-move' | 'loss';
  /** The random move played, and its notation (per-move clocks). */
  readonly move?: M;
  readonly text?: string;
}

/** The computer is to move: the interface runs the engine at `level`, thinking at most `budgetMs` (none: no clock). */
export interface PendingComputer {
  readonly player: Player;
  readonly level: string;
  readonly budgetMs: number | undefined;
}

export interface SessionStatus<G> {
  readonly version: number;
  /** Moves played up to the current position. */
  readonly ply: number;
  /** `floor(ply / 2) + 1`: one move is a turn of each seat. */
  readonly moveNumber: number;
  readonly toMove: Player | undefined;
  readonly outcome: Outcome | undefined;
  /** Who lost on time, when the game ended so. */
  readonly lostOnTime: Player | undefined;
  readonly seats: SessionSeats;
  /** The computer's level in each seat (undefined for a person). */
  readonly levels: readonly [string | undefined, string | undefined];
  readonly drawOffer: Player | undefined;
  readonly clock?: {
    readonly mode: TimeMode;
    readonly limit: TimeLimit;
    readonly running: Player | undefined;
    /** Time left this move (per move) or this game (per game); Infinity when limits are off. */
    readonly left: readonly [number, number];
    /** Time used over the whole game, the running turn included. */
    readonly used: readonly [number, number];
  };
  /** The game's own fields (rule set, pieces per side, draw counter…), from the `status` option. */
  readonly game: G | undefined;
}

export interface SessionOptions<S, M, G> {
  /** Default: two people. */
  readonly seats?: SessionSeats;
  /** Per move or per game, limits off, normal or blitz (manual 3.2.2); none by default. */
  readonly clock?: SessionClock;
  /** Seeds the random moves played when a per-move clock runs out. */
  readonly seed: number | string;
  /** When the session starts (the first turn's clock starts here). */
  readonly now: number;
  /** The line of play to continue (default: the game's initial position). */
  readonly history?: History<S, M>;
  /** The game's own status fields, computed from the line of play. */
  readonly status?: (h: History<S, M>) => G;
  /** A game's own rule on takeback, on top of blitz's ban. */
  readonly takebackAllowed?: (h: History<S, M>) => boolean;
}

/** What a restored session needs besides its snapshot: the hooks, which are code, not data. */
export type RestoreOptions<S, M, G> = Pick<SessionOptions<S, M, G>, 'status' | 'takebackAllowed'>;

/** One line of play as text: the start position, every move (those taken back too), and the cursor. */
export interface LineSnapshot {
  readonly start: string;
  readonly moves: readonly string[];
  readonly cursor: number;
  /** The last position of the line was ended without a move: a resignation of `player`, or an agreed draw. */
  readonly ended?: { readonly kind: 'resign'; readonly player: Player } | { readonly kind: 'draw' };
}

/** A session as JSON: moves as notation, replayed through the game's `parseMove` on restore. */
export interface SessionSnapshot {
  readonly format: typeof SNAPSHOT_FORMAT;
  readonly formatVersion: 1;
  /** `game.info.id`; a snapshot restores only into the same game. */
  readonly game: string;
  readonly version: number;
  readonly seats: SessionSeats;
  readonly clock: {
    readonly mode: TimeMode;
    readonly limit: TimeLimit;
    /** Per game: the increment each move earns (absent: none). */
    readonly incrementMs?: number;
    readonly used: readonly [number, number];
    readonly running: { readonly player: Player; readonly since: number; readonly singleMove: boolean } | null;
  } | null;
  readonly rng: readonly [number, number, number, number];
  readonly line: LineSnapshot;
  readonly ending?: { readonly kind: SessionEnding<unknown, unknown>['kind']; readonly player?: Player };
  /** With `ending`: the line before the result. */
  readonly before?: LineSnapshot;
  readonly drawOffer?: Player;
}

export const SNAPSHOT_FORMAT = 'tactica-session';
const ENDING_KINDS = ['resigned', 'agreed', 'time', 'ended'] as const;

interface Config<S, M, G> {
  readonly game: Game<S, M>;
  readonly status: ((h: History<S, M>) => G) | undefined;
  readonly takebackAllowed: ((h: History<S, M>) => boolean) | undefined;
}

type Fields<S, M> = { -readonly [K in keyof SessionState<S, M>]: SessionState<S, M>[K] };

/** Starts a session. Seats are checked (a server builds them from requests); a simultaneous game is refused. */
export function createSession<S, M, G = undefined>(
  game: Game<S, M>,
  options: SessionOptions<S, M, G>,
): Result<Session<S, M, G>, InputError> {
  if (game.info.dynamics !== 'sequential') return err(simultaneousError(game));
  const badSeat = checkSeats(options.seats ?? HUMANS);
  if (badSeat) return err(badSeat);
  const seats = cleanSeats(options.seats ?? HUMANS);
  if (options.clock) {
    const badClock = checkClock(options.clock);
    if (badClock) return err(badClock);
  }
  if (!Number.isFinite(options.now)) return err(badTime(options.now));
  const config: Config<S, M, G> = {
    game,
    status: options.status,
    takebackAllowed: options.takebackAllowed,
  };
  const history = options.history ?? startHistory<S, M>(game.initial());
  const clock = options.clock && startClock({ ...options.clock, computer: computerFlags(seats) });
  const state: SessionState<S, M> = {
    version: 0,
    seats,
    history,
    clock: clock && restartClock(game, history, clock, options.now),
    rng: createRng(options.seed).state(),
    ending: undefined,
    drawOffer: undefined,
  };
  return ok(new Session(config, state));
}

/**
 * One game's session. Immutable: commands return a new session (or a coded error, leaving this one as it was).
 * The data is `state`; `toJSON` gives the snapshot that `restoreSession` reads back.
 */
export class Session<S, M, G = undefined> extends SessionCommands<SessionState<S, M>, Session<S, M, G>> {
  /** @internal Use `createSession` or `restoreSession`. */
  constructor(
    private readonly config: Config<S, M, G>,
    state: SessionState<S, M>,
  ) {
    super(state, config.game.info.players);
  }

  get game(): Game<S, M> {
    return this.config.game;
  }
  get history(): History<S, M> {
    return this.state.history;
  }
  get clock(): ClockState | undefined {
    return this.state.clock;
  }
  get ending(): SessionEnding<S, M> | undefined {
    return this.state.ending;
  }
  /** The current position. */
  get position(): S {
    return current(this.state.history);
  }
  get outcome(): Outcome | undefined {
    const o = outcomeAt(this.config.game, this.position);
    // A loss on time ends the line with the game's own resignation (its rules know no clock): the session, which
    // knows why, says so, so that no interface reports a forfeit as a resignation (issue 40).
    return o && this.state.ending?.kind === 'time' && o.kind === 'win' ? { ...o, reason: TIME_FORFEIT } : o;
  }
  /** The player to move, undefined once the game is over. */
  get toMove(): Player | undefined {
    return this.outcome ? undefined : this.config.game.toMove(this.position)[0];
  }
  get lostOnTime(): Player | undefined {
    return this.state.ending?.kind === 'time' ? this.state.ending.player : undefined;
  }

  /** Plays a move object (from an engine or the interface's own parser); it must be legal. */
  play(player: Player, move: M, options: CommandOptions): Result<Session<S, M, G>, InputError> {
    const s = this.turnOf(player, options);
    if (!s.ok) return s;
    const { game } = this.config;
    const same = moveEquality(game);
    const legal = game.legalMoves(this.position).find((m) => same(m, move));
    if (legal === undefined) {
      return err(inputError('session/illegal-move', `that move is not legal for ${this.seatName(player)} here`));
    }
    return ok(this.afterMove(legal, options.now));
  }

  /** Plays a move typed in the game's notation; a bad one is refused with the game's own coded error. */
  playText(player: Player, text: string, options: CommandOptions): Result<Session<S, M, G>, InputError> {
    const s = this.turnOf(player, options);
    if (!s.ok) return s;
    if (typeof text !== 'string') return err(inputError('session/bad-move', 'the move must be text'));
    const parsed = this.config.game.parseMove(this.position, text, player);
    if (!parsed.ok) return parsed;
    return ok(this.afterMove(parsed.value, options.now));
  }

  /**
   * Takes back the result (a resignation, an agreed draw, a loss on time) or the last move; against the computer,
   * back to the person's last move (one or two half-moves). Refused in blitz (manual 3.3.3) and when the game's
   * own rule says so.
   */
  takeback(options: CommandOptions): Result<Session<S, M, G>, InputError> {
    const checked = this.check(options);
    if (!checked.ok) return checked;
    const refused = this.takebackRefusal();
    if (refused) return err(refused);
    const { ending, history } = this.state;
    if (ending) return ok(this.next({ history: ending.before, ending: undefined, drawOffer: undefined }, options.now));
    if (!canUndo(history)) return err(inputError('session/nothing-to-take-back', 'no move has been played'));
    const { game } = this.config;
    let h = undo(game, history);
    while (canUndo(h) && this.computerToMove(current(h))) h = undo(game, h);
    return ok(this.next({ history: h, drawOffer: undefined }, options.now));
  }

  /** Replays a move taken back (and the computer's answers after it). Not in blitz. */
  redo(options: CommandOptions): Result<Session<S, M, G>, InputError> {
    const checked = this.check(options);
    if (!checked.ok) return checked;
    const { history, clock } = this.state;
    if (!canRedo(history)) return err(inputError('session/nothing-to-redo', 'no move has been taken back'));
    if (clock && !clockAllowsTakeback(clock.control)) {
      return err(inputError('session/redo-not-allowed', 'blitz allows neither takeback nor redo (manual 3.3.3)'));
    }
    const { game } = this.config;
    let h = redo(game, history);
    while (canRedo(h) && this.computerToMove(current(h))) h = redo(game, h);
    return ok(this.next({ history: h, drawOffer: undefined }, options.now));
  }

  /** Ends the game with a state from the game's own command (e.g. its resignation); takeback can undo it. */
  endWith(ended: S, options: CommandOptions): Result<Session<S, M, G>, InputError> {
    const checked = this.check(options);
    if (!checked.ok) return checked;
    if (this.outcome) return err(gameOver());
    if (!this.config.game.outcome(ended)) {
      return err(inputError('session/not-ended', 'the state given to end the game with has no result'));
    }
    return ok(this.endedWith(ended, 'ended', undefined, options.now));
  }

  /**
   * `player` loses on time by a rule outside the session's clock (a correspondence forfeit): the game ends as a
   * loss on time (`lostOnTime`), which takeback can undo like any result.
   */
  forfeit(player: Player, options: CommandOptions): Result<Session<S, M, G>, InputError> {
    const checked = this.checkPlaying(player, options);
    if (!checked.ok) return checked;
    return ok(this.endedWith(this.config.game.resign(this.position, player), 'time', player, options.now));
  }

  /** Replaces the line of play (a loaded game): any result and draw offer are dropped, the clock starts anew. */
  load(history: History<S, M>, options: CommandOptions): Result<Session<S, M, G>, InputError> {
    const checked = this.check(options);
    if (!checked.ok) return checked;
    return ok(this.next({ history, ending: undefined, drawOffer: undefined }, options.now));
  }

  /**
   * Applies every timeout up to `now`, each at the moment the time ran out (manual 3.2.2): per move, a random
   * legal move is played for that player and the opponent's clock starts then; per game, that player loses.
   * A pure function of the session and `now`, so calling it late or twice gives the same session.
   */
  tick(now: number): { session: Session<S, M, G>; timeouts: readonly TimeoutEvent<M>[] } {
    const timeouts: TimeoutEvent<M>[] = [];
    // Works on a copy; `this` itself comes back when no time ran out.
    let session = new Session(this.config, this.state);
    if (!Number.isFinite(now)) return { session: this, timeouts };
    const { game } = this.config;
    for (;;) {
      const clock = session.state.clock;
      const due = clock && timeout(clock, now);
      if (!clock?.running || !due) break;
      const since = clock.running.since;
      const at = since + Math.max(0, timeLeft(clock, due.player, since));
      const s = session.position;
      const moves = game.legalMoves(s);
      if (due.consequence === 'random-move' && moves.length > 0) {
        const rng = createRng(session.state.rng);
        const move = rng.pick(moves);
        timeouts.push({ player: due.player, at, consequence: 'random-move', move, text: game.formatMove(s, move) });
        session = session.afterMove(move, at, { rng: rng.state() });
      } else {
        timeouts.push({ player: due.player, at, consequence: 'loss' });
        session = session.endedWith(game.resign(s, due.player), 'time', due.player, at);
      }
    }
    return { session: timeouts.length ? session : this, timeouts };
  }

  /** Time left for `player`: this move (per move) or this game (per game); Infinity with no clock or limits off. */
  timeLeft(player: Player, now: number): number {
    const clock = this.state.clock;
    return clock ? timeLeft(clock, player, now) : Infinity;
  }

  /** When the computer is to move: its level and what it may spend on this move (`tick` first). */
  pendingComputer(now: number): PendingComputer | undefined {
    const p = this.toMove;
    if (p === undefined) return undefined;
    const seat = this.state.seats[p];
    if (seat.kind !== 'computer') return undefined;
    return { player: p, level: seat.level, budgetMs: this.state.clock && moveBudget(this.state.clock, p, now) };
  }

  /** May the last move (or the result) be taken back now? */
  get takebackAllowed(): boolean {
    return this.takebackRefusal() === undefined;
  }

  status(now: number): SessionStatus<G> {
    const { history, seats, clock, drawOffer } = this.state;
    const used = (p: Player): number =>
      clock ? clock.used[p] + (clock.running?.player === p ? Math.max(0, now - clock.running.since) : 0) : 0;
    return {
      version: this.state.version,
      ply: history.cursor,
      moveNumber: Math.floor(history.cursor / 2) + 1,
      toMove: this.toMove,
      outcome: this.outcome,
      lostOnTime: this.lostOnTime,
      seats,
      levels: seatLevels(seats),
      drawOffer,
      ...(clock
        ? {
            clock: {
              mode: clock.control.mode,
              limit: clock.control.limit,
              running: clock.running?.player,
              left: [timeLeft(clock, 0, now), timeLeft(clock, 1, now)] as const,
              used: [used(0), used(1)] as const,
            },
          }
        : {}),
      game: this.config.status?.(history),
    };
  }

  /** The snapshot `restoreSession` reads back (JSON.stringify calls this). */
  toJSON(): SessionSnapshot {
    const { game } = this.config;
    const { clock, ending, drawOffer } = this.state;
    return {
      format: SNAPSHOT_FORMAT,
      formatVersion: 1,
      game: game.info.id,
      version: this.state.version,
      seats: this.state.seats,
      clock: clock
        ? {
            mode: clock.control.mode,
            limit: clock.control.limit,
            ...(clock.control.incrementMs ? { incrementMs: clock.control.incrementMs } : {}),
            used: [clock.used[0], clock.used[1]],
            running: clock.running
              ? { player: clock.running.player, since: clock.running.since, singleMove: clock.running.singleMove }
              : null,
          }
        : null,
      rng: this.state.rng,
      line: encodeLine(game, this.state.history),
      ...endingField(ending),
      ...(ending ? { before: encodeLine(game, ending.before) } : {}),
      ...drawOfferField(drawOffer),
    };
  }

  /**
   * `JSON.stringify(this.toJSON())` as `restoreSession` reads it back (the line's fields come last), with the moves'
   * text extended from the one written for the line this one was made from: a server stores the snapshot at every
   * move, and encoding the whole line each time was most of that cost.
   */
  toJSONText(): string {
    const { line, ...rest } = this.toJSON();
    const { moves: _moves, ...lineRest } = line;
    const moves = lineTextsJson(this.config.game, this.state.history);
    return `${JSON.stringify(rest).slice(0, -1)},"line":${JSON.stringify(lineRest).slice(0, -1)},"moves":${moves}}}`;
  }

  // --- internals ---

  /** No command while a timeout is due: the caller must `tick` first. */
  protected override commandRefusal(now: number): InputError | undefined {
    const due = this.state.clock && timeout(this.state.clock, now);
    if (!due) return undefined;
    return inputError(
      'session/time-up',
      `${this.seatName(due.player)}'s time has run out: apply the timeout (tick) before anything else`,
    );
  }

  protected override changed(changes: Partial<Fields<S, M>>, now: number): Session<S, M, G> {
    return this.next(changes, now);
  }

  protected override endedBy(kind: EndingKind, player: Player | undefined, now: number): Session<S, M, G> {
    const { game } = this.config;
    const s = this.position;
    const ended = kind === 'resigned' && player !== undefined ? game.resign(s, player) : game.agreeDraw(s);
    return this.endedWith(ended, kind, player, now);
  }

  /** `checkPlaying`, and it is `player`'s turn. */
  private turnOf(player: Player, options: CommandOptions): Result<true, InputError> {
    const checked = this.checkPlaying(player, options);
    if (!checked.ok) return checked;
    const toMove = this.toMove;
    if (toMove !== player) {
      return err(
        inputError(
          'session/not-your-turn',
          `it is ${toMove === undefined ? 'nobody' : this.seatName(toMove)}'s turn, not ${this.seatName(player)}'s`,
        ),
      );
    }
    return ok(true);
  }

  private takebackRefusal(): InputError | undefined {
    const { clock, history } = this.state;
    if (clock && !clockAllowsTakeback(clock.control)) {
      return inputError('session/takeback-not-allowed', 'blitz forbids takeback (manual 3.3.3)');
    }
    if (this.config.takebackAllowed && !this.config.takebackAllowed(history)) {
      return inputError('session/takeback-not-allowed', 'this game does not allow takeback now');
    }
    return undefined;
  }

  private computerToMove(s: S): boolean {
    const p = this.config.game.toMove(s)[0];
    return p !== undefined && this.state.seats[p].kind === 'computer';
  }

  private afterMove(move: M, now: number, changes: Partial<Fields<S, M>> = {}): Session<S, M, G> {
    const next = this.config.game.play(this.position, move);
    return this.next({ ...changes, history: pushMove(this.state.history, move, next), drawOffer: undefined }, now);
  }

  private endedWith(
    ended: S,
    kind: SessionEnding<S, M>['kind'],
    player: Player | undefined,
    now: number,
  ): Session<S, M, G> {
    const before = this.state.history;
    const ending: SessionEnding<S, M> = makeEnding(kind, player, before);
    return this.next({ history: withResult(before, ended), ending, drawOffer: undefined }, now);
  }

  /** The clock follows the computer's seat (its shorter allowance). */
  protected override seated(seats: SessionSeats): Session<S, M, G> {
    const clock = this.state.clock;
    return this.with({
      seats,
      clock: clock && { ...clock, control: { ...clock.control, computer: computerFlags(seats) } },
    });
  }

  /** A change of the line of play: the clock stops for the position left and starts for the new one. */
  private next(changes: Partial<Fields<S, M>>, now: number): Session<S, M, G> {
    const after = this.with(changes);
    const clock = after.state.clock;
    if (!clock) return after;
    return new Session(this.config, {
      ...after.state,
      clock: restartClock(this.config.game, after.state.history, clock, now),
    });
  }

  private with(changes: Partial<Fields<S, M>>): Session<S, M, G> {
    return new Session(this.config, { ...this.state, ...changes, version: this.state.version + 1 });
  }
}

/** The clock for the current position: the side to move's turn starts (a shorter one with a single legal move). */
function restartClock<S, M>(game: Game<S, M>, h: History<S, M>, clock: ClockState, now: number): ClockState {
  const credited = withCredit(game, h, clock);
  const s = current(h);
  const p = outcomeAt(game, s) ? undefined : game.toMove(s)[0];
  if (p === undefined) return stopClock(credited, now);
  // A single legal move shortens only a clock per move; asking costs a move generation, so a clock per game does not.
  const single = clock.control.mode === 'move' && game.legalMoves(s).length === 1;
  return startTurn(credited, p, now, single);
}

/**
 * Per game with an increment: each player's credit is the increment times their moves on the line up to the
 * cursor, so a takeback takes the credit of the moves it takes back.
 */
function withCredit<S, M>(game: Game<S, M>, h: History<S, M>, clock: ClockState): ClockState {
  const increment = clock.control.incrementMs ?? 0;
  if (increment <= 0 || clock.control.mode !== 'game') return clock;
  const [first, second] = movesByPlayer(game, h);
  return { ...clock, credit: [first * increment, second * increment] };
}

/** Each player's moves on a whole line (cursor at its end), remembered per moves list. */
const movesOfLine = new WeakMap<
  readonly unknown[],
  { readonly game: object; readonly counts: readonly [number, number] }
>();

/**
 * How many moves each player made on the line up to the cursor. A line one move longer than a line counted before
 * (the moves list `pushMove` made from it) adds that move's player to its counts: a clocked game's moves would
 * otherwise count the whole line at every move.
 */
function movesByPlayer<S, M>(game: Game<S, M>, h: History<S, M>): readonly [number, number] {
  const whole = h.cursor === h.moves.length;
  const known = whole ? movesOfLine.get(h.moves) : undefined;
  if (known?.game === game) return known.counts;
  const prefix = whole ? prefixOf(h.moves) : undefined;
  const counted = prefix?.length === h.cursor - 1 ? movesOfLine.get(prefix) : undefined;
  const before = counted?.game === game ? counted.counts : undefined;
  const counts: [number, number] = before ? [before[0], before[1]] : [0, 0];
  for (const s of lineStates(game, h, before ? h.cursor - 1 : 0, h.cursor)) {
    const mover = game.toMove(s)[0];
    if (mover !== undefined) counts[mover] += 1;
  }
  if (whole) movesOfLine.set(h.moves, { game, counts });
  return counts;
}

/** What a computer may spend on this move: most of a per-move allowance, a share of a per-game one. **(ours)** */
function moveBudget(clock: ClockState, p: Player, now: number): number | undefined {
  const left = timeLeft(clock, p, now);
  if (!Number.isFinite(left)) return undefined;
  const share = clock.control.mode === 'move' ? left * 0.8 : Math.min(left / 30, allowance(clock.control, p) / 20);
  return Math.max(50, share);
}

function computerFlags(seats: SessionSeats): readonly [boolean, boolean] {
  return [seats[0].kind === 'computer', seats[1].kind === 'computer'];
}

function simultaneousError<S, M>(game: Game<S, M>): InputError {
  return inputError(
    'session/simultaneous',
    `${game.info.name} is a simultaneous game; play it in a simultaneous session (createSimultaneousSession)`,
  );
}

function checkClock(clock: unknown): InputError | undefined {
  if (!isRecord(clock)) return inputError('session/bad-clock', 'a clock is { mode, limit }');
  if (!(TIME_MODES as readonly unknown[]).includes(clock.mode)) {
    return inputError('session/bad-clock', `the clock mode must be ${TIME_MODES.join(' or ')}`);
  }
  if (!(TIME_LIMITS as readonly unknown[]).includes(clock.limit)) {
    return inputError('session/bad-clock', `the clock limit must be ${TIME_LIMITS.join(', ')}`);
  }
  const inc = clock.incrementMs;
  if (inc !== undefined && (typeof inc !== 'number' || !Number.isInteger(inc) || inc < 0 || inc > MAX_INCREMENT_MS)) {
    return inputError('session/bad-clock', `the increment is a whole number of ms from 0 to ${MAX_INCREMENT_MS}`);
  }
  if (inc !== undefined && inc > 0 && clock.mode !== 'game') {
    return inputError('session/bad-clock', 'an increment is for clocks per game');
  }
  return undefined;
}

// --- snapshots ---

function encodeLine<S, M>(game: Game<S, M>, h: History<S, M>): LineSnapshot {
  const start = positionText(game, h.start);
  const moves = lineTexts(game, h);
  const last = h.moves.length;
  const o = outcomeAt(game, h.tip);
  let ended: LineSnapshot['ended'];
  if (o) {
    // Did the last position come from its move (or the start text), or was it ended without one?
    const natural =
      last === 0 ? game.parsePosition(start) : ok(game.play(stateAt(game, h, last - 1), h.moves[last - 1] as M));
    if (natural.ok && !game.outcome(natural.value)) {
      ended = o.kind === 'win' ? { kind: 'resign', player: opponent(o.winner) } : { kind: 'draw' };
    }
  }
  return { start, moves, cursor: h.cursor, ...(ended ? { ended } : {}) };
}

/**
 * Reads a snapshot back (an object, or its JSON text): the moves are replayed through the game's `parseMove`.
 * A bad snapshot is refused with a coded `snapshot/…` error whose message names the field (`line.moves[4]`).
 */
export function restoreSession<S, M, G = undefined>(
  game: Game<S, M>,
  snapshot: unknown,
  options: RestoreOptions<S, M, G> = {},
): Result<Session<S, M, G>, InputError> {
  if (game.info.dynamics !== 'sequential') return err(simultaneousError(game));
  const header = readSnapshotHeader(snapshot, SNAPSHOT_FORMAT, game.info.id);
  if (!header.ok) return header;
  const { v, seats } = header.value;
  if (!Array.isArray(v.rng) || v.rng.length !== 4 || !v.rng.every(isUint32)) {
    return err(field('rng', 'must be four whole numbers from 0 to 4294967295'));
  }
  const rng = v.rng as unknown as readonly [number, number, number, number];
  const line = decodeLine(game, v.line, 'line');
  if (!line.ok) return line;
  const end = readEnding(v.ending, ENDING_KINDS, () => 'optional');
  if (!end.ok) return end;
  let ending: SessionEnding<S, M> | undefined;
  if (end.value) {
    const before = decodeLine(game, v.before, 'before');
    if (!before.ok) return before;
    if (!game.outcome(current(line.value))) return err(field('ending', 'the line has no result to take back'));
    ending = makeEnding(end.value.kind, end.value.player, before.value);
  } else if (v.before !== undefined) {
    return err(field('before', 'only a snapshot with an ending has the line before it'));
  }
  const over = game.outcome(current(line.value)) !== undefined;
  const toMove = over ? undefined : game.toMove(current(line.value))[0];
  const drawOffer = readDrawOffer(v.drawOffer, over);
  if (!drawOffer.ok) return drawOffer;
  const clock = decodeClock(v.clock, seats, toMove);
  if (!clock.ok) return clock;
  const state: SessionState<S, M> = {
    version: header.value.version,
    seats,
    history: line.value,
    // The increment's credit is not stored: it follows from the line.
    clock: clock.value && withCredit(game, line.value, clock.value),
    rng,
    ending,
    drawOffer: drawOffer.value,
  };
  return ok(new Session({ game, status: options.status, takebackAllowed: options.takebackAllowed }, state));
}

function decodeLine<S, M>(game: Game<S, M>, v: unknown, path: string): Result<History<S, M>, InputError> {
  if (!isRecord(v)) return err(field(path, 'must be { start, moves, cursor }'));
  const start = readStart(game, v.start, `${path}.start`);
  if (!start.ok) return start;
  if (!Array.isArray(v.moves)) return err(field(`${path}.moves`, 'must be a list of moves'));
  const states: S[] = [start.value];
  const moves: M[] = [];
  for (let i = 0; i < v.moves.length; i++) {
    const text: unknown = v.moves[i];
    const where = `${path}.moves[${i}]`;
    if (typeof text !== 'string') return err(field(where, 'must be move text'));
    const s = states[i] as S;
    const parsed = game.parseMove(s, text);
    if (!parsed.ok) return err(badMove(where, parsed.error, text));
    moves.push(parsed.value);
    states.push(game.play(s, parsed.value));
  }
  if (!isCount(v.cursor) || v.cursor > moves.length) {
    return err(field(`${path}.cursor`, `must be a whole number from 0 to ${moves.length}`));
  }
  if (v.ended !== undefined) {
    const e = v.ended;
    const last = states.length - 1;
    const s = states[last] as S;
    if (game.outcome(s)) return err(field(`${path}.ended`, 'the line already ends by the rules'));
    if (isRecord(e) && e.kind === 'resign' && isPlayer(e.player)) states[last] = game.resign(s, e.player);
    else if (isRecord(e) && e.kind === 'draw') states[last] = game.agreeDraw(s);
    else return err(field(`${path}.ended`, 'must be { kind: "resign", player } or { kind: "draw" }'));
  }
  return ok(lineFromStates(states, moves, v.cursor));
}

function decodeClock(
  v: unknown,
  seats: SessionSeats,
  toMove: Player | undefined,
): Result<ClockState | undefined, InputError> {
  if (v === null || v === undefined) return ok(undefined);
  const bad = checkClock(v);
  if (bad) return err(field('clock', bad.message));
  const c = v as Record<string, unknown>;
  const used = c.used;
  if (!Array.isArray(used) || used.length !== 2 || !used.every((u) => isTime(u) && (u as number) >= 0)) {
    return err(field('clock.used', 'must be two times in ms, at least 0'));
  }
  const control: TimeControl = {
    mode: c.mode as TimeMode,
    limit: c.limit as TimeLimit,
    computer: computerFlags(seats),
    ...(typeof c.incrementMs === 'number' && c.incrementMs > 0 ? { incrementMs: c.incrementMs } : {}),
  };
  const clock: ClockState = { control, used: [used[0] as number, used[1] as number] };
  const r = c.running;
  if (r === null || r === undefined) {
    if (toMove !== undefined) return err(field('clock.running', 'the clock of the player to move must run'));
    return ok(clock);
  }
  if (!isRecord(r) || !isPlayer(r.player) || !isTime(r.since) || typeof r.singleMove !== 'boolean') {
    return err(field('clock.running', 'must be null or { player, since, singleMove }'));
  }
  if (r.player !== toMove) {
    return err(field('clock.running.player', 'the clock runs for the player to move only'));
  }
  return ok({ ...clock, running: { player: r.player, since: r.since, singleMove: r.singleMove } });
}

function isUint32(v: unknown): boolean {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff;
}

function isTime(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}
