/**
 * A game session for simultaneous games (Tactorus; `toMove` is `[0, 1]` while both players give orders in secret):
 * seats, rounds whose orders stay secret until both players have submitted, the game's own commands (Tactorus:
 * customizing the board, changing the rules), resignation and draw offers, takeback and redo, status, versioned
 * commands and JSON snapshots. It is the one authority for a game's play: its snapshot and the game object alone
 * restore the game exactly. The sequential games' session is session.ts; what the two share (seats, command
 * checks, resignation and draws, snapshot helpers, coded errors) is session-common.ts.
 *
 * A player's part of a round is a line of the game's own moves (for Tactorus: orders, withdrawals, then `done`),
 * played for that player alone on the position at the start of the round: the player has **submitted** once the
 * game no longer lists them in `toMove`. When the second player submits, the round is played: both lines, first
 * player first, from the start of the round (`game.play` resolves the round on the last one), and a new round begins.
 *
 *   let s = unwrap(createSimultaneousSession(game, { seats: [{ kind: 'human' }, { kind: 'computer', level: '3' }], now }));
 *   s = unwrap(s.submit(0, ['84-64', 'done'], { expectedVersion: s.version, now }));
 *   for (const c of s.pendingComputer(now)) … run the engine on s.viewFor(c.player).observation, then s.submit(c.player, …)
 *   s = unwrap(s.command('Rules: chain high-ground', { expectedVersion: s.version, now }));
 *
 * The line of play is a list of **steps**: rounds played, and the game's own commands (`command`), each with the
 * position after it. A command replaces the position at the start of the round in progress (the round's moves are
 * dropped: they were given on the old position) and is recorded by its canonical text, so a restore replays it.
 *
 * Secrecy is structural. A player's moves are parsed and checked on their own line (the round's start plus their
 * own moves), so no answer to a command depends on what the other side has scheduled. `viewFor(player)` gives the
 * game's `observe` of the position, whether the other side has submitted (yes or no), and the player's own moves.
 * The session's `state` and its snapshot hold both sides' pending moves: they are the server's, never a player's.
 *
 * Decisions **(ours)**: a player who has submitted cannot submit again; `withdraw` takes back their whole part of
 * the round while the other side has not submitted (which is always the case, since the second submission plays
 * the round). Takeback and redo work on whole steps (a round, or a command) and drop the round in progress; the
 * session takes them and the game's commands as commands, and asking the other player's consent is the
 * interface's job (the terminal asks at the keyboard). There is no clock (the Tactorus manual has none): a `clock`
 * option is refused with `session/no-clock`.
 */
import type { Game } from './game.js';
import {
  canRedo,
  canUndo,
  current,
  lineFromStates,
  lineStates,
  pushMove,
  redo,
  startHistory,
  undo,
  type History,
  type LineRules,
} from './history.js';
import { TIME_FORFEIT, type Outcome } from './outcome.js';
import { opponent, type Player } from './player.js';
import { err, inputError, ok, type InputError, type Result } from './result.js';
import { outcomeAt, positionText } from './state-memo.js';
import {
  badMove,
  badPlayer,
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

/** Both players' moves of one round: `[First's line, Second's line]`. */
export type RoundMoves<M> = readonly [readonly M[], readonly M[]];

/** One step of the line of play: a round both players played, or one of the game's own commands (its text). */
export type LineStep<M> =
  { readonly kind: 'round'; readonly moves: RoundMoves<M> } | { readonly kind: 'command'; readonly text: string };

/** The line of play: the steps (those taken back too) from its start; replayed with `roundLineRules`. */
export type RoundLine<S, M> = History<S, LineStep<M>>;

/**
 * How the game ended without a move (`resigned`, `agreed`, `time`: a forfeit on a deadline outside the session);
 * `before` is what takeback restores.
 */
export type SimultaneousEndingKind = EndingKind | 'time';
export type SimultaneousEnding<S, M> = Ending<
  SimultaneousEndingKind,
  { readonly line: RoundLine<S, M>; readonly pending: RoundMoves<M> }
>;

/** The session's data: plain values, JSON-safe when the game's states and moves are. Holds both sides' secrets. */
export interface SimultaneousState<S, M> {
  /** Increases by one with every accepted change. */
  readonly version: number;
  readonly seats: SessionSeats;
  /** The steps played; its current state is the start of the round in progress. */
  readonly line: RoundLine<S, M>;
  /** Each player's moves in the round in progress, secret until the round is played. */
  readonly pending: RoundMoves<M>;
  readonly ending: SimultaneousEnding<S, M> | undefined;
  /** The player whose draw offer waits for an answer. */
  readonly drawOffer: Player | undefined;
}

export interface SimultaneousOptions<S, M, G> {
  /** Default: two people. */
  readonly seats?: SessionSeats;
  readonly now: number;
  /** The line to continue (default: the game's initial position). */
  readonly line?: RoundLine<S, M>;
  /** The game's own status fields, computed from the line (public: no pending move reaches it). */
  readonly status?: (line: RoundLine<S, M>) => G;
}

export type SimultaneousRestoreOptions<S, M, G> = Pick<SimultaneousOptions<S, M, G>, 'status'>;

/** A computer seat that has not submitted this round: the interface runs the engine on its view and submits. */
export interface PendingSubmission {
  readonly player: Player;
  readonly level: string;
  /** No clock, no limit from the session: the engine's own level decides. */
  readonly budgetMs: undefined;
}

/**
 * What one player may know. It has no field for the other side's pending moves: of them, only whether the other
 * side has submitted (has ordered) shows, never which or how many until the round is played.
 */
export interface SimultaneousView<O = unknown> {
  readonly viewer: Player;
  readonly version: number;
  /** The round being played (1 for the first). */
  readonly round: number;
  /** `game.observe` of the position for the viewer. */
  readonly observation: O;
  /** The viewer's own moves this round, in the game's notation. */
  readonly pending: readonly string[];
  readonly submitted: boolean;
  /** Whether the other side has submitted: yes or no, nothing more. */
  readonly opponentSubmitted: boolean;
  readonly outcome: Outcome | undefined;
  readonly drawOffer: Player | undefined;
}

export interface SimultaneousStatus<G> {
  readonly version: number;
  /** The round being played (rounds played + 1). */
  readonly round: number;
  readonly roundsPlayed: number;
  readonly submitted: readonly [boolean, boolean];
  /** Players who still have to submit this round (none once the game is over). */
  readonly toSubmit: readonly Player[];
  readonly outcome: Outcome | undefined;
  readonly seats: SessionSeats;
  readonly levels: readonly [string | undefined, string | undefined];
  readonly drawOffer: Player | undefined;
  /** The game's own fields, from the `status` option. */
  readonly game: G | undefined;
}

/** A round's moves as text: `[First's moves, Second's moves]`. */
export type RoundText = readonly [readonly string[], readonly string[]];

/** A step as text: a round, or a game's command `{ command: <its text> }`. */
export type StepText = RoundText | { readonly command: string };

/**
 * A simultaneous session as JSON: moves and commands in the game's notation, replayed through `parseMove` and
 * `command` on restore. Version 2 lines hold steps (rounds and commands); version 1 lines (rounds only, in a field
 * `rounds`) are still read.
 */
export interface SimultaneousSnapshot {
  readonly format: typeof SIMULTANEOUS_FORMAT;
  readonly formatVersion: typeof SIMULTANEOUS_FORMAT_VERSION;
  readonly game: string;
  readonly version: number;
  readonly seats: SessionSeats;
  readonly line: RoundLineSnapshot;
  /** The round in progress: each player's moves so far (secret: this is the server's copy). */
  readonly pending: RoundText;
  readonly ending?: { readonly kind: SimultaneousEndingKind; readonly player?: Player };
  /** With `ending`: the line and the round in progress before the result. */
  readonly before?: { readonly line: RoundLineSnapshot; readonly pending: RoundText };
  readonly drawOffer?: Player;
}

/** The start position, every step (those taken back too), and the cursor (steps in force). */
export interface RoundLineSnapshot {
  readonly start: string;
  readonly steps: readonly StepText[];
  readonly cursor: number;
}

export const SIMULTANEOUS_FORMAT = 'tactica-simultaneous-session';
export const SIMULTANEOUS_FORMAT_VERSION = 2;

const NO_MOVES: RoundMoves<never> = [[], []];

interface Config<S, M, G, O> {
  readonly game: Game<S, M, O>;
  readonly status: ((line: RoundLine<S, M>) => G) | undefined;
}

type Fields<S, M> = { -readonly [K in keyof SimultaneousState<S, M>]: SimultaneousState<S, M>[K] };

/** Starts a session for a simultaneous game; a sequential game, a clock or bad seats are refused. */
export function createSimultaneousSession<S, M, G = undefined, O = unknown>(
  game: Game<S, M, O>,
  options: SimultaneousOptions<S, M, G>,
): Result<SimultaneousSession<S, M, G, O>, InputError> {
  if (game.info.dynamics !== 'simultaneous') return err(sequentialError(game));
  if ((options as { clock?: unknown }).clock !== undefined) {
    return err(inputError('session/no-clock', `${game.info.name} is played without a clock`));
  }
  const badSeat = checkSeats(options.seats ?? HUMANS);
  if (badSeat) return err(badSeat);
  if (!Number.isFinite(options.now)) return err(badTime(options.now));
  const line = options.line ?? startHistory<S, LineStep<M>>(game.initial());
  const state: SimultaneousState<S, M> = {
    version: 0,
    seats: cleanSeats(options.seats ?? HUMANS),
    line,
    pending: NO_MOVES,
    ending: undefined,
    drawOffer: undefined,
  };
  return ok(new SimultaneousSession({ game, status: options.status }, state));
}

/**
 * One game's session. Immutable: commands return a new session (or a coded error, leaving this one as it was).
 * `toJSON` gives the snapshot that `restoreSimultaneousSession` reads back.
 */
export class SimultaneousSession<S, M, G = undefined, O = unknown> extends SessionCommands<
  SimultaneousState<S, M>,
  SimultaneousSession<S, M, G, O>
> {
  /** Each player's own line this round: the round's start with their moves only. */
  private readonly own: readonly [S, S];
  /** Rounds played up to the cursor (the line's commands are not rounds). */
  private readonly roundsPlayed: number;

  /** @internal Use `createSimultaneousSession` or `restoreSimultaneousSession`. */
  constructor(
    private readonly config: Config<S, M, G, O>,
    state: SimultaneousState<S, M>,
  ) {
    super(state, config.game.info.players);
    const { game } = config;
    const start = this.roundStart;
    this.own = [playLine(game, start, state.pending[0]), playLine(game, start, state.pending[1])];
    this.roundsPlayed = countRounds(state.line);
  }

  get game(): Game<S, M, O> {
    return this.config.game;
  }
  get ending(): SimultaneousEnding<S, M> | undefined {
    return this.state.ending;
  }
  /** The position at the start of the round in progress (public: no pending move is in it). */
  get roundStart(): S {
    return current(this.state.line);
  }
  /**
   * The whole position, both players' pending moves included (the round's start, then First's moves, then
   * Second's). The server's: show a player `viewFor(player)` instead.
   */
  get position(): S {
    return playLine(this.config.game, this.own[0], this.state.pending[1]);
  }
  /**
   * The round's start with `player`'s own pending moves played: the board as that player sees it while the round is
   * ordered (never with the other side's moves).
   */
  ownPosition(player: Player): S {
    return this.own[player];
  }
  get outcome(): Outcome | undefined {
    const o = outcomeAt(this.config.game, this.roundStart);
    // A forfeit ends the line with the game's resignation; the session knows it was one (as Session does).
    return o && this.state.ending?.kind === 'time' && o.kind === 'win' ? { ...o, reason: TIME_FORFEIT } : o;
  }

  /**
   * `player` forfeits on a deadline outside the session (a correspondence forfeit): the game ends as their loss on
   * time, which takeback can undo like any result. The round in progress is dropped unseen.
   */
  forfeit(player: Player, options: CommandOptions): Result<SimultaneousSession<S, M, G, O>, InputError> {
    const checked = this.checkPlaying(player, options);
    if (!checked.ok) return checked;
    return ok(this.endedBy('time', player));
  }
  /** The round being played: 1 for the first. */
  get round(): number {
    return this.roundsPlayed + 1;
  }
  /** Whether `player` has submitted this round. */
  submitted(player: Player): boolean {
    return this.outcome === undefined && !this.config.game.toMove(this.own[player]).includes(player);
  }

  /**
   * Plays moves for `player` in the round in progress: one move, a list (all or none are taken), or text in the
   * game's notation. Once the player has submitted and the other side has too, the round is played.
   */
  submit(
    player: Player,
    moves: M | string | readonly (M | string)[],
    options: CommandOptions,
  ): Result<SimultaneousSession<S, M, G, O>, InputError> {
    const checked = this.checkPlaying(player, options);
    if (!checked.ok) return checked;
    const list: readonly (M | string)[] = Array.isArray(moves) ? moves : [moves as M | string];
    const { game } = this.config;
    const same = moveEquality(game);
    let s = this.own[player];
    const added: M[] = [];
    for (let i = 0; i < list.length; i++) {
      const where = list.length > 1 ? ` (move ${i + 1} of ${list.length})` : '';
      if (!game.toMove(s).includes(player)) {
        return err(inputError('session/already-submitted', `${this.seatName(player)} has already submitted${where}`));
      }
      const item = list[i] as M | string;
      let m: M;
      if (typeof item === 'string') {
        const parsed = game.parseMove(s, item, player);
        if (!parsed.ok)
          return list.length > 1 ? err({ ...parsed.error, message: parsed.error.message + where }) : parsed;
        m = parsed.value;
      } else {
        const legal = game.legalMoves(s, player).find((l) => same(l, item));
        if (legal === undefined) {
          return err(
            inputError('session/illegal-move', `that move is not legal for ${this.seatName(player)} here${where}`),
          );
        }
        m = legal;
      }
      added.push(m);
      s = game.play(s, m);
    }
    const pending = withLine(this.state.pending, player, [...this.state.pending[player], ...added]);
    const next = this.with({ pending });
    return ok(next.submitted(0) && next.submitted(1) ? next.playRound() : next);
  }

  /** Takes back `player`'s whole part of the round in progress (their moves and their submission). */
  withdraw(player: Player, options: CommandOptions): Result<SimultaneousSession<S, M, G, O>, InputError> {
    const checked = this.checkPlaying(player, options);
    if (!checked.ok) return checked;
    if (this.state.pending[player].length === 0) {
      return err(inputError('session/nothing-to-withdraw', `${this.seatName(player)} has nothing to withdraw`));
    }
    return ok(this.with({ pending: withLine(this.state.pending, player, []) }));
  }

  /**
   * One of the game's own commands, in its notation (Tactorus: `Customize: <board>`, `Rules: chain`): it replaces
   * the position at the start of the round in progress and enters the line, so takeback undoes it and a restore
   * replays it. The round in progress is dropped (its moves were given on the old position) and a standing draw
   * offer lapses, as when a round is played. A game without commands refuses it (`session/no-commands`).
   */
  command(text: string, options: CommandOptions): Result<SimultaneousSession<S, M, G, O>, InputError> {
    const checked = this.check(options);
    if (!checked.ok) return checked;
    if (this.outcome) return err(gameOver());
    const applied = applyCommand(this.config.game, this.roundStart, text);
    if (!applied.ok) return applied;
    const step: LineStep<M> = { kind: 'command', text: applied.value.text };
    return ok(
      this.with({
        line: pushMove(this.state.line, step, applied.value.state),
        pending: NO_MOVES,
        drawOffer: undefined,
      }),
    );
  }

  /** Takes back the result, or the last step played: a round or a command (the round in progress is dropped). */
  takeback(options: CommandOptions): Result<SimultaneousSession<S, M, G, O>, InputError> {
    const checked = this.check(options);
    if (!checked.ok) return checked;
    const { ending, line } = this.state;
    if (ending) {
      return ok(this.with({ line: ending.before.line, pending: ending.before.pending, ending: undefined }));
    }
    if (!canUndo(line)) return err(inputError('session/nothing-to-take-back', 'no round has been played'));
    const rules = roundLineRules(this.config.game);
    return ok(this.with({ line: undo(rules, line), pending: NO_MOVES, drawOffer: undefined }));
  }

  /** Plays again a step taken back (the round in progress is dropped). */
  redo(options: CommandOptions): Result<SimultaneousSession<S, M, G, O>, InputError> {
    const checked = this.check(options);
    if (!checked.ok) return checked;
    if (!canRedo(this.state.line)) return err(inputError('session/nothing-to-redo', 'no round has been taken back'));
    const rules = roundLineRules(this.config.game);
    return ok(this.with({ line: redo(rules, this.state.line), pending: NO_MOVES, drawOffer: undefined }));
  }

  /** Every computer seat that has not submitted this round. */
  pendingComputer(now: number): readonly PendingSubmission[] {
    if (!Number.isFinite(now) || this.outcome) return [];
    const out: PendingSubmission[] = [];
    for (const p of [0, 1] as const) {
      const seat = this.state.seats[p];
      if (seat.kind === 'computer' && !this.submitted(p))
        out.push({ player: p, level: seat.level, budgetMs: undefined });
    }
    return out;
  }

  /** What `player` may know: never the other side's pending moves. */
  viewFor(player: Player): Result<SimultaneousView<O>, InputError> {
    if (!isPlayer(player)) return err(badPlayer(player));
    const { game } = this.config;
    return ok({
      viewer: player,
      version: this.state.version,
      round: this.round,
      observation: game.observe(this.position, player),
      pending: encodeMoves(game, this.roundStart, this.state.pending[player]),
      submitted: this.submitted(player),
      opponentSubmitted: this.submitted(opponent(player)),
      outcome: this.outcome,
      drawOffer: this.state.drawOffer,
    });
  }

  status(): SimultaneousStatus<G> {
    const { line, seats, drawOffer } = this.state;
    const submitted = [this.submitted(0), this.submitted(1)] as const;
    return {
      version: this.state.version,
      round: this.round,
      roundsPlayed: this.roundsPlayed,
      submitted,
      toSubmit: this.outcome ? [] : ([0, 1] as const).filter((p) => !submitted[p]),
      outcome: this.outcome,
      seats,
      levels: seatLevels(seats),
      drawOffer,
      game: this.config.status?.(line),
    };
  }

  /** The snapshot `restoreSimultaneousSession` reads back (JSON.stringify calls this). Holds the secrets. */
  toJSON(): SimultaneousSnapshot {
    const { game } = this.config;
    const { ending, drawOffer } = this.state;
    return {
      format: SIMULTANEOUS_FORMAT,
      formatVersion: SIMULTANEOUS_FORMAT_VERSION,
      game: game.info.id,
      version: this.state.version,
      seats: this.state.seats,
      line: encodeLine(game, ending ? ending.before.line : this.state.line, ending !== undefined),
      pending: encodeRound(game, this.roundStart, this.state.pending),
      ...endingField(ending),
      ...(ending
        ? {
            before: {
              line: encodeLine(game, ending.before.line, false),
              pending: encodeRound(game, current(ending.before.line), ending.before.pending),
            },
          }
        : {}),
      ...drawOfferField(drawOffer),
    };
  }

  // --- internals ---

  protected override changed(changes: Partial<Fields<S, M>>): SimultaneousSession<S, M, G, O> {
    return this.with(changes);
  }

  /** The round in progress is dropped unseen; takeback restores it. */
  protected override endedBy(
    kind: SimultaneousEndingKind,
    player: Player | undefined,
  ): SimultaneousSession<S, M, G, O> {
    const { game } = this.config;
    const s = this.roundStart;
    const ended = kind !== 'agreed' && player !== undefined ? game.resign(s, player) : game.agreeDraw(s);
    const before = { line: this.state.line, pending: this.state.pending };
    const ending: SimultaneousEnding<S, M> = makeEnding(kind, player, before);
    return this.with({ line: withResult(this.state.line, ended), pending: NO_MOVES, ending, drawOffer: undefined });
  }

  /** Both have submitted: the round is played and the next one starts. The version was raised by the submission. */
  private playRound(): SimultaneousSession<S, M, G, O> {
    const after = this.position;
    const { game } = this.config;
    if (!isRoundStart(game, after)) {
      throw new Error(`${game.info.name}: both players submitted but the round did not resolve`);
    }
    const step: LineStep<M> = { kind: 'round', moves: this.state.pending };
    return new SimultaneousSession(this.config, {
      ...this.state,
      line: pushMove(this.state.line, step, after),
      pending: NO_MOVES,
      drawOffer: undefined,
    });
  }

  private with(changes: Partial<Fields<S, M>>): SimultaneousSession<S, M, G, O> {
    return new SimultaneousSession(this.config, { ...this.state, ...changes, version: this.state.version + 1 });
  }
}

function playLine<S, M>(game: Game<S, M, unknown>, s: S, moves: readonly M[]): S {
  for (const m of moves) s = game.play(s, m);
  return s;
}

/** Each game's `roundLineRules`, made once (a line is replayed at every takeback). */
const lineRules = new WeakMap<object, LineRules<unknown, LineStep<unknown>>>();

/**
 * What replays a round line (`stateAt`, `lineStates`, `undo`): a round plays First's moves, then Second's, from its
 * start, as the session played it; a command is carried out again on the state it was given on.
 */
export function roundLineRules<S, M>(game: Game<S, M, unknown>): LineRules<S, LineStep<M>> {
  const known = lineRules.get(game);
  if (known) return known as unknown as LineRules<S, LineStep<M>>;
  const rules: LineRules<S, LineStep<M>> = {
    play(s, step) {
      if (step.kind === 'round') return playLine(game, playLine(game, s, step.moves[0]), step.moves[1]);
      const applied = applyCommand(game, s, step.text);
      // The line holds the command as the game wrote it when it was carried out on this very state.
      if (!applied.ok)
        throw new Error(`${game.info.name}: a command of the line failed again: ${applied.error.message}`);
      return applied.value.state;
    },
  };
  lineRules.set(game, rules as unknown as LineRules<unknown, LineStep<unknown>>);
  return rules;
}

function withLine<M>(pair: RoundMoves<M>, p: Player, moves: readonly M[]): RoundMoves<M> {
  return p === 0 ? [moves, pair[1]] : [pair[0], moves];
}

function countRounds<S, M>(line: RoundLine<S, M>): number {
  let n = 0;
  for (let i = 0; i < line.cursor; i++) if (line.moves[i]?.kind === 'round') n++;
  return n;
}

/** Where a round begins (both players to move) or the game is over: what every step of a line must end on. */
function isRoundStart<S>(game: Game<S, unknown, unknown>, s: S): boolean {
  return game.outcome(s) !== undefined || game.toMove(s).length === 2;
}

/** Carries out one of the game's own commands on the start of a round (a live command, or one being restored). */
function applyCommand<S, M>(
  game: Game<S, M, unknown>,
  s: S,
  text: unknown,
): Result<{ readonly state: S; readonly text: string }, InputError> {
  if (!game.command) return err(inputError('session/no-commands', `${game.info.name} has no commands of its own`));
  if (typeof text !== 'string') return err(inputError('session/bad-command', 'a command is text'));
  const applied = game.command(s, text);
  if (!applied.ok) return applied;
  if (!isRoundStart(game, applied.value.state)) {
    return err(inputError('session/bad-command', `${text.slice(0, 80)}: does not leave the start of a round`));
  }
  return applied;
}

function sequentialError<S, M>(game: Game<S, M, unknown>): InputError {
  return inputError(
    'session/sequential',
    `${game.info.name} is a sequential game; play it in a game session (createSession)`,
  );
}

// --- snapshots ---

function encodeMoves<S, M>(game: Game<S, M, unknown>, start: S, moves: readonly M[]): string[] {
  let s = start;
  return moves.map((m) => {
    const text = game.formatMove(s, m);
    s = game.play(s, m);
    return text;
  });
}

function encodeRound<S, M>(game: Game<S, M, unknown>, start: S, round: RoundMoves<M>): RoundText {
  return [encodeMoves(game, start, round[0]), encodeMoves(game, start, round[1])];
}

/** With a result, the line's last state is the ended one: the line is written as it was before (same steps). */
function encodeLine<S, M>(game: Game<S, M, unknown>, h: RoundLine<S, M>, upToCursor: boolean): RoundLineSnapshot {
  const steps = upToCursor ? h.moves.slice(0, h.cursor) : h.moves;
  const texts: StepText[] = [];
  for (const s of lineStates(roundLineRules(game), h, 0, steps.length)) {
    const step = steps[texts.length] as LineStep<M>;
    texts.push(step.kind === 'round' ? encodeRound(game, s, step.moves) : { command: step.text });
  }
  return { start: positionText(game, h.start), steps: texts, cursor: h.cursor };
}

/**
 * Reads a snapshot back (an object, or its JSON text; format version 1 or 2): every move is replayed through the
 * game's `parseMove` for its player on that player's own line, every command through the game's `command`. A bad
 * snapshot is refused with a coded `snapshot/…` error whose message names the field (`line.steps[3][1][0]`).
 */
export function restoreSimultaneousSession<S, M, G = undefined, O = unknown>(
  game: Game<S, M, O>,
  snapshot: unknown,
  options: SimultaneousRestoreOptions<S, M, G> = {},
): Result<SimultaneousSession<S, M, G, O>, InputError> {
  if (game.info.dynamics !== 'simultaneous') return err(sequentialError(game));
  const header = readSnapshotHeader(snapshot, SIMULTANEOUS_FORMAT, game.info.id, [1, SIMULTANEOUS_FORMAT_VERSION]);
  if (!header.ok) return header;
  const { v, seats, formatVersion } = header.value;
  const line = decodeLine(game, v.line, 'line', formatVersion);
  if (!line.ok) return line;
  const end = readEnding(v.ending, ['resigned', 'agreed', 'time'] as const, (kind) =>
    kind === 'agreed' ? 'forbidden' : 'required',
  );
  if (!end.ok) return end;
  let ending: SimultaneousEnding<S, M> | undefined;
  let history = line.value;
  if (end.value) {
    const { kind, player } = end.value;
    const s = current(history);
    if (game.outcome(s)) return err(field('ending', 'the line already ends by the rules'));
    if (history.cursor !== history.moves.length) {
      return err(field('line.cursor', 'a line ended by a result keeps no steps taken back'));
    }
    if (!isRecord(v.before)) return err(field('before', 'must be { line, pending }'));
    const beforeLine = decodeLine(game, v.before.line, 'before.line', formatVersion);
    if (!beforeLine.ok) return beforeLine;
    const beforePending = decodePending(game, current(beforeLine.value), v.before.pending, 'before.pending');
    if (!beforePending.ok) return beforePending;
    history = withResult(history, player !== undefined ? game.resign(s, player) : game.agreeDraw(s));
    ending = makeEnding(kind, player, { line: beforeLine.value, pending: beforePending.value });
  } else if (v.before !== undefined) {
    return err(field('before', 'only a snapshot with an ending has the line before it'));
  }
  const pending = decodePending(game, current(history), v.pending, 'pending');
  if (!pending.ok) return pending;
  const drawOffer = readDrawOffer(v.drawOffer, game.outcome(current(history)) !== undefined);
  if (!drawOffer.ok) return drawOffer;
  const state: SimultaneousState<S, M> = {
    version: header.value.version,
    seats,
    line: history,
    pending: pending.value,
    ending,
    drawOffer: drawOffer.value,
  };
  return ok(new SimultaneousSession({ game, status: options.status }, state));
}

/** A line: `{ start, steps, cursor }` (version 2), or `{ start, rounds, cursor }` with rounds only (version 1). */
function decodeLine<S, M>(
  game: Game<S, M, unknown>,
  v: unknown,
  path: string,
  formatVersion: number,
): Result<RoundLine<S, M>, InputError> {
  const list = formatVersion === 1 ? 'rounds' : 'steps';
  if (!isRecord(v)) return err(field(path, `must be { start, ${list}, cursor }`));
  const start = readStart(game, v.start, `${path}.start`);
  if (!start.ok) return start;
  if (!isRoundStart(game, start.value)) {
    return err(field(`${path}.start`, 'must be the start of a round (both players to move) or a finished game'));
  }
  const items = v[list];
  if (!Array.isArray(items)) return err(field(`${path}.${list}`, `must be a list of ${list}`));
  const states: S[] = [start.value];
  const steps: LineStep<M>[] = [];
  for (let i = 0; i < items.length; i++) {
    const s = states[i] as S;
    const where = `${path}.${list}[${i}]`;
    if (game.outcome(s)) return err(field(where, 'the game was over before this step'));
    const item: unknown = items[i];
    if (formatVersion > 1 && isRecord(item)) {
      const applied = applyCommand(game, s, item.command);
      if (!applied.ok) {
        const e = applied.error;
        return err(inputError('snapshot/bad-command', `${where}.command: ${e.code}: ${e.message}`, { input: where }));
      }
      steps.push({ kind: 'command', text: applied.value.text });
      states.push(applied.value.state);
      continue;
    }
    const round = decodeRound(game, s, item, where, true);
    if (!round.ok) return round;
    const after = playLine(game, playLine(game, s, round.value[0]), round.value[1]);
    if (!isRoundStart(game, after)) return err(field(where, 'the round does not resolve'));
    steps.push({ kind: 'round', moves: round.value });
    states.push(after);
  }
  if (!isCount(v.cursor) || v.cursor > steps.length) {
    return err(field(`${path}.cursor`, `must be a whole number from 0 to ${steps.length}`));
  }
  return ok(lineFromStates(states, steps, v.cursor));
}

function decodePending<S, M>(
  game: Game<S, M, unknown>,
  start: S,
  v: unknown,
  path: string,
): Result<RoundMoves<M>, InputError> {
  if (game.outcome(start)) {
    const empty = Array.isArray(v) && v.length === 2 && v.every((side) => Array.isArray(side) && side.length === 0);
    return empty ? ok(NO_MOVES) : err(field(path, 'the game is over: must be [[], []]'));
  }
  const round = decodeRound(game, start, v, path, false);
  if (!round.ok) return round;
  const done = ([0, 1] as const).filter((p) => !game.toMove(playLine(game, start, round.value[p])).includes(p));
  if (done.length === 2) return err(field(path, 'both players have submitted: the round would have been played'));
  return round;
}

/** Each player's moves, parsed on their own line from `start`; `complete`: each must end with a submission. */
function decodeRound<S, M>(
  game: Game<S, M, unknown>,
  start: S,
  v: unknown,
  path: string,
  complete: boolean,
): Result<RoundMoves<M>, InputError> {
  if (!Array.isArray(v) || v.length !== 2) return err(field(path, "must be [First's moves, Second's moves]"));
  const sides: M[][] = [[], []];
  for (const p of [0, 1] as const) {
    const texts: unknown = v[p];
    if (!Array.isArray(texts)) return err(field(`${path}[${p}]`, 'must be a list of moves'));
    let s = start;
    for (let i = 0; i < texts.length; i++) {
      const where = `${path}[${p}][${i}]`;
      const text: unknown = texts[i];
      if (typeof text !== 'string') return err(field(where, 'must be move text'));
      if (!game.toMove(s).includes(p)) return err(field(where, 'the player had already submitted'));
      const parsed = game.parseMove(s, text, p);
      if (!parsed.ok) return err(badMove(where, parsed.error, text));
      sides[p]?.push(parsed.value);
      s = game.play(s, parsed.value);
    }
    if (complete && game.toMove(s).includes(p)) {
      return err(field(`${path}[${p}]`, 'the player had not submitted: a round played needs both submissions'));
    }
  }
  // Copied to their length: a list filled by push keeps room for 17 moves, and the line keeps every round's.
  return ok([(sides[0] as M[]).slice(), (sides[1] as M[]).slice()]);
}
