import {
  formatClock,
  ok,
  reasonWords,
  stateAt,
  type CommandOptions,
  type Game,
  type History,
  type InputError,
  type Player,
  type Result,
  type SeatSpec,
  type Session,
  type SessionSeats,
  type SessionStatus,
  hasCode,
  type CoreCode,
} from '@tactica/core';
import type { Io } from '../io.js';
import type { Agent, Seats } from './agent.js';
import { boardPainter, type BoardMarks } from './board-paint.js';
import type { Palette } from './colour.js';
import { coreCommands, gameCommand, commandTable } from './commands.js';
import { ask, confirmKey, lineReader, TIMED_OUT, type LineReader } from './line-reader.js';
import type { AfterCommand, LoopCommand, LoopContext, TerminalAdapter, TerminalGameOptions } from './loop.js';
import { playerText } from './player-text.js';
import { ringBell, type SoundMode } from './sound.js';
import { seatPlayers } from './who-plays.js';

/** A change to the session, as the session's commands take it. */
export type SessionCommand<S, M, St> = (
  s: Session<S, M, St>,
  o: CommandOptions,
) => Result<Session<S, M, St>, InputError>;

/** The computer's turn, as the session announces it. */
type PendingComputer<S, M, St> = NonNullable<ReturnType<Session<S, M, St>['pendingComputer']>>;

/**
 * One game at the terminal: its session (the rules of play: seats, clocks, takeback, draw offers), the agents playing
 * the computer seats, the view, and whether the game is saved. `play` runs the loop: the board, then the computer's
 * move or a line from the keyboard, which is a command of the table (commands.ts, one handler each) or a move.
 * The commands act on this object; the game's own commands get `context`, the narrower LoopContext.
 */
export class TerminalGame<S, M, St> {
  readonly game: Game<S, M>;
  readonly palette: Palette;
  readonly reader: LineReader;
  /** What a game's own commands see of the game (LoopContext). */
  readonly context: LoopContext<S, M>;
  /** The commands at the prompt: the core ones, then the game's own; `help` lists exactly these. */
  readonly commands: readonly LoopCommand[];
  /** The agents that play the computer seats; the session knows those seats by level. */
  agents: Seats<S, M>;
  /** The view is turned round: seat 1 at the bottom. */
  flipped: boolean;
  /** The line of play changed since the game began, was loaded or saved. */
  dirty = false;
  /** The cursor of the line when it was last saved or loaded. */
  savedAt: number;
  /** Leave the loop after the current command (a game's own "stop" command). */
  quitting = false;
  /** Lines typed at the game's prompt so far. */
  lines = 0;
  private readonly now: () => number;
  private readonly pause: boolean;
  /** The line of play as the loop last saw it, to tell the game (onChange) and ring (Annoying) when it changes. */
  private lastSeen: History<S, M>;
  private wasOver: boolean;

  constructor(
    readonly adapter: TerminalAdapter<S, M, St>,
    readonly io: Io,
    public session: Session<S, M, St>,
    options: TerminalGameOptions<S, M> & { readonly palette: Palette },
  ) {
    this.game = adapter.setup.game;
    this.palette = options.palette;
    this.now = options.now ?? (() => Date.now());
    this.pause = options.pause ?? true;
    this.agents = options.seats ?? [undefined, undefined];
    this.flipped = options.flipped ?? false;
    this.reader = lineReader(io);
    this.savedAt = session.history.cursor;
    this.lastSeen = session.history;
    this.wasOver = session.outcome !== undefined;
    this.context = this.makeContext();
    // A game's own command joins the table; one that takes a core command's name replaces it.
    this.commands = commandTable(
      coreCommands(this),
      (adapter.extraCommands ?? []).map((extra) => gameCommand(this, extra)),
    );
  }

  /** Plays until the game is left or the input ends; the line of play as it is then. */
  async play(): Promise<History<S, M>> {
    const { adapter } = this;
    if (adapter.intro)
      this.print(typeof adapter.intro === 'string' ? adapter.intro : adapter.intro(seatPlayers(this.agents)));
    this.print(`Type a move, or "help" for commands.`);
    let showBoard = true;
    for (;;) {
      this.noticeChange();
      if (this.quitting) return this.session.history;
      // "Normal: sound at the end of a game only" (Annoying too).
      const over = this.session.outcome !== undefined;
      if (over && !this.wasOver && this.sound() !== 'off') ringBell(this.io);
      this.wasOver = over;
      if (showBoard) this.showPosition();
      showBoard = true;
      const pending = this.session.pendingComputer(this.now());
      const agent = pending && this.agents[pending.player];
      if (pending && agent) {
        if (!(await this.computerMoves(pending, agent))) return this.session.history;
        continue;
      }
      const next = await this.personMoves();
      if (next === 'leave') return this.session.history;
      showBoard = next === 'board';
    }
  }

  readonly print = (text: string): void => {
    this.io.output.write(text.endsWith('\n') ? text : `${text}\n`);
  };

  seatName(p: Player): string {
    return this.game.info.players[p];
  }

  /** A command from the keyboard: applied now, or refused (when the time ran out first, the timeout is applied). */
  attempt(command: SessionCommand<S, M, St>): Result<true, InputError> {
    const t = this.now();
    const r = command(this.session, { expectedVersion: this.session.version, now: t });
    if (r.ok) {
      this.session = r.value;
      return ok(true);
    }
    if (hasCode<CoreCode>(r.error, 'session/time-up')) this.settle(t);
    return r;
  }

  /** A change a game's own command asks for: any timeout first, then the change. */
  force(command: SessionCommand<S, M, St>): void {
    const t = this.now();
    this.settle(t);
    const r = command(this.session, { expectedVersion: this.session.version, now: t });
    if (r.ok) this.session = r.value;
    else this.print(playerText(r.error));
  }

  /** The game as it is now has been saved or loaded: leaving does not ask about it. */
  markSaved(): void {
    this.savedAt = this.session.history.cursor;
    this.dirty = false;
  }

  /** The board of `s` as drawn: painted when there is colour or something to mark. */
  drawn(s: S, marks: BoardMarks = {}): string {
    const { adapter } = this;
    const board = adapter.setup.board;
    const marked = (marks.targets?.length ?? 0) > 0;
    if (!board || (!this.palette.colour && !marked)) return adapter.render(s, { flipped: this.flipped });
    const paint = boardPainter(board.model(s).squares, marks, this.palette);
    return adapter.render(s, { flipped: this.flipped, paint });
  }

  /** The squares of the line's last move, as the board model names them. */
  lastMoveSquares(h: History<S, M> = this.session.history): string[] {
    const board = this.adapter.setup.board;
    if (!board || h.cursor === 0) return [];
    const sq = board.squaresOf(stateAt(this.game, h, h.cursor - 1), h.moves[h.cursor - 1] as M);
    return [sq.from, ...(sq.path ?? []), sq.to].filter((x): x is string => x !== undefined);
  }

  /**
   * An entry refused: its reason, after the bell when the game beeps at a refusal (`bellOnRefusal`, whose manual
   * then waits for a key before the next entry). False when the input ended while waiting for the key.
   */
  async refused(reason: string): Promise<boolean> {
    if (this.adapter.bellOnRefusal) ringBell(this.io);
    this.print(reason);
    if (this.adapter.bellOnRefusal && this.pauses()) return (await this.reader.key('Press any key. ')) !== undefined;
    return true;
  }

  /** A person reads this screen, and the game may wait for their keystroke. Piped input never pauses. */
  private pauses(): boolean {
    return this.pause && this.reader.interactive;
  }

  private sound(): SoundMode {
    return this.adapter.sound?.() ?? 'off';
  }

  /** Applies the timeouts due at `t`, telling what they did; true when there were any. */
  private settle(t: number, newLineFirst = false): boolean {
    const ticked = this.session.tick(t);
    if (ticked.timeouts.length === 0) return false;
    if (newLineFirst) this.print('');
    for (const e of ticked.timeouts) {
      // Manual 3.2.2: out of time per move, a random move is played; per game, the game is lost (shown below the board).
      if (e.consequence === 'random-move') {
        this.print(`Time is up for ${this.seatName(e.player)}: a random move is played, ${e.text ?? '?'}.`);
      }
    }
    this.session = ticked.session;
    this.dirty = true;
    return true;
  }

  /** Tells the game of a change of the line of play (onChange), with the bell after a move when it is Annoying. */
  private noticeChange(): void {
    const { history } = this.session;
    if (history === this.lastSeen) return;
    const moved = history.cursor > this.lastSeen.cursor && history.moves !== this.lastSeen.moves;
    this.lastSeen = history;
    this.adapter.onChange?.(history);
    // Manual 3.2.2, "Sound mode": Annoying sounds after each move.
    if (moved && this.sound() === 'annoying') ringBell(this.io);
  }

  /** The board with the last move marked, the status and clock lines, and the result when the game is over. */
  private showPosition(): void {
    const { session, adapter } = this;
    const over = session.outcome;
    const st = session.status(this.now());
    this.print(this.drawn(session.position, { lastMove: this.lastMoveSquares() }));
    if (adapter.status && st.game !== undefined) this.print(adapter.status(st.game, session.history));
    if (st.clock) this.print(this.clockLine(st));
    if (over) {
      this.print(
        st.lostOnTime !== undefined && over.kind === 'win'
          ? `${this.seatName(over.winner)} wins (${this.seatName(st.lostOnTime)} ran out of time).`
          : describeOutcome(this.game, over),
      );
    }
  }

  private clockLine(st: SessionStatus<St>): string {
    const c = st.clock;
    if (!c) return '';
    const show = (p: Player): string => formatClock(c.limit === 'off' ? c.used[p] : c.left[p]);
    return `Clock (${c.mode === 'move' ? 'per move' : 'per game'}, ${c.limit}): ${this.seatName(0)} ${show(0)}  ${this.seatName(1)} ${show(1)}`;
  }

  /** A computer seat's move, announced first when the game does so; false when the game is to be left. */
  private async computerMoves(pending: PendingComputer<S, M, St>, agent: Agent<S, M>): Promise<boolean> {
    const { game } = this;
    const s = this.session.position;
    const m = await agent.chooseMove(s, pending.budgetMs);
    if (this.adapter.announceComputerMoves && this.pauses() && this.agents.some((a) => a === undefined)) {
      // The game's manual has the program show the move it intends, in notation and by blinking its squares, and
      // wait for a keystroke before it is made (`announceComputerMoves`).
      const intended = this.adapter.setup.board?.squaresOf(s, m) ?? {};
      const squares = [intended.from, intended.to].filter((x): x is string => x !== undefined);
      if (this.palette.colour && squares.length > 0) this.print(this.drawn(s, { lastMove: squares, blink: true }));
      this.print(`${agent.name} (${this.seatName(pending.player)}) will play ${game.formatMove(s, m)}.`);
      if ((await this.reader.key('Press any key to see it played. ')) === undefined) {
        this.print('');
        return false;
      }
    }
    const played = this.attempt((x, o) => x.play(pending.player, m, o));
    if (played.ok) {
      this.print(`${agent.name} (${this.seatName(pending.player)}) plays ${game.formatMove(s, m)}`);
      this.dirty = true;
    } else if (!hasCode<CoreCode>(played.error, 'session/time-up')) {
      this.print(`${agent.name} (${this.seatName(pending.player)}): ${playerText(played.error)}`);
      return false;
    }
    return true;
  }

  /** A line from the person to move: a command, or a move; what the loop does next. */
  private async personMoves(): Promise<AfterCommand> {
    const { game, reader, session } = this;
    const s = session.position;
    const over = session.outcome;
    const toMove = session.toMove;
    // Tab completes a command or one of the legal moves, in the game's notation.
    reader.setCompletions(() => [
      ...this.commands.flatMap((c) => c.names),
      ...(over ? [] : game.legalMoves(s).map((m) => game.formatMove(s, m))),
    ]);
    reader.prompt(over ? 'Game over> ' : `${this.seatName(toMove ?? 0)} to move> `);
    const line = await this.nextLine(over || toMove === undefined ? undefined : toMove);
    reader.setCompletions(undefined);
    if (line === TIMED_OUT) return 'board';
    if (line === undefined) {
      this.print('');
      return 'leave';
    }
    const text = line.trim();
    if (!text) return 'prompt';
    this.lines++;
    const [word = '', ...rest] = text.split(/\s+/);
    const command = this.commands.find((c) => c.names.includes(word.toLowerCase()));
    if (command) return command.run(rest.join(' '));
    if (over) {
      this.print(`The game is over. Type "help" for commands.`);
      return 'prompt';
    }
    return this.playTyped(s, toMove ?? 0, text);
  }

  /** The next line, or TIMED_OUT when the clock of the player to move (if any) ran out first and was settled. */
  private async nextLine(clockOf: Player | undefined): Promise<string | undefined | typeof TIMED_OUT> {
    for (;;) {
      const wait = clockOf === undefined ? Infinity : this.session.timeLeft(clockOf, this.now());
      const line = await this.reader.nextWithin(wait);
      if (line !== TIMED_OUT) return line;
      // The timer fires when the time is up; should it fire a moment early, wait on.
      if (this.settle(this.now(), true)) return TIMED_OUT;
    }
  }

  /** A move typed by the player to move: read, confirmed when the game asks, and played or refused. */
  private async playTyped(s: S, toMove: Player, text: string): Promise<AfterCommand> {
    const { game, adapter } = this;
    const parsed = (adapter.parseInput ?? game.parseMove)(s, text);
    if (!parsed.ok) return (await this.refused(playerText(parsed.error))) ? 'prompt' : 'leave';
    if (adapter.confirmMoves && !(await confirmKey(this.io, `Play ${game.formatMove(s, parsed.value)}?`))) {
      return 'prompt';
    }
    const played = this.attempt((x, o) => x.play(toMove, parsed.value, o));
    if (played.ok) this.dirty = true;
    else if (!hasCode<CoreCode>(played.error, 'session/time-up')) {
      return (await this.refused(playerText(played.error))) ? 'prompt' : 'leave';
    }
    return 'board';
  }

  /** The game as its own commands see it (LoopContext), read and changed through this object. */
  private makeContext(): LoopContext<S, M> {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the context's accessors read the game's state
    const g = this;
    return {
      io: g.io,
      get history() {
        return g.session.history;
      },
      set history(h) {
        if (h !== g.session.history) g.force((s, o) => s.load(h, o));
      },
      get flipped() {
        return g.flipped;
      },
      set flipped(f) {
        g.flipped = f;
      },
      get seats() {
        return g.agents;
      },
      set seats(next) {
        g.agents = next;
        g.force((s, o) => s.setSeats(seatSpecs(next), o));
      },
      palette: g.palette,
      print: g.print,
      ask: (q) => ask(g.io, q),
      endWith(ended) {
        if (g.session.outcome) g.print('The game is already over.');
        else g.force((s, o) => s.endWith(ended, o));
      },
      quit() {
        g.quitting = true;
      },
      markSaved: () => g.markSaved(),
      drawBoard(marks) {
        g.print(g.drawn(g.session.position, { lastMove: g.lastMoveSquares(), ...marks }));
      },
      get lineNumber() {
        return g.lines;
      },
    };
  }
}

/** The session's seats for the loop's agents: a person where there is none, else the computer at its level. */
export function seatSpecs<S, M>(agents: Seats<S, M>): SessionSeats {
  const spec = (agent: Agent<S, M> | undefined): SeatSpec =>
    agent ? { kind: 'computer', level: (agent.level || agent.name || 'computer').slice(0, 100) } : { kind: 'human' };
  return [spec(agents[0]), spec(agents[1])];
}

export function describeOutcome<S, M>(game: Game<S, M>, o: NonNullable<ReturnType<Game<S, M>['outcome']>>): string {
  const reason = reasonWords(o.reason);
  return o.kind === 'win' ? `${game.info.players[o.winner]} wins (${reason}).` : `Draw (${reason}).`;
}
