import { readFileSync, writeFileSync } from 'node:fs';
import {
  allowance,
  createRng,
  formatClock,
  startClock,
  startTurn,
  stopClock,
  takebackAllowed as clockAllowsTakeback,
  timeLeft,
  type ClockState,
  type TimeControl,
  canRedo,
  canUndo,
  current,
  describeError,
  opponent,
  pushMove,
  redo,
  startHistory,
  undo,
  type Game,
  type History,
  type InputError,
  type Player,
  type Result,
} from '@tactica/core';
import type { Io } from '../io.js';
import type { Agent, Seats } from './agent.js';
import { ask, confirm, lineReader, TIMED_OUT } from './line-reader.js';

/** What a sequential game supplies to be played in the terminal. */
export interface TerminalAdapter<S, M> {
  readonly game: Game<S, M>;
  /** The board with coordinates; `flipped` puts seat 1 at the bottom. */
  render(s: S, view: { readonly flipped: boolean }): string;
  /** One status line under the board (rule set, pieces, draw counter, move number…). */
  status?(h: History<S, M>): string;
  /** Reads what a player typed as a move (default: the game's own parser). Lets a game accept shorthands. */
  parseInput?(s: S, text: string): Result<M, InputError>;
  /** Ask "Play X?" before a move takes effect (Force 400 does). */
  readonly confirmMoves?: boolean;
  /** The game as record text (PDN, Force 400 record, …) for `save`. */
  saveText?(h: History<S, M>): string;
  /** Reads record text back for `load`. */
  loadText?(text: string): Result<History<S, M>, InputError>;
  /** Default file name suggested by `save`. */
  readonly saveExtension?: string;
  /** Commands of this game only (`tutor e2`, `transfer`…). */
  readonly extraCommands?: readonly ExtraCommand<S, M>[];
  /** Printed once at the start. */
  readonly intro?: string;
  /** Called after every change of the line of play (moves, takeback, redo, load, results), e.g. to keep a record file. */
  onChange?(h: History<S, M>): void;
  /** Takeback allowed? (Draughts blitz forbids it.) */
  readonly takebackAllowed?: (h: History<S, M>) => boolean;
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
  print(text: string): void;
  ask(question: string): Promise<string | undefined>;
  /** Ends the game by resignation or agreement (`game.resign(…)`/`game.agreeDraw(…)`); takeback can undo it. */
  endWith(ended: S): void;
  /** Leaves the loop after the current command (a game's own "stop" command). */
  quit(): void;
}

const CORE_COMMANDS: readonly { names: readonly string[]; args?: string; help: string }[] = [
  { names: ['help', '?'], help: 'this list' },
  { names: ['moves', 'legal'], help: 'list the legal moves' },
  { names: ['undo', 'takeback', 'back'], help: 'take back the last move (against the computer: your last move)' },
  { names: ['redo', 'forward'], help: 'replay a move taken back' },
  { names: ['flip', 'invert'], help: 'turn the board round' },
  { names: ['switch'], help: 'switch sides with the computer (or swap the two seats)' },
  { names: ['board'], help: 'draw the board again' },
  { names: ['save'], args: '[file]', help: 'save the game to a file' },
  { names: ['load', 'open'], args: '<file>', help: 'load a game from a file' },
  { names: ['draw'], help: 'offer a draw' },
  { names: ['resign'], help: 'resign the game' },
  { names: ['quit', 'exit'], help: 'leave (asks first if the game is unsaved)' },
];

/**
 * Plays a sequential game at one keyboard: the board, then a prompt for the player to move. A line is a command
 * (see `help`) or a move in the game's notation. Computer seats (agents) move by themselves.
 */
export async function runTerminalGame<S, M>(
  adapter: TerminalAdapter<S, M>,
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
  } = {},
): Promise<History<S, M>> {
  const { game } = adapter;
  // The line as it was before a resignation or agreed draw, so that takeback can undo the result itself.
  let beforeResult: History<S, M> | undefined;
  let quitting = false;
  const ctx: LoopContext<S, M> = {
    io,
    history: options.history ?? startHistory<S, M>(game.initial()),
    flipped: options.flipped ?? false,
    seats: options.seats ?? [undefined, undefined],
    print: (text) => io.output.write(text.endsWith('\n') ? text : `${text}\n`),
    ask: (q) => ask(io, q),
    endWith(ended) {
      beforeResult = ctx.history;
      ctx.history = withResult(ctx.history, ended);
    },
    quit() {
      quitting = true;
    },
  };
  const now = options.now ?? (() => Date.now());
  const rng = createRng(options.seed ?? Date.now() >>> 0);
  const control = (): TimeControl | undefined =>
    options.clock && { ...options.clock, computer: [ctx.seats[0] !== undefined, ctx.seats[1] !== undefined] };
  let clock: ClockState | undefined = options.clock && startClock(control() as TimeControl);
  // The clock runs for the position it was started on; a new position starts the next turn.
  let clockFor: History<S, M> | undefined;
  let lostOnTime: Player | undefined;
  const clockLine = (): string => {
    if (!clock) return '';
    const t = now();
    const left = (p: Player): string =>
      clock!.control.limit === 'off'
        ? formatClock(clock!.used[p] + (clock!.running?.player === p ? t - clock!.running.since : 0))
        : formatClock(timeLeft(clock!, p, t));
    return `Clock (${clock.control.mode === 'move' ? 'per move' : 'per game'}, ${clock.control.limit}): ${seatName(0)} ${left(0)}  ${seatName(1)} ${left(1)}`;
  };
  let savedAt = ctx.history.cursor;
  let dirty = false;
  let lastSeen = ctx.history;
  const extras = adapter.extraCommands ?? [];
  const seatName = (p: Player): string => game.info.players[p];

  if (adapter.intro) ctx.print(adapter.intro);
  ctx.print(`Type a move, or "help" for commands.`);
  let showBoard = true;

  for (;;) {
    if (ctx.history !== lastSeen) {
      lastSeen = ctx.history;
      adapter.onChange?.(ctx.history);
    }
    if (quitting) return ctx.history;
    const s = current(ctx.history);
    const over = game.outcome(s);
    const toMove = game.toMove(s)[0];
    if (clock && clockFor !== ctx.history) {
      clockFor = ctx.history;
      clock =
        over || toMove === undefined
          ? stopClock(clock, now())
          : startTurn(clock, toMove, now(), game.legalMoves(s).length === 1);
    }
    if (showBoard) {
      ctx.print(adapter.render(s, { flipped: ctx.flipped }));
      if (adapter.status) ctx.print(adapter.status(ctx.history));
      if (clock) ctx.print(clockLine());
      if (over) {
        ctx.print(
          lostOnTime !== undefined && over.kind === 'win'
            ? `${seatName(over.winner)} wins (${seatName(lostOnTime)} ran out of time).`
            : describeOutcome(game, over),
        );
      }
    }
    showBoard = true;
    const agent = toMove === undefined ? undefined : ctx.seats[toMove];
    if (toMove !== undefined && agent && !over) {
      const budget = clock ? moveBudget(clock, toMove, now()) : undefined;
      const m = await agent.chooseMove(s, budget);
      ctx.print(`${agent.name} (${seatName(toMove)}) plays ${game.formatMove(s, m)}`);
      ctx.history = pushMove(ctx.history, m, game.play(s, m));
      dirty = true;
      continue;
    }
    const prompt = over ? 'Game over> ' : `${seatName(toMove ?? 0)} to move> `;
    io.output.write(prompt);
    const wait = clock && toMove !== undefined && !over ? timeLeft(clock, toMove, now()) : Infinity;
    const line = await lineReader(io).nextWithin(wait);
    if (line === TIMED_OUT && toMove !== undefined && clock) {
      ctx.print('');
      if (clock.control.mode === 'move') {
        // Manual 3.2.2: out of time per move, a random move is played.
        const m = rng.pick(game.legalMoves(s));
        ctx.print(`Time is up for ${seatName(toMove)}: a random move is played, ${game.formatMove(s, m)}.`);
        ctx.history = pushMove(ctx.history, m, game.play(s, m));
      } else {
        // Manual 3.2.2: out of time per game, the game is lost.
        lostOnTime = toMove;
        ctx.endWith(game.resign(s, toMove));
      }
      dirty = true;
      continue;
    }
    if (line === TIMED_OUT) continue;
    if (line === undefined) {
      ctx.print('');
      return ctx.history;
    }
    const text = line.trim();
    if (!text) {
      showBoard = false;
      continue;
    }
    const [word = '', ...rest] = text.split(/\s+/);
    const command = word.toLowerCase();
    const args = rest.join(' ');

    const extra = extras.find((c) => c.names.includes(command));
    if (extra) {
      const before = ctx.history;
      await extra.run(ctx, args);
      if (ctx.history !== before) dirty = true;
      else if (extra.printsOnly) showBoard = false;
      continue;
    }
    switch (command) {
      case 'help':
      case '?':
        ctx.print(helpText([...CORE_COMMANDS, ...extras]));
        showBoard = false;
        continue;
      case 'moves':
      case 'legal': {
        const moves = game.legalMoves(s);
        ctx.print(moves.length ? moves.map((m) => game.formatMove(s, m)).join('  ') : 'No legal moves.');
        showBoard = false;
        continue;
      }
      case 'board':
        continue;
      case 'flip':
      case 'invert':
        ctx.flipped = !ctx.flipped;
        continue;
      case 'switch': {
        ctx.seats = [ctx.seats[1], ctx.seats[0]];
        ctx.flipped = !ctx.flipped;
        if (clock) clock = { ...clock, control: control() as TimeControl };
        ctx.print('Sides switched.');
        continue;
      }
      case 'undo':
      case 'takeback':
      case 'back': {
        if (
          (adapter.takebackAllowed && !adapter.takebackAllowed(ctx.history)) ||
          (clock && !clockAllowsTakeback(clock.control))
        ) {
          ctx.print('Takeback is not allowed in this game.');
          showBoard = false;
          continue;
        }
        if (beforeResult) {
          ctx.history = beforeResult;
          beforeResult = undefined;
          lostOnTime = undefined;
          continue;
        }
        if (!canUndo(ctx.history)) {
          ctx.print('Nothing to take back.');
          showBoard = false;
          continue;
        }
        // Against the computer, take back to the human's turn (the manual's rule: one or two half-moves).
        let h = undo(ctx.history);
        while (canUndo(h) && seatToMoveIsAgent(game, current(h), ctx.seats)) h = undo(h);
        ctx.history = h;
        dirty = true;
        continue;
      }
      case 'redo':
      case 'forward': {
        if (!canRedo(ctx.history)) {
          ctx.print('Nothing to redo.');
          showBoard = false;
          continue;
        }
        let h = redo(ctx.history);
        while (canRedo(h) && seatToMoveIsAgent(game, current(h), ctx.seats)) h = redo(h);
        ctx.history = h;
        dirty = true;
        continue;
      }
      case 'save': {
        if (!adapter.saveText) {
          ctx.print('This game cannot be saved to a file.');
          continue;
        }
        const file =
          args ||
          (await ctx.ask(`File name [game.${adapter.saveExtension ?? 'txt'}]: `))?.trim() ||
          `game.${adapter.saveExtension ?? 'txt'}`;
        try {
          writeFileSync(file, adapter.saveText(ctx.history), 'utf8');
          ctx.print(`Saved to ${file}.`);
          savedAt = ctx.history.cursor;
          dirty = false;
        } catch (e) {
          ctx.print(`Could not save to ${file}: ${(e as Error).message}`);
        }
        showBoard = false;
        continue;
      }
      case 'load':
      case 'open': {
        beforeResult = undefined;
        if (!adapter.loadText) {
          ctx.print('This game cannot be loaded from a file.');
          continue;
        }
        const file = args || (await ctx.ask('File to load: '))?.trim();
        if (!file) continue;
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch (e) {
          ctx.print(`Could not read ${file}: ${(e as Error).message}`);
          showBoard = false;
          continue;
        }
        const loaded = adapter.loadText(text);
        if (!loaded.ok) {
          ctx.print(`Could not load ${file}: ${describeError(loaded.error)}`);
          showBoard = false;
          continue;
        }
        ctx.history = loaded.value;
        savedAt = ctx.history.cursor;
        dirty = false;
        ctx.print(`Loaded ${file}.`);
        continue;
      }
      case 'resign': {
        if (over || toMove === undefined) {
          ctx.print('The game is already over.');
          continue;
        }
        if (await confirm(io, `${seatName(toMove)}, resign?`)) {
          ctx.endWith(game.resign(s, toMove));
          dirty = true;
        }
        continue;
      }
      case 'draw': {
        if (over || toMove === undefined) {
          ctx.print('The game is already over.');
          continue;
        }
        const other = opponent(toMove);
        const otherAgent: Agent<S, M> | undefined = ctx.seats[other];
        const accepted = otherAgent
          ? (otherAgent.acceptsDraw?.(s) ?? false)
          : await confirm(io, `${seatName(toMove)} offers a draw. ${seatName(other)}, do you accept?`);
        if (accepted) {
          ctx.endWith(game.agreeDraw(s));
          dirty = true;
        } else ctx.print('The draw offer is declined.');
        continue;
      }
      case 'quit':
      case 'exit': {
        if (dirty && savedAt !== ctx.history.cursor && adapter.saveText) {
          if (!(await confirm(io, 'The game is not saved. Quit anyway?'))) continue;
        }
        return ctx.history;
      }
    }
    if (over) {
      ctx.print(`The game is over. Type "help" for commands.`);
      showBoard = false;
      continue;
    }
    const parsed = (adapter.parseInput ?? game.parseMove)(s, text);
    if (!parsed.ok) {
      ctx.print(describeError(parsed.error));
      showBoard = false;
      continue;
    }
    if (adapter.confirmMoves && !(await confirm(io, `Play ${game.formatMove(s, parsed.value)}?`))) {
      showBoard = false;
      continue;
    }
    ctx.history = pushMove(ctx.history, parsed.value, game.play(s, parsed.value));
    dirty = true;
  }
}

/** Resignation and agreed draws end the game without a move: the ended state replaces the current one. */
function withResult<S, M>(h: History<S, M>, ended: S): History<S, M> {
  const states = [...h.states.slice(0, h.cursor), ended];
  return { states, moves: h.moves.slice(0, h.cursor), cursor: h.cursor };
}

/** What a computer may spend on this move: all of a per-move allowance, a share of a per-game one. */
function moveBudget(clock: ClockState, p: Player, now: number): number | undefined {
  const left = timeLeft(clock, p, now);
  if (!Number.isFinite(left)) return undefined;
  const share = clock.control.mode === 'move' ? left * 0.8 : Math.min(left / 30, allowance(clock.control, p) / 20);
  return Math.max(50, share);
}

function seatToMoveIsAgent<S, M>(game: Game<S, M>, s: S, seats: Seats<S, M>): boolean {
  const p = game.toMove(s)[0];
  return p !== undefined && seats[p] !== undefined;
}

export function describeOutcome<S, M>(game: Game<S, M>, o: NonNullable<ReturnType<Game<S, M>['outcome']>>): string {
  const reason = o.reason.replace(/-/g, ' ');
  return o.kind === 'win' ? `${game.info.players[o.winner]} wins (${reason}).` : `Draw (${reason}).`;
}

function helpText(commands: readonly { names: readonly string[]; args?: string; help: string }[]): string {
  const rows = commands.map((c) => [`${c.names.join(', ')}${c.args ? ` ${c.args}` : ''}`, c.help] as const);
  const width = Math.max(...rows.map(([left]) => left.length));
  return ['Commands (anything else is read as a move):', ...rows.map(([l, r]) => `  ${l.padEnd(width)}  ${r}`)].join(
    '\n',
  );
}
