/**
 * The terminal play loop's face to the games: what a sequential game supplies to be played at one keyboard
 * (`TerminalAdapter`), what its own commands see (`LoopContext`), and `runTerminalGame`. The loop itself is
 * `TerminalGame` (terminal-game.ts); the commands at its prompt are a table of handlers (commands.ts).
 */
import {
  startHistory,
  type Game,
  type History,
  type InputError,
  type Result,
  type Session,
  type TimeControl,
} from '@tactica/core';
import type { MoveInput, MoveSquares, NewSessionOptions } from '@tactica/catalogue';
import type { Io } from '../io.js';
import type { Seats } from './agent.js';
import type { BoardMarks, CellPainter, PaintSquare } from './board-paint.js';
import { paletteFor, type Palette } from './colour.js';
import { playerText } from './player-text.js';
import type { SoundMode } from './sound.js';
import { seatSpecs, TerminalGame } from './terminal-game.js';
import type { SeatPlayers } from './who-plays.js';

export { commandTable, withExtension } from './commands.js';
export { describeOutcome } from './terminal-game.js';
export { seatPlayers, type SeatPlayers } from './who-plays.js';

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

/** How a terminal game is played: the seats, a game to go on with, the view, the clocks. */
export interface TerminalGameOptions<S, M> {
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
}

/**
 * Plays a sequential game at one keyboard: the board, then a prompt for the player to move. A line is a command
 * (see `help`, and commands.ts) or a move in the game's notation. Computer seats (agents) move by themselves.
 *
 * The rules of play around the game (seats, clocks and timeouts, takeback/redo, switching sides, resignation,
 * draw offers) are the core game session's (`@tactica/core` session.ts); the loop (terminal-game.ts) keeps only
 * what is the terminal's: reading lines, printing, the view's orientation, files, and the games' own commands.
 */
export async function runTerminalGame<S, M, St>(
  adapter: TerminalAdapter<S, M, St>,
  io: Io,
  options: TerminalGameOptions<S, M> = {},
): Promise<History<S, M>> {
  const started = startSession(adapter.setup, {
    seats: seatSpecs(options.seats ?? [undefined, undefined]),
    seed: options.seed ?? Date.now() >>> 0,
    now: (options.now ?? (() => Date.now()))(),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.history ? { history: options.history } : {}),
  });
  if (!started.ok) {
    const text = playerText(started.error);
    io.output.write(text.endsWith('\n') ? text : `${text}\n`);
    return options.history ?? startHistory<S, M>(adapter.setup.game.initial());
  }
  const palette = options.palette ?? paletteFor(io);
  return new TerminalGame(adapter, io, started.value, { ...options, palette }).play();
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
