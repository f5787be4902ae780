import { existsSync, readFileSync } from 'node:fs';
import { extname } from 'node:path';
import {
  formatClock,
  numberedMoves,
  numberedMovesText,
  ok,
  reasonWords,
  opponent,
  startHistory,
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
  type TimeControl,
} from '@tactica/core';
import type { MoveInput, MoveSquares, NewSessionOptions } from '@tactica/catalogue';
import type { Io } from '../io.js';
import { writeTextFileAtomic } from '../storage/atomic-write.js';
import type { Agent, Seats } from './agent.js';
import { boardPainter, type BoardMarks, type CellPainter, type PaintSquare } from './board-paint.js';
import { paletteFor, type Palette } from './colour.js';
import { ask, confirm, confirmKey, lineReader, TIMED_OUT } from './line-reader.js';
import { playerText } from './player-text.js';
import { rulesText } from './rules-text.js';
import { ringBell, type SoundMode } from './sound.js';

/**
 * The game the loop plays, as the catalogue sets it up (a `SequentialSetup` is one): the game, and its sessions,
 * which carry the game's status and its own takeback rule.
 */
export interface LoopSetup<S, M, St> {
  readonly game: Game<S, M>;
  newSession(options: NewSessionOptions): Result<Session<S, M, St>, InputError>;
  /** The catalogue's family id: the `rules` command prints docs/games/<family>.md. */
  readonly family?: string;
  /**
   * The catalogue's board model (who owns the piece on each square, every legal move as squares), for the colours,
   * the last move's squares and `moves <square>`.
   */
  readonly board?: {
    model(s: S): { readonly squares: readonly PaintSquare[] };
    inputs(s: S): readonly MoveInput<M>[];
    squaresOf(s: S, m: M): MoveSquares;
  };
}

/** What a sequential game supplies to be played in the terminal. */
export interface TerminalAdapter<S, M, St = unknown> {
  readonly setup: LoopSetup<S, M, St>;
  /**
   * The board with coordinates; `flipped` puts seat 1 at the bottom. `paint`, when given, is handed each square's
   * name (the board model's id) and text, and gives back the text coloured or marked (board-paint.ts).
   */
  render(s: S, view: { readonly flipped: boolean; readonly paint?: CellPainter }): string;
  /** The status line under the board, rendered from the game's status (the session's) and the line of play. */
  status?(st: St, h: History<S, M>): string;
  /** Reads what a player typed as a move (default: the game's own parser). Lets a game accept shorthands. */
  parseInput?(s: S, text: string): Result<M, InputError>;
  /**
   * Ask "Play X?" before a move takes effect, answered with one key (Force 400, manual "Move Entry": N, X or Esc
   * cancels; Y, Enter, space or any other key confirms).
   */
  readonly confirmMoves?: boolean;
  /**
   * Show the move a computer seat intends, its squares marked on the board, and wait for a keystroke before it is
   * played (Force 400, manual "Move Entry"). Only at a terminal, and only when a person plays the other seat.
   */
  readonly announceComputerMoves?: boolean;
  /** An illegal entry rings the bell, and at a terminal waits for a keystroke after its reason (Force 400, "Errors"). */
  readonly bellOnRefusal?: boolean;
  /** The sound mode now (Draughts Galore 3.2.2): the bell after each move (annoying) and at the end (normal too). */
  sound?(): SoundMode;
  /** Ask before leaving the game, saved or not (Draughts Galore 3.3.4: "quit current game after a confirmation"). */
  readonly confirmQuit?: boolean;
  /**
   * Whether the view turns round with the seats when sides are switched (default yes; Draughts Galore's Board
   * view "White" keeps White at the bottom, "Human" puts the person's side there).
   */
  readonly boardFollowsSeats?: boolean;
  /**
   * The game as record text (PDN, Force 400 record, …) for `save`. `players`: the name of the computer in each seat it
   * plays (`Computer (Smart)`), undefined for a person, for a record that says who played (a loaded save goes on
   * against the same computer).
   */
  saveText?(h: History<S, M>, players?: SeatPlayers): Promise<Result<string, InputError>>;
  /** Reads record text back for `load`. */
  loadText?(text: string): Promise<Result<History<S, M>, InputError>>;
  /** Default file name suggested by `save`. */
  readonly saveExtension?: string;
  /** Commands of this game only (`tutor e2`, `transfer`…). */
  readonly extraCommands?: readonly ExtraCommand<S, M>[];
  /** Printed once at the start; a function is given who plays each seat (the computer's name, or undefined). */
  readonly intro?: string | ((players: SeatPlayers) => string);
  /** Called after every change of the line of play (moves, takeback, redo, load, results), e.g. to keep a record file. */
  onChange?(h: History<S, M>): void;
}

/** Who plays each seat: the computer agent's name (`Computer (Smart)`), or undefined for a person at the keyboard. */
export type SeatPlayers = readonly [string | undefined, string | undefined];

/** The seats' players by name (see SeatPlayers). */
export function seatPlayers<S, M>(seats: Seats<S, M>): SeatPlayers {
  return [seats[0]?.name, seats[1]?.name];
}

export interface ExtraCommand<S, M> {
  readonly names: readonly string[];
  readonly args?: string;
  readonly help: string;
  /** The command only prints (like `moves`): the board is not drawn again unless the position changed. */
  readonly printsOnly?: boolean;
  run(ctx: LoopContext<S, M>, args: string): Promise<void> | void;
}

export interface LoopContext<S, M> {
  readonly io: Io;
  history: History<S, M>;
  flipped: boolean;
  seats: Seats<S, M>;
  /** Colour or plain, as the terminal allows. */
  readonly palette: Palette;
  print(text: string): void;
  ask(question: string): Promise<string | undefined>;
  /** Ends the game by resignation or agreement (`game.resign(…)`/`game.agreeDraw(…)`); takeback can undo it. */
  endWith(ended: S): void;
  /** Leaves the loop after the current command (a game's own "stop" command). */
  quit(): void;
  /** The game as it is now has been saved (in the save library): leaving does not ask about it. */
  markSaved(): void;
  /** Draws the board of the current position with these squares marked (a piece's targets: the Tutor). */
  drawBoard(marks?: BoardMarks): void;
  /** How many lines have been typed at the game's prompt, this one included (a command typed twice in a row). */
  readonly lineNumber: number;
}

/** What the loop does after a command: draw the board again, only prompt again, or leave the game. */
export type AfterCommand = 'board' | 'prompt' | 'leave';

/** A command at the prompt: the names it answers to, what it takes, its line in `help`, and what it does. */
export interface LoopCommand {
  readonly names: readonly string[];
  readonly args?: string;
  readonly help: string;
  /** Runs with the rest of the line. */
  run(args: string): Promise<AfterCommand> | AfterCommand;
}

/**
 * One table for `help` and for dispatch: the core commands, then the game's own. A game's command that takes a
 * core command's name replaces it there (the core command keeps its other names), so no name is listed twice.
 */
export function commandTable(core: readonly LoopCommand[], game: readonly LoopCommand[]): LoopCommand[] {
  const taken = new Set(game.flatMap((c) => c.names));
  const kept = core
    .map((c) => ({ ...c, names: c.names.filter((n) => !taken.has(n)) }))
    .filter((c) => c.names.length > 0);
  return [...kept, ...game];
}

/**
 * Plays a sequential game at one keyboard: the board, then a prompt for the player to move. A line is a command
 * (see `help`) or a move in the game's notation. Computer seats (agents) move by themselves.
 *
 * The rules of play around the game (seats, clocks and timeouts, takeback/redo, switching sides, resignation,
 * draw offers) are the core game session's (`@tactica/core` session.ts); the loop keeps only what is the
 * terminal's: reading lines, printing, the view's orientation, files, and the games' own commands.
 */
export async function runTerminalGame<S, M, St>(
  adapter: TerminalAdapter<S, M, St>,
  io: Io,
  options: {
    seats?: Seats<S, M>;
    history?: History<S, M>;
    flipped?: boolean;
    /** Game clocks (per move or per game, normal or blitz); none by default. */
    clock?: Omit<TimeControl, 'computer'>;
    /** Milliseconds clock (tests inject one). */
    now?: () => number;
    /** Seed for the random move played when a per-move clock runs out. */
    seed?: number;
    /**
     * The game's pauses for a keystroke at a terminal (a computer's intended move, a refusal's reason); true by
     * default. Piped input never pauses: no one reads the screen.
     */
    pause?: boolean;
    /** Colour or plain (default: as the terminal allows, `NO_COLOR` honoured). */
    palette?: Palette;
  } = {},
): Promise<History<S, M>> {
  const { game } = adapter.setup;
  const now = options.now ?? (() => Date.now());
  const print = (text: string): void => {
    io.output.write(text.endsWith('\n') ? text : `${text}\n`);
  };
  const palette = options.palette ?? paletteFor(io);
  // The agents that play the computer seats; the session knows those seats by level.
  let agents: Seats<S, M> = options.seats ?? [undefined, undefined];
  const started = startSession(adapter.setup, {
    seats: seatSpecs(agents),
    seed: options.seed ?? Date.now() >>> 0,
    now: now(),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.history ? { history: options.history } : {}),
  });
  if (!started.ok) {
    print(playerText(started.error));
    return options.history ?? startHistory<S, M>(game.initial());
  }
  let session: Session<S, M, St> = started.value;
  let quitting = false;
  let dirty = false;
  /** Lines typed at the game's prompt so far. */
  let lines = 0;
  const reader = lineReader(io);
  /** A person reads this screen, and the game may wait for their keystroke. */
  const pauses = (): boolean => (options.pause ?? true) && reader.interactive;
  const sound = (): SoundMode => adapter.sound?.() ?? 'off';
  /** The squares of the line's last move, as the board model names them. */
  const lastMoveSquares = (h: History<S, M>): string[] => {
    const board = adapter.setup.board;
    if (!board || h.cursor === 0) return [];
    const sq = board.squaresOf(stateAt(adapter.setup.game, h, h.cursor - 1), h.moves[h.cursor - 1] as M);
    return [sq.from, ...(sq.path ?? []), sq.to].filter((x): x is string => x !== undefined);
  };
  /** The board of `s` as drawn: painted when there is colour or something to mark. */
  const drawn = (s: S, marks: BoardMarks = {}): string => {
    const board = adapter.setup.board;
    const marked = (marks.targets?.length ?? 0) > 0;
    if (!board || (!palette.colour && !marked)) return adapter.render(s, { flipped: ctx.flipped });
    const paint = boardPainter(board.model(s).squares, marks, palette);
    return adapter.render(s, { flipped: ctx.flipped, paint });
  };
  const seatName = (p: Player): string => game.info.players[p];

  /** Applies the timeouts due at `t`, telling what they did; true when there were any. */
  const settle = (t: number, newLineFirst = false): boolean => {
    const ticked = session.tick(t);
    if (ticked.timeouts.length === 0) return false;
    if (newLineFirst) print('');
    for (const e of ticked.timeouts) {
      // Manual 3.2.2: out of time per move, a random move is played; per game, the game is lost (shown below the board).
      if (e.consequence === 'random-move') {
        print(`Time is up for ${seatName(e.player)}: a random move is played, ${e.text ?? '?'}.`);
      }
    }
    session = ticked.session;
    dirty = true;
    return true;
  };
  type Command = (s: Session<S, M, St>, o: CommandOptions) => Result<Session<S, M, St>, InputError>;
  /** A command from the keyboard: applied now, or refused (when the time ran out first, the timeout is applied). */
  const attempt = (command: Command): Result<true, InputError> => {
    const t = now();
    const r = command(session, { expectedVersion: session.version, now: t });
    if (r.ok) {
      session = r.value;
      return ok(true);
    }
    if (r.error.code === 'session/time-up') settle(t);
    return r;
  };
  /** A change a game's own command asks for: any timeout first, then the change. */
  const force = (command: Command): void => {
    const t = now();
    settle(t);
    const r = command(session, { expectedVersion: session.version, now: t });
    if (r.ok) session = r.value;
    else print(playerText(r.error));
  };

  const ctx: LoopContext<S, M> = {
    io,
    get history() {
      return session.history;
    },
    set history(h) {
      if (h !== session.history) force((s, o) => s.load(h, o));
    },
    flipped: options.flipped ?? false,
    get seats() {
      return agents;
    },
    set seats(next) {
      agents = next;
      force((s, o) => s.setSeats(seatSpecs(next), o));
    },
    print,
    ask: (q) => ask(io, q),
    endWith(ended) {
      if (session.outcome) print('The game is already over.');
      else force((s, o) => s.endWith(ended, o));
    },
    quit() {
      quitting = true;
    },
    palette,
    markSaved() {
      savedAt = session.history.cursor;
      dirty = false;
    },
    drawBoard(marks) {
      print(drawn(session.position, { lastMove: lastMoveSquares(session.history), ...marks }));
    },
    get lineNumber() {
      return lines;
    },
  };
  const clockLine = (st: SessionStatus<St>): string => {
    const c = st.clock;
    if (!c) return '';
    const show = (p: Player): string => formatClock(c.limit === 'off' ? c.used[p] : c.left[p]);
    return `Clock (${c.mode === 'move' ? 'per move' : 'per game'}, ${c.limit}): ${seatName(0)} ${show(0)}  ${seatName(1)} ${show(1)}`;
  };
  let savedAt = session.history.cursor;
  let lastSeen = session.history;

  /** Takeback or redo from the keyboard, with the loop's words for the session's refusals. */
  const stepLine = (which: 'takeback' | 'redo'): AfterCommand => {
    const result = session.ending !== undefined;
    const r = attempt((x, o) => (which === 'takeback' ? x.takeback(o) : x.redo(o)));
    if (r.ok) {
      // Taking back a result is no new change of the line (dirty already says so).
      if (which === 'redo' || !result) dirty = true;
      return 'board';
    }
    const refusals: Partial<Record<string, string>> = {
      'session/takeback-not-allowed': 'Takeback is not allowed in this game.',
      'session/nothing-to-take-back': 'Nothing to take back.',
      'session/nothing-to-redo': 'Nothing to redo.',
      'session/redo-not-allowed': 'Redo is not allowed in this game.',
    };
    // Refused because the time ran out: the timeout was applied, and the board shows it.
    if (r.error.code === 'session/time-up') return 'board';
    print(refusals[r.error.code] ?? playerText(r.error));
    return 'prompt';
  };

  // The commands every game has. `help` and the dispatch below both read `commands`, so a command is listed
  // exactly when it can be typed.
  const core: LoopCommand[] = [
    {
      names: ['help', '?'],
      help: 'this list',
      run: () => {
        print(helpText(commands));
        return 'prompt';
      },
    },
    {
      names: ['moves', 'legal'],
      args: '[square]',
      help: "list the legal moves (with a square: that piece's, marked on the board)",
      run: (args) => {
        const s = session.position;
        if (args.trim()) return pieceMoves(args.trim());
        const moves = game.legalMoves(s);
        print(moves.length ? moves.map((m) => game.formatMove(s, m)).join('  ') : 'No legal moves.');
        return 'prompt';
      },
    },
    {
      names: ['history', 'record'],
      help: 'the moves played so far, numbered as the records number them (1. 11-16 22-18 2. 9-14)',
      run: () => {
        const h = session.history;
        // Only the moves in force: those taken back are not part of the game until redo plays them again.
        const played = numberedMoves(game, h)
          .map((n) => ({ ...n, plies: n.plies.filter((p) => p.ply < h.cursor) }))
          .filter((n) => n.plies.length > 0);
        print(played.length ? numberedMovesText(played) : 'No moves yet.');
        return 'prompt';
      },
    },
    {
      names: ['undo', 'takeback', 'back'],
      help: 'take back the last move (against the computer: your last move)',
      run: () => stepLine('takeback'),
    },
    { names: ['redo', 'forward'], help: 'replay a move taken back', run: () => stepLine('redo') },
    {
      names: ['flip', 'invert'],
      help: 'turn the board round',
      run: () => {
        ctx.flipped = !ctx.flipped;
        return 'board';
      },
    },
    {
      names: ['switch'],
      help: 'switch sides with the computer (or swap the two seats)',
      run: () => {
        if (!attempt((x, o) => x.switchSides(o)).ok) return 'board';
        agents = [agents[1], agents[0]];
        if (adapter.boardFollowsSeats ?? true) ctx.flipped = !ctx.flipped;
        print('Sides switched.');
        return 'board';
      },
    },
    { names: ['board'], help: 'draw the board again', run: () => 'board' },
    {
      names: ['rules'],
      help: "this game's rules (from the docs)",
      run: () => {
        print(
          adapter.setup.family === undefined
            ? 'The rules of this game are not in the docs.'
            : rulesText(adapter.setup.family),
        );
        return 'prompt';
      },
    },
    {
      names: ['save'],
      args: '[file]',
      help: `save the game to a file (${adapter.saveExtension ? `.${adapter.saveExtension} added to a name without one; ` : ''}Enter cancels)`,
      run: async (args) => {
        if (!adapter.saveText) {
          print('This game cannot be saved to a file.');
          return 'board';
        }
        const typed = args.trim() || (await ctx.ask('File name (Enter to cancel): '))?.trim() || '';
        if (!typed) {
          print('Not saved.');
          return 'prompt';
        }
        const file = withExtension(typed, adapter.saveExtension);
        if (existsSync(file) && !(await confirm(io, `${file} exists. Replace it?`))) {
          print('Not saved.');
          return 'prompt';
        }
        const text = await adapter.saveText(session.history, seatPlayers(agents));
        if (!text.ok) {
          print(`Could not save: ${playerText(text.error)}`);
          return 'prompt';
        }
        try {
          writeTextFileAtomic(file, text.value);
          print(`Saved to ${file}.`);
          ctx.markSaved();
        } catch (e) {
          print(`Could not save to ${file}: ${(e as Error).message}`);
        }
        return 'prompt';
      },
    },
    {
      names: ['load', 'open'],
      args: '<file>',
      help: 'load a game from a file',
      run: async (args) => {
        if (!adapter.loadText) {
          print('This game cannot be loaded from a file.');
          return 'board';
        }
        const typed = args.trim() || (await ctx.ask('File to load (Enter to cancel): '))?.trim();
        if (!typed) return 'board';
        // "game1" finds "game1.tac" when only that exists (Tactrix!: ".tac" is added when loading too).
        const file = existsSync(typed) ? typed : withExtension(typed, adapter.saveExtension);
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch (e) {
          print(`Could not read ${file}: ${(e as Error).message}`);
          return 'prompt';
        }
        const loaded = await adapter.loadText(text);
        if (!loaded.ok) {
          print(`Could not load ${file}: ${playerText(loaded.error)}`);
          return 'prompt';
        }
        force((x, o) => x.load(loaded.value, o));
        savedAt = session.history.cursor;
        dirty = false;
        print(`Loaded ${file}.`);
        return 'board';
      },
    },
    {
      names: ['draw'],
      help: 'offer a draw',
      run: async (): Promise<AfterCommand> => {
        const toMove = session.toMove;
        if (session.outcome || toMove === undefined) {
          print('The game is already over.');
          return 'board';
        }
        const s = session.position;
        if (!attempt((x, o) => x.offerDraw(toMove, o)).ok) return 'board';
        const other = opponent(toMove);
        const otherAgent: Agent<S, M> | undefined = agents[other];
        const accepted = otherAgent
          ? (otherAgent.acceptsDraw?.(s) ?? false)
          : await confirm(io, `${seatName(toMove)} offers a draw. ${seatName(other)}, do you accept?`);
        if (!attempt((x, o) => x.answerDraw(other, accepted, o)).ok) return 'board';
        if (accepted) dirty = true;
        else print('The draw offer is declined.');
        return 'board';
      },
    },
    {
      names: ['resign'],
      help: 'resign the game',
      run: async (): Promise<AfterCommand> => {
        const toMove = session.toMove;
        if (session.outcome || toMove === undefined) {
          print('The game is already over.');
          return 'board';
        }
        if (await confirm(io, `${seatName(toMove)}, resign?`)) {
          if (attempt((x, o) => x.resign(toMove, o)).ok) dirty = true;
        }
        return 'board';
      },
    },
    {
      names: ['quit', 'exit'],
      help: 'leave (asks first if the game is unsaved)',
      run: async () => {
        const unsaved = dirty && savedAt !== session.history.cursor && adapter.saveText !== undefined;
        if (unsaved || adapter.confirmQuit) {
          const question = unsaved ? 'The game is not saved. Quit anyway?' : 'Quit this game?';
          if (!(await confirm(io, question))) return 'board';
        }
        return 'leave';
      },
    },
  ];
  // A game's own command joins the table; one that takes a core command's name replaces it.
  const commands = commandTable(
    core,
    (adapter.extraCommands ?? []).map((extra): LoopCommand => ({
      names: extra.names,
      ...(extra.args !== undefined ? { args: extra.args } : {}),
      help: extra.help,
      run: async (args) => {
        const before = session.history;
        await extra.run(ctx, args);
        if (session.history !== before) {
          dirty = true;
          return 'board';
        }
        return extra.printsOnly ? 'prompt' : 'board';
      },
    })),
  );
  const commandNames = commands.flatMap((c) => c.names);

  if (adapter.intro) ctx.print(typeof adapter.intro === 'string' ? adapter.intro : adapter.intro(seatPlayers(agents)));
  ctx.print(`Type a move, or "help" for commands.`);
  let showBoard = true;
  let wasOver = session.outcome !== undefined;

  for (;;) {
    if (session.history !== lastSeen) {
      const moved = session.history.cursor > lastSeen.cursor && session.history.moves !== lastSeen.moves;
      lastSeen = session.history;
      adapter.onChange?.(session.history);
      // Manual 3.2.2, "Sound mode": Annoying sounds after each move.
      if (moved && sound() === 'annoying') ringBell(io);
    }
    if (quitting) return session.history;
    const s = session.position;
    const over = session.outcome;
    const toMove = session.toMove;
    // "Normal: sound at the end of a game only" (Annoying too).
    if (over && !wasOver && sound() !== 'off') ringBell(io);
    wasOver = over !== undefined;
    if (showBoard) {
      const st = session.status(now());
      ctx.print(drawn(s, { lastMove: lastMoveSquares(session.history) }));
      if (adapter.status && st.game !== undefined) ctx.print(adapter.status(st.game, session.history));
      if (st.clock) ctx.print(clockLine(st));
      if (over) {
        ctx.print(
          st.lostOnTime !== undefined && over.kind === 'win'
            ? `${seatName(over.winner)} wins (${seatName(st.lostOnTime)} ran out of time).`
            : describeOutcome(game, over),
        );
      }
    }
    showBoard = true;
    const pending = session.pendingComputer(now());
    const agent = pending && agents[pending.player];
    if (pending && agent) {
      const m = await agent.chooseMove(s, pending.budgetMs);
      if (adapter.announceComputerMoves && pauses() && agents.some((a) => a === undefined)) {
        // Force 400 ("Move Entry"): the program shows the move it intends, "both in file-and-rank notation and by
        // blinking the squares involved", and waits for a keystroke before it is made.
        const intended = adapter.setup.board?.squaresOf(s, m) ?? {};
        const squares = [intended.from, intended.to].filter((x): x is string => x !== undefined);
        if (palette.colour && squares.length > 0) print(drawn(s, { lastMove: squares, blink: true }));
        print(`${agent.name} (${seatName(pending.player)}) will play ${game.formatMove(s, m)}.`);
        if ((await reader.key('Press any key to see it played. ')) === undefined) {
          ctx.print('');
          return session.history;
        }
      }
      const played = attempt((x, o) => x.play(pending.player, m, o));
      if (played.ok) {
        ctx.print(`${agent.name} (${seatName(pending.player)}) plays ${game.formatMove(s, m)}`);
        dirty = true;
      } else if (played.error.code !== 'session/time-up') {
        ctx.print(`${agent.name} (${seatName(pending.player)}): ${playerText(played.error)}`);
        return session.history;
      }
      continue;
    }
    // Tab completes a command or one of the legal moves, in the game's notation.
    reader.setCompletions(() => [
      ...commandNames,
      ...(over ? [] : game.legalMoves(s).map((m) => game.formatMove(s, m))),
    ]);
    reader.prompt(over ? 'Game over> ' : `${seatName(toMove ?? 0)} to move> `);
    let line: string | undefined | typeof TIMED_OUT;
    for (;;) {
      const wait = over || toMove === undefined ? Infinity : session.timeLeft(toMove, now());
      line = await reader.nextWithin(wait);
      if (line !== TIMED_OUT) break;
      // The timer fires when the time is up; should it fire a moment early, wait on.
      if (settle(now(), true)) break;
    }
    reader.setCompletions(undefined);
    if (line === TIMED_OUT) continue;
    if (line === undefined) {
      ctx.print('');
      return session.history;
    }
    const text = line.trim();
    if (!text) {
      showBoard = false;
      continue;
    }
    lines++;
    const [word = '', ...rest] = text.split(/\s+/);
    const command = commands.find((c) => c.names.includes(word.toLowerCase()));
    if (command) {
      const next = await command.run(rest.join(' '));
      if (next === 'leave') return session.history;
      showBoard = next === 'board';
      continue;
    }
    if (over) {
      ctx.print(`The game is over. Type "help" for commands.`);
      showBoard = false;
      continue;
    }
    const parsed = (adapter.parseInput ?? game.parseMove)(s, text);
    if (!parsed.ok) {
      if (!(await refused(playerText(parsed.error)))) return session.history;
      showBoard = false;
      continue;
    }
    if (adapter.confirmMoves && !(await confirmKey(io, `Play ${game.formatMove(s, parsed.value)}?`))) {
      showBoard = false;
      continue;
    }
    const played = attempt((x, o) => x.play(toMove ?? 0, parsed.value, o));
    if (played.ok) dirty = true;
    else if (played.error.code !== 'session/time-up') {
      if (!(await refused(playerText(played.error)))) return session.history;
      showBoard = false;
    }
  }

  /**
   * An entry refused: its reason, after the bell when the game beeps (Force 400, "Errors": "the computer beeps, the
   * reason for illegality is printed and you are prompted (after you press any key …) for another move"). False
   * when the input ended while waiting for the key.
   */
  async function refused(reason: string): Promise<boolean> {
    if (adapter.bellOnRefusal) ringBell(io);
    print(reason);
    if (adapter.bellOnRefusal && pauses()) return (await reader.key('Press any key. ')) !== undefined;
    return true;
  }

  /** `moves <square>`: the moves of the piece there, listed and marked on the board. */
  function pieceMoves(square: string): AfterCommand {
    const board = adapter.setup.board;
    const s = session.position;
    if (!board) {
      print('This game cannot show one piece\'s moves; "moves" lists them all.');
      return 'prompt';
    }
    const squares = board.model(s).squares;
    const id = squares.find((q) => q.id.toLowerCase() === square.toLowerCase())?.id;
    if (id === undefined) {
      print(`"${square}" is not a square of this board.`);
      return 'prompt';
    }
    const mine = session.outcome ? [] : board.inputs(s).filter((i) => i.from === id);
    const targets = [...new Set(mine.map((i) => i.to).filter((x): x is string => x !== undefined))];
    print(drawn(s, { lastMove: lastMoveSquares(session.history), selected: id, targets }));
    print(mine.length ? mine.map((i) => i.notation).join('  ') : `No legal move starts on ${id}.`);
    return 'prompt';
  }
}

/** `name` with `.ext` added when it has no extension (Tactrix!: ".tac" is added to a name given without one). */
export function withExtension(name: string, ext: string | undefined): string {
  return ext && extname(name) === '' ? `${name}.${ext}` : name;
}

/** A new session of the setup, on the line of play given (a loaded game) or at the setup's start. */
function startSession<S, M, St>(
  setup: LoopSetup<S, M, St>,
  options: NewSessionOptions & { readonly history?: History<S, M> },
): Result<Session<S, M, St>, InputError> {
  const { history, ...rest } = options;
  const created = setup.newSession(rest);
  if (!created.ok || !history) return created;
  return created.value.load(history, { expectedVersion: created.value.version, now: options.now });
}

/** The session's seats for the loop's agents: a person where there is none, else the computer at its level. */
function seatSpecs<S, M>(agents: Seats<S, M>): SessionSeats {
  const spec = (agent: Agent<S, M> | undefined): SeatSpec =>
    agent ? { kind: 'computer', level: (agent.level || agent.name || 'computer').slice(0, 100) } : { kind: 'human' };
  return [spec(agents[0]), spec(agents[1])];
}

export function describeOutcome<S, M>(game: Game<S, M>, o: NonNullable<ReturnType<Game<S, M>['outcome']>>): string {
  const reason = reasonWords(o.reason);
  return o.kind === 'win' ? `${game.info.players[o.winner]} wins (${reason}).` : `Draw (${reason}).`;
}

function helpText(commands: readonly LoopCommand[]): string {
  const rows = commands.map((c) => [`${c.names.join(', ')}${c.args ? ` ${c.args}` : ''}`, c.help] as const);
  const width = Math.max(...rows.map(([left]) => left.length));
  return ['Commands (anything else is read as a move):', ...rows.map(([l, r]) => `  ${l.padEnd(width)}  ${r}`)].join(
    '\n',
  );
}
