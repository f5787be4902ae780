/**
 * A game played in this browser, with no server: the catalogue's setup and the core session (sequential or
 * simultaneous) are the one authority; this class drives them from the board and the buttons, runs the computer in
 * a Web Worker, ticks the clocks, keeps the move list's place, and writes the game to the browser after every
 * change so a reload or a crash resumes it. Framework-free apart from signals, which the screens read.
 */
import { signal } from '@preact/signals';
import {
  moveText,
  numberedMoves,
  opponent,
  stateAt,
  type InputError,
  type NumberedMove,
  type Player,
  type Result,
  type Session,
  type SessionSeats,
  type SimultaneousSession,
} from '@tactica/core';
import type { BoardInput, MoveSquares, StatusBase, StoredGame } from '@tactica/catalogue';
import {
  byKind,
  playersToAct,
  playsInRounds,
  positionSeenBy,
  roundPlay,
  sequentialPlay,
  storeGame,
  turnsPlayed,
  turnStart,
  type RestoredGame,
  type RoundPlay,
  type SequentialPlay,
} from '@tactica/catalogue';
import type { Analysis } from '@tactica/ai';
import type { Arrow, LegalInput, Placing } from '../board/types.js';
import type { GameUi } from '../games/game-ui.js';
import { engineFor, stopEngine } from './engines.js';
import { throttle } from './throttle.js';

/** The engine's iterations and thoughts are shown at most this often (ms): the page draws what a person can read. */
export const THINKING_REFRESH_MS = 250;

type SeqSession = Session<unknown, unknown, StatusBase>;
type SimSession = SimultaneousSession<unknown, unknown, StatusBase>;

/** A game in play, of either kind: the catalogue's restored game, read through its play reader. */
export type Play = RestoredGame;

/** What the app keeps beside the stored game: the save it belongs to, the board view. */
export interface GameMeta {
  readonly saveId?: string;
  readonly saveVersion?: number;
  readonly title?: string;
  /** The save it belongs to in the player's library on the server. */
  readonly server?: { readonly id: string; readonly version: number };
  /** The board turned round from its default. */
  readonly flipped?: boolean;
}

/** The game in progress as the browser keeps it (`localStorage['tactica:current']`). */
export interface LocalDoc {
  readonly format: 'tactica-web-game';
  readonly formatVersion: 1;
  readonly stored: StoredGame;
  readonly meta: GameMeta;
}

export interface Thinking {
  readonly player: Player;
  readonly level: string;
  readonly since: number;
  readonly thoughts: readonly string[];
  readonly iteration?: Analysis<unknown> | undefined;
}

/** An engine's analysis as the page shows it: its figures, and its line written as the game writes moves. */
export interface AnalysisLine extends Omit<Analysis<unknown>, 'pv'> {
  readonly line: readonly string[];
  /** How the figures read for a game whose engine counts otherwise (Tactorus: passes, rounds, orders). */
  readonly side?: string;
  readonly depthName?: string;
  readonly nodesName?: string;
  readonly lineName?: string;
}

export interface MovementCheck {
  readonly round: number;
  readonly lines: readonly [string, string];
  /** The player whose `done` carried the round out. */
  readonly closer: Player;
  /** The report of the round, shown once the check is closed. */
  readonly report?: string | undefined;
}

function strip(i: { move: unknown } & LegalInput): LegalInput {
  const { move: _move, ...rest } = i;
  return rest;
}

function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

let opened = 0;

export class LocalGame {
  /**
   * This game's number in the page: the game screen is keyed by it, so a new game gets a new screen (its
   * components subscribe to one game's signals; a screen kept across games went on watching the old one's).
   */
  readonly id = ++opened;
  /** Raised with every change; screens read it to re-render. */
  readonly rev = signal(0);
  readonly thinking = signal<Thinking | undefined>(undefined);
  /** The last message for the person (an illegal move's reason, a refusal, a timeout). */
  readonly notice = signal<string | undefined>(undefined);
  /** The ply shown when looking back through the move list (undefined: the game as it stands). */
  readonly viewPly = signal<number | undefined>(undefined);
  readonly analysis = signal<AnalysisLine | undefined>(undefined);
  readonly analysing = signal(false);
  /** Tactorus: the movement check waiting for OK, and the last round's report. */
  readonly check = signal<MovementCheck | undefined>(undefined);
  readonly report = signal<string | undefined>(undefined);
  /** Tactorus at one screen: the player the screen is being handed to (their orders hidden until they confirm). */
  readonly handoff = signal<Player | undefined>(undefined);
  /** The time, raised every 200 ms while a clock runs: only the clocks read it. */
  readonly now = signal(Date.now());
  /** The analysis worker has loaded its engine. */
  readonly analysisReady = signal(false);
  /** Squares a game's tool marks on the board (the Tactrix Tutor), and a piece being placed (a purchase). */
  readonly highlights = signal<readonly string[]>([]);
  /** Arrows an analysis draws on the board (Tactorus: the orders it recommends), until the position changes. */
  readonly arrows = signal<readonly Arrow[]>([]);
  readonly placing = signal<Placing | undefined>(undefined);
  /** Only the inputs of one act on the board (Force 400's T for Transfer, X for abdication). */
  readonly actionFilter = signal<string | undefined>(undefined);
  /** A game's tool that takes board clicks while it is on (the Tutor). */
  squareHook: ((square: string) => boolean) | undefined;
  /** A game's tool told of the piece the person picks up (the Tutor describes it); undefined: put down. */
  selectHook: ((square: string | undefined) => void) | undefined;
  lastMove: MoveSquares | undefined;
  private thinkingFor = -1;
  private timer: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(
    public play: Play,
    public meta: GameMeta,
    readonly ui: GameUi,
    private readonly persist: (doc: LocalDoc) => void,
    private readonly onEvent: (kind: 'move' | 'end' | 'illegal') => void = () => undefined,
  ) {}

  get family() {
    return this.play.setup.family;
  }

  get setup() {
    return this.play.setup;
  }

  get seats(): SessionSeats {
    return this.play.session.seats;
  }

  get version(): number {
    return this.play.session.version;
  }

  /** The seats people play here. */
  get humans(): Player[] {
    return ([0, 1] as const).filter((p) => this.seats[p].kind === 'human');
  }

  get againstComputer(): boolean {
    return this.humans.length === 1;
  }

  get outcome() {
    return this.play.session.outcome;
  }

  /** Starts the clocks and the computer (a new or resumed game). */
  start(): void {
    this.timer = setInterval(() => this.tick(), 200);
    if (this.humans.length < 2) {
      // The computer's worker starts while the person thinks, not when the computer must.
      engineFor(this.family, 'play')
        .ready()
        .catch(() => undefined);
    }
    this.changed();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.thinking.value) stopEngine(this.family, 'play');
    if (this.analysing.value) stopEngine(this.family, 'analyse');
  }

  private opts() {
    return { expectedVersion: this.play.session.version, now: Date.now() };
  }

  toDoc(): LocalDoc {
    return {
      format: 'tactica-web-game',
      formatVersion: 1,
      stored: storeGame(this.play.setup, this.play.session),
      meta: this.meta,
    };
  }

  private changed(event?: 'move' | 'end'): void {
    this.rev.value++;
    this.persist(this.toDoc());
    if (event) this.onEvent(event);
    if (this.outcome && event === 'move') this.onEvent('end');
    void this.think();
  }

  private apply(r: Result<SeqSession | SimSession, InputError>, lastMove?: MoveSquares, event?: 'move'): boolean {
    if (!r.ok) {
      this.notice.value = r.error.message;
      this.rev.value++;
      return false;
    }
    this.play = { ...this.play, session: r.value } as Play;
    this.lastMove = lastMove;
    this.notice.value = undefined;
    this.placing.value = undefined;
    this.highlights.value = [];
    this.arrows.value = [];
    this.analysis.value = undefined;
    this.viewPly.value = undefined;
    this.changed(event);
    return true;
  }

  // -------------------------------------------------------------------------------------------------------------
  // What the board shows

  /** The seat giving moves or orders at this screen now (undefined: the computer's turn, or none). */
  actor(): Player | undefined {
    // While the screen is handed over (rounds at one screen), nobody acts until the next player takes over.
    if (this.outcome || this.handoff.value !== undefined) return undefined;
    return playersToAct(this.play).find((p) => this.seats[p].kind === 'human');
  }

  /** The seat whose view the board shows. */
  viewer(): Player | undefined {
    // While the screen is handed over, nobody's orders are shown: the board is the round's start as a spectator
    // sees it, so the next player sees nothing of the last one's orders.
    if (this.handoff.value !== undefined) return undefined;
    const seat = this.actor() ?? this.humans[0];
    // The computer against itself: a game of moves is seen from the side to move, a round as a spectator sees it.
    if (seat !== undefined || playsInRounds(this.play)) return seat;
    return playersToAct(this.play)[0] ?? 0;
  }

  /** The position on the board (a past one while looking back). */
  position(): unknown {
    const h = sequentialPlay(this.play)?.session.history;
    const ply = this.viewPly.value;
    if (h && ply !== undefined) return stateAt(this.play.setup.game, h, ply);
    return positionSeenBy(this.play, this.viewer());
  }

  /** A player's own position in a simultaneous round: the round's start with their own pending moves. */
  ownPosition(p: Player): unknown {
    return positionSeenBy(this.play, p);
  }

  model() {
    return this.play.setup.board.model(this.position(), this.viewer());
  }

  legal(): LegalInput[] {
    if (this.viewPly.value !== undefined) return [];
    const p = this.actor();
    if (p === undefined) return [];
    const all = this.play.setup.board.inputs(this.position(), p).map((i) => strip(i as { move: unknown } & LegalInput));
    const only = this.actionFilter.value;
    return only === undefined ? all : all.filter((i) => i.action === only);
  }

  status(): StatusBase & Record<string, unknown> {
    const h = sequentialPlay(this.play)?.session.history;
    if (h) {
      const ply = this.viewPly.value ?? h.cursor;
      const s = stateAt(this.play.setup.game, h, ply);
      return this.play.setup.status(s, { start: h.start, ply }) as StatusBase & Record<string, unknown>;
    }
    const start = turnStart(this.play);
    return this.play.setup.status(start, { start, ply: turnsPlayed(this.play) }) as StatusBase &
      Record<string, unknown>;
  }

  /**
   * The moves of the line in the game's notation, numbered in pairs as its records number them (sequential games),
   * and the cursor: the plies from it on were taken back and redo would replay them.
   */
  moves(): { readonly numbered: readonly NumberedMove[]; readonly cursor: number } {
    const h = sequentialPlay(this.play)?.session.history;
    if (!h) return { numbered: [], cursor: 0 };
    return { numbered: numberedMoves(this.play.setup.game, h), cursor: h.cursor };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Acting

  /** A legal input from the board (or a typed move's input). */
  input(input: LegalInput | BoardInput): boolean {
    const p = this.actor();
    if (p === undefined) {
      this.notice.value = this.outcome ? 'the game is over' : 'it is not your turn: the computer is thinking';
      this.rev.value++;
      return false;
    }
    const before = this.position();
    const made = this.play.setup.board.fromInput(before, input, p);
    if (!made.ok) {
      this.notice.value = made.error.message;
      this.onEvent('illegal');
      this.rev.value++;
      return false;
    }
    const seq = sequentialPlay(this.play);
    if (seq) {
      const squares = seq.setup.board.squaresOf(before, made.value);
      return this.apply(seq.session.play(p, made.value, this.opts()), squares, 'move');
    }
    const rounds = roundPlay(this.play);
    if (!rounds) return false;
    if ((input as LegalInput).action === 'done' || input.action === 'done') {
      this.next();
      return true;
    }
    return this.apply(rounds.session.submit(p, made.value, this.opts()));
  }

  /** A move typed in the game's notation. */
  typed(text: string): boolean {
    const p = this.actor();
    if (p === undefined) return this.input({});
    const seq = sequentialPlay(this.play);
    if (seq) {
      const before = this.position();
      const parsed = seq.setup.game.parseMove(before, text.trim(), p);
      if (!parsed.ok) {
        this.notice.value = parsed.error.message;
        this.rev.value++;
        return false;
      }
      return this.apply(
        seq.session.play(p, parsed.value, this.opts()),
        seq.setup.board.squaresOf(before, parsed.value),
        'move',
      );
    }
    const rounds = roundPlay(this.play);
    if (!rounds) return false;
    if (/^\s*(done|next)\s*$/i.test(text)) {
      this.next();
      return true;
    }
    return this.apply(rounds.session.submit(p, text.trim(), this.opts()));
  }

  /** Why an input the board could not match is not a move: the catalogue's reason. */
  explain(input: BoardInput): string {
    const p = this.actor();
    if (this.viewPly.value !== undefined) return 'you are looking back at an earlier position: go to the end to play';
    if (p === undefined) return this.outcome ? 'the game is over' : 'wait: it is not your turn';
    const r = this.play.setup.board.fromInput(this.position(), input, p);
    const text = r.ok ? 'that needs a choice' : r.error.message;
    this.notice.value = text;
    this.onEvent('illegal');
    this.rev.value++;
    return text;
  }

  takeback(): void {
    this.stopThinking();
    // A round taken back closes its movement check and the hand-over (rounds at one screen).
    this.check.value = undefined;
    this.handoff.value = undefined;
    this.apply(this.play.session.takeback(this.opts()));
  }

  redo(): void {
    this.stopThinking();
    this.apply(this.play.session.redo(this.opts()));
  }

  /** The person resigning: the only human seat, or at one screen the side to act. */
  resigner(): Player | undefined {
    if (this.humans.length === 1) return this.humans[0];
    // At one screen: the side to move, or in a round the player giving orders (the first when none is).
    return playsInRounds(this.play) ? (this.actor() ?? 0) : playersToAct(this.play)[0];
  }

  resign(): void {
    const p = this.resigner();
    if (p === undefined) return;
    this.stopThinking();
    this.apply(this.play.session.resign(p, this.opts()), undefined, 'move');
  }

  drawOffer(): Player | undefined {
    return this.play.session.drawOffer;
  }

  offerDraw(): void {
    const p = this.resigner();
    if (p === undefined) return;
    if (!this.apply(this.play.session.offerDraw(p, this.opts()))) return;
    const other = opponent(p);
    if (this.seats[other].kind === 'computer') {
      // The computer declines draws, as the terminal's and the server's computer do.
      this.apply(this.play.session.answerDraw(other, false, this.opts()));
      this.notice.value = 'The computer declines the draw.';
    }
  }

  answerDraw(accept: boolean): void {
    const offer = this.drawOffer();
    if (offer === undefined) return;
    this.apply(
      this.play.session.answerDraw(opponent(offer), accept, this.opts()),
      undefined,
      accept ? 'move' : undefined,
    );
  }

  switchSides(): void {
    this.stopThinking();
    this.meta = { ...this.meta, flipped: false };
    this.apply(this.play.session.switchSides(this.opts()));
  }

  setLevel(seat: Player, level: string): void {
    this.apply(this.play.session.setLevel(seat, level, this.opts()));
  }

  setSeats(seats: SessionSeats): void {
    this.stopThinking();
    this.apply(this.play.session.setSeats(seats, this.opts()));
  }

  flip(): void {
    this.meta = { ...this.meta, flipped: !this.meta.flipped };
    this.changed();
  }

  setMeta(meta: GameMeta): void {
    this.meta = meta;
    this.persist(this.toDoc());
    this.rev.value++;
  }

  /** Looks at a past position of the move list (undefined: back to the game). */
  view(ply: number | undefined): void {
    const h = sequentialPlay(this.play)?.session.history;
    if (!h) return;
    const p = ply === undefined || ply >= h.cursor ? undefined : Math.max(0, ply);
    this.viewPly.value = p;
    this.lastMove =
      p !== undefined && p > 0
        ? this.play.setup.board.squaresOf(stateAt(this.play.setup.game, h, p - 1), h.moves[p - 1])
        : undefined;
    this.rev.value++;
  }

  private tick(): void {
    // Only a game of moves has clocks.
    const seq = sequentialPlay(this.play);
    if (this.closed || !seq) return;
    const now = Date.now();
    const { session, timeouts } = seq.session.tick(now);
    if (timeouts.length > 0) {
      const who = (p: Player) => this.ui.sides[p];
      this.notice.value = timeouts
        .map((t) =>
          t.consequence === 'loss'
            ? `${who(t.player)} ran out of time.`
            : `${who(t.player)} ran out of time: ${t.text ?? 'a random move'} was played.`,
        )
        .join(' ');
      if (this.thinking.value) this.stopThinking();
      this.play = { ...seq, session };
      this.viewPly.value = undefined;
      this.changed('move');
      return;
    }
    // The clocks alone are drawn again: the board and the rest of the screen have not changed.
    if (session.clock?.running !== undefined) this.now.value = now;
  }

  // -------------------------------------------------------------------------------------------------------------
  // The computer

  stopThinking(): void {
    if (!this.thinking.value) return;
    this.thinkingFor = -1;
    this.thinking.value = undefined;
    stopEngine(this.family, 'play');
  }

  /** Answers with the best move so far. */
  stop(): void {
    if (this.thinking.value) stopEngine(this.family, 'play');
  }

  private async think(): Promise<void> {
    if (this.closed || this.outcome) return;
    const version = this.play.session.version;
    if (this.thinkingFor === version) return;
    await byKind(
      this.play,
      (moves) => this.thinkMove(moves, version),
      (rounds) => this.thinkOrders(rounds, version),
    );
  }

  /** The computer's move, when it is to move: searched in the engine's worker, the thoughts shown as they come. */
  private async thinkMove(play: SequentialPlay, version: number): Promise<void> {
    const pending = play.session.pendingComputer(Date.now());
    if (!pending) return;
    this.thinkingFor = version;
    const engine = engineFor(this.family, 'play');
    const state = play.session.position;
    let shown: Thinking = { player: pending.player, level: pending.level, since: Date.now(), thoughts: [] };
    this.thinking.value = shown;
    // What the worker reports is gathered here and drawn at most every THINKING_REFRESH_MS.
    const show = throttle((t: Thinking) => {
      if (this.thinkingFor === version && this.thinking.value) this.thinking.value = t;
    }, THINKING_REFRESH_MS);
    try {
      const choice = await engine.choose(state, pending.level, {
        seed: randomSeed(),
        ...(pending.budgetMs !== undefined ? { timeMs: pending.budgetMs } : {}),
        onThought: (text) => {
          shown = { ...shown, thoughts: [...shown.thoughts.slice(-5), text] };
          show.push(shown);
        },
        onIteration: (a) => {
          shown = { ...shown, iteration: a };
          show.push(shown);
        },
      });
      show.cancel();
      if (this.closed || this.thinkingFor !== version || this.play.session.version !== version) return;
      this.thinking.value = undefined;
      this.thinkingFor = -1;
      const squares = play.setup.board.squaresOf(state, choice.move);
      this.apply(play.session.play(pending.player, choice.move, this.opts()), squares, 'move');
    } catch (e) {
      show.cancel();
      if (this.thinkingFor === version) {
        this.thinking.value = undefined;
        this.thinkingFor = -1;
        this.notice.value = `The computer could not move: ${(e as Error).message}`;
        this.rev.value++;
      }
    }
  }

  /** The computer's orders for the round, where its seat has still to give them (the game's own UI chooses them). */
  private async thinkOrders(play: RoundPlay, version: number): Promise<void> {
    const pending = play.session.pendingComputer(Date.now())[0];
    if (!pending || !this.ui.computerMoves) return;
    this.thinkingFor = version;
    this.thinking.value = { player: pending.player, level: pending.level, since: Date.now(), thoughts: [] };
    try {
      const moves = await this.ui.computerMoves(this, pending.player, pending.level);
      if (this.closed || this.thinkingFor !== version || this.play.session.version !== version) return;
      this.thinking.value = undefined;
      this.thinkingFor = -1;
      const rounds = roundPlay(this.play);
      if (rounds) this.apply(rounds.session.submit(pending.player, moves, this.opts()));
    } catch (e) {
      if (this.thinkingFor === version) {
        this.thinking.value = undefined;
        this.thinkingFor = -1;
        this.notice.value = `The computer could not give its orders: ${(e as Error).message}`;
        this.rev.value++;
      }
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // Simultaneous rounds (Tactorus): Next, the hand-over, the movement check, the report

  /** The manual's Next: this player's orders are in. */
  next(): void {
    const session = roundPlay(this.play)?.session;
    const p = this.actor();
    if (!session || p === undefined) return;
    const other = opponent(p);
    const otherDone = session.submitted(other);
    if (!otherDone && this.seats[other].kind === 'human') {
      if (this.apply(session.submit(p, { type: 'done', player: p } as unknown, this.opts())))
        this.handoff.value = other;
      return;
    }
    if (!otherDone) {
      this.notice.value = 'The computer is still choosing its orders.';
      this.rev.value++;
      return;
    }
    // The Movement Check shows the other side's orders: this player's are committed before it opens (the round is
    // carried out now), so that nobody reads the other side's orders and then changes their own, not by a Back nor
    // by reloading the page (issue 39).
    const text = (q: Player) => this.ui.ordersText?.(this, q) ?? '';
    const lines: [string, string] = [text(0), text(1)];
    const round = session.round;
    if (!this.apply(session.submit(p, { type: 'done', player: p } as unknown, this.opts()), undefined, 'move')) return;
    this.check.value = { round, lines, closer: p, report: this.ui.roundReport?.(this) };
  }

  /** OK on the movement check: the round, carried out when it opened, is reported. */
  confirmRound(): void {
    const check = this.check.value;
    if (!check) return;
    this.check.value = undefined;
    this.report.value = check.report;
  }

  /** The next player at the screen confirms they are there: their board is shown. */
  takeOver(): void {
    this.handoff.value = undefined;
    this.rev.value++;
  }

  /** A game command (Tactorus: a rule change). */
  command(text: string): void {
    const rounds = roundPlay(this.play);
    if (rounds) this.apply(rounds.session.command(text, this.opts()));
  }

  // -------------------------------------------------------------------------------------------------------------
  // Analysis

  /** Analyses the position on the board with the engine, in its own worker, until stopped or `timeMs` passes. */
  async analyse(timeMs = 30_000): Promise<void> {
    if (this.analysing.value) return;
    if (playsInRounds(this.play)) return this.recommend(timeMs);
    const state = this.position();
    const game = this.play.setup.game;
    if (game.outcome(state)) {
      this.notice.value = 'the game is over in this position: nothing to analyse';
      this.rev.value++;
      return;
    }
    this.analysing.value = true;
    this.analysis.value = undefined;
    // The line is written out only for the iterations drawn (at most every THINKING_REFRESH_MS).
    const show = throttle((a: Analysis<unknown>): void => {
      const line: string[] = [];
      let s = state;
      for (const m of a.pv) {
        try {
          line.push(moveText(game, s, m));
          s = game.play(s, m);
        } catch {
          break;
        }
      }
      const proven = a.proven === undefined ? {} : { proven: a.proven };
      this.analysis.value = { depth: a.depth, score: a.score, nodes: a.nodes, timeMs: a.timeMs, line, ...proven };
    }, THINKING_REFRESH_MS);
    try {
      const a = await engineFor(this.family, 'analyse').analyse(state, {
        timeMs,
        depth: 64,
        onIteration: (it) => show.push(it),
      });
      show.push(a);
      show.flush();
    } catch (e) {
      show.cancel();
      this.notice.value = `The analysis stopped: ${(e as Error).message}`;
    } finally {
      this.analysing.value = false;
    }
  }

  /**
   * A simultaneous game (Tactorus): the engine's recommended orders for the player at the screen, from what that
   * player's own seat observes (never the other side's orders), drawn as arrows on the board and written out.
   */
  private async recommend(timeMs: number): Promise<void> {
    const p = this.actor();
    const asked = p === undefined ? undefined : this.ui.analysisOf?.(this, p);
    if (p === undefined || !asked) {
      this.notice.value = this.outcome ? 'the game is over: nothing to analyse' : 'no orders to recommend now';
      this.rev.value++;
      return;
    }
    this.analysing.value = true;
    this.analysis.value = undefined;
    const version = this.version;
    const show = throttle((a: Analysis<unknown>): void => {
      if (this.version !== version) return;
      const { line, arrows } = asked.describe(a);
      this.analysis.value = { ...asked.names, depth: a.depth, score: a.score, nodes: a.nodes, timeMs: a.timeMs, line };
      this.arrows.value = arrows;
    }, THINKING_REFRESH_MS);
    try {
      const a = await engineFor(this.family, 'analyse').analyse(asked.state, {
        timeMs,
        depth: 64,
        onIteration: (it) => show.push(it),
      });
      show.push(a);
      show.flush();
    } catch (e) {
      show.cancel();
      this.notice.value = `The analysis stopped: ${(e as Error).message}`;
    } finally {
      this.analysing.value = false;
    }
  }

  /** Starts the analysis worker ahead of use (it loads the engine's code; its tables come at the first search). */
  prepareAnalysis(): void {
    engineFor(this.family, 'analyse')
      .ready()
      .then(
        () => (this.analysisReady.value = true),
        () => undefined,
      );
  }

  stopAnalysis(): void {
    if (this.analysing.value) stopEngine(this.family, 'analyse');
  }
}

/** Which seats a new game's "opponent" and "side" choices make. */
export function seatsFor(opponent: 'computer' | 'friend', side: Player, level: string): SessionSeats {
  if (opponent === 'friend') return [{ kind: 'human' }, { kind: 'human' }];
  return side === 0
    ? [{ kind: 'human' }, { kind: 'computer', level }]
    : [{ kind: 'computer', level }, { kind: 'human' }];
}
