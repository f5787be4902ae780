/**
 * `tactica play force400`: the shared terminal loop with Force 400's board, move entry as the original had it
 * (M move, T transfer with amount, X abdicate, R resign, S stop: save, resume or end), confirmation before an action
 * takes effect, the reason for every refused action, named saves, and the game record written alongside.
 */
import { findLevel, type Engine, type LevelInfo } from '@tactica/ai';
import {
  current,
  describeError,
  countOf,
  err,
  lineFromStates,
  ok,
  pushMove,
  startHistory,
  type History,
  type InputError,
  type Player,
  type Result,
} from '@tactica/core';
import {
  EMPTY_HEADER,
  force400,
  formatPosition,
  formatRecord,
  formatRecordDate,
  formatSavedGame,
  gameRecord,
  handicapSquares,
  parseSavedGame,
  renderBoard,
  replayRecordText,
  SAVED_GAME_MAGIC,
  type Force400Action,
  type ComputerSeat,
  type Force400State,
  type Handicap,
  parseSquare,
  squareName,
  type RecordHeader,
  type Replay,
} from '@tactica/force400';
import { force400Entry, type Force400Setup, type Force400Status } from '@tactica/catalogue/force400';
import { setupFrom } from '../../setup-options.js';
import { CliError, type Io } from '../../io.js';
import { SaveLibrary } from '../../storage/save-library.js';
import { askReplace } from '../../storage/delete-save.js';
import { writeTextFileAtomic } from '../../storage/atomic-write.js';
import type { Agent, Seats } from '../../terminal/agent.js';
import { ask, confirmKey, keypress, lineReader, yesNoKey } from '../../terminal/line-reader.js';
import { ringBell } from '../../terminal/sound.js';
import { runTerminalGame, type ExtraCommand, type LoopContext, type TerminalAdapter } from '../../terminal/loop.js';
import { playerText } from '../../terminal/player-text.js';

type H = History<Force400State, Force400Action>;

export interface PlayOptions {
  /**
   * The game as the command line set it up in the catalogue (its handicaps); left out, the standard game, or the
   * one the setup questions ask for.
   */
  readonly setup?: Force400Setup;
  /** File to write the game record to as the game goes. */
  readonly record?: string | undefined;
  /** The record's header line. */
  readonly header?: string | undefined;
  /** A saved game to resume, by number or title. */
  readonly load?: string | undefined;
  /** Ask the setup questions (reload? handicaps? record?) as the original did. */
  readonly ask?: boolean;
  /** Where named saves live (default: the save library's own default). */
  readonly library?: SaveLibrary;
  /**
   * The computer's level for each side it plays (`--white ai:3`), undefined for a person. Left out: a person at
   * each side, or as a resumed game was saved.
   */
  readonly computer?: readonly [string | undefined, string | undefined];
  /** Seed for the computer's choices (default: the clock). */
  readonly seed?: number;
  /**
   * Wait for a keystroke at the sign-on, before the program's move and after a refused entry (at a terminal); true
   * by default (`--no-pause` turns it off).
   */
  readonly pause?: boolean;
}

/** The key of Force 400 saves in the save library, and the game's id on the command line: its family. */
export const GAME_ID = force400Entry.family;

interface Session {
  /** The game as the catalogue set it up: its rules, status, levels and engine. */
  readonly setup: Force400Setup;
  header: RecordHeader;
  recordFile: string | null;
  /** The title of the last save, offered again at the next. */
  title: string | null;
  stopped: boolean;
  recordError: string | null;
  /** The computer's level on each side it plays. */
  computer: [string | undefined, string | undefined];
}

/**
 * The sign-on screen (manual, "Loading and Setup": "You should soon see a full-screen sign-on message. Press any key
 * after you have read that message."). At a terminal the screen is cleared first and the program waits for a key.
 */
export const SIGN_ON = [
  '+--------------------------------------------------------------+',
  '|                                                              |',
  '|                         F O R C E   4 0 0                    |',
  '|                                                              |',
  '|          a strategy game of quantized force levels           |',
  '|                                                              |',
  '|      Force 400 by Stephen Walton, copyright (c) 1984,        |',
  '|      published by Baen Software for the IBM PC and TRS-80.   |',
  '|      Played here in the terminal by Tactica.                 |',
  '|                                                              |',
  '+--------------------------------------------------------------+',
].join('\n');

/** Clears the screen and puts the cursor home (the scrollback stays). */
const CLEAR = '\x1b[2J\x1b[H';

/** Shows the sign-on; at a terminal (and unless the pauses are off) clears the screen first and waits for a key. */
async function signOn(io: Io, pause: boolean): Promise<boolean> {
  const reader = lineReader(io);
  const waits = pause && reader.interactive;
  if (waits) io.output.write(CLEAR);
  io.output.write(`${SIGN_ON}\n`);
  if (!waits) return true;
  return (await reader.key('Press any key. ')) !== undefined;
}

const INTRO = [
  'Force 400 — White (W, bottom) moves first. Each man shows his force; the king is marked *.',
  'Enter:  M C8-C1 (move; the M may be left out)   T J8-C1 10 (transfer 10 units)   X H9-G9 (abdicate)',
  '        R (resign)   S (stop: save, resume or end the game)   saves (list saved games)   help (all commands)',
].join('\n');

export async function playForce400(io: Io, options: PlayOptions): Promise<void> {
  const library = options.library ?? new SaveLibrary();
  const print = (text: string): void => void io.output.write(text.endsWith('\n') ? text : `${text}\n`);
  let handicap: readonly [Handicap, Handicap] = handicapOf(options.setup);
  let setup = options.setup;
  let recordFile = options.record ?? null;
  let headerLine = options.header ?? null;
  let loaded: Loaded | undefined;
  let computer: [string | undefined, string | undefined] = [options.computer?.[0], options.computer?.[1]];
  const pause = options.pause ?? true;
  // A save that cannot be opened (not found, damaged, hand-edited) ends the command with its coded error, before
  // the sign-on waits for a key.
  const opened = options.load === undefined ? undefined : openSave(library, options.load);
  if (opened && !opened.ok) throw new CliError(opened.error);
  if (!(await signOn(io, pause))) return;

  if (opened?.ok) {
    loaded = opened.value;
  } else if (options.ask) {
    // "Answering the questions does not require the Enter key": at a terminal each is one key, Y or N.
    if (library.list(GAME_ID).length > 0 && (await yesNoKey(io, 'Reload a saved game?'))) {
      loaded = await chooseSave(io, library);
    }
    // "Successfully reloading a saved game bypasses the rest of the setup dialogue": the program plays at the level
    // it was saved with, and "reloaded games can neither pick up game records where they left off nor start new
    // game records of their own".
    if (!loaded) {
      // "If the program is to be your opponent, you are asked for a single digit for its level of skill."
      computer = await askOpponent(io);
      if (await yesNoKey(io, 'Handicaps?')) {
        handicap = [await askHandicap(io, 0), await askHandicap(io, 1)];
        // The asked handicaps were checked as they were typed; the catalogue sets the game up with them.
        setup = setupFrom(force400Entry, handicapOptions(handicap));
      }
      if (await yesNoKey(io, 'Keep a game record file?')) {
        recordFile = (await ask(io, 'Record file name [force400-record.txt]: '))?.trim() || 'force400-record.txt';
        headerLine = (await ask(io, 'Header line for the record: '))?.trim() || null;
      }
    }
  }

  // "If the program is playing, it plays at the same skill level that was originally specified."
  if (loaded?.computer && options.computer === undefined) {
    computer = [undefined, undefined];
    computer[loaded.computer.side] = String(loaded.computer.level);
  }
  let session: Session;
  let history: H;
  if (loaded) {
    session = {
      setup: setupFrom(force400Entry, handicapOptions(loaded.replay.parsed.record.handicap)),
      header: { ...loaded.replay.parsed.record, ...(headerLine === null ? {} : { header: headerLine }) },
      recordFile,
      title: loaded.title,
      stopped: false,
      recordError: null,
      computer,
    };
    history = historyOf(loaded.replay);
    print(`Resumed "${loaded.title}".`);
  } else {
    setup ??= setupFrom(force400Entry, handicapOptions(handicap));
    session = {
      setup,
      header: {
        ...EMPTY_HEADER,
        header: headerLine,
        date: formatRecordDate(new Date()),
        white: playerName(computer[0]),
        black: playerName(computer[1]),
        handicap: [removedSquares(0, handicap[0]), removedSquares(1, handicap[1])],
      },
      recordFile,
      title: null,
      stopped: false,
      recordError: null,
      computer,
    };
    history = startHistory(setup.initial());
  }

  const adapter = force400Adapter(session, library);
  const seed = options.seed ?? Date.now() >>> 0;
  const engine = computer[0] === undefined && computer[1] === undefined ? undefined : await session.setup.loadEngine();
  const seats: Seats<Force400State, Force400Action> = [
    computerAgent(session.setup.levels, engine, computer[0], seed, print),
    computerAgent(session.setup.levels, engine, computer[1], seed + 1, print),
  ];
  // A person playing Black alone against the program sees the board from Black's side.
  const flipped = seats[0] !== undefined && seats[1] === undefined;
  history = await runTerminalGame(adapter, io, { history, seats, flipped, pause });
  // Left unfinished (S then E, quit, or the end of input): "the game record notes that event".
  session.stopped = !current(history).ended;
  writeRecord(session, history);
  if (session.recordFile) {
    print(
      session.recordError
        ? `The record could not be written: ${session.recordError}`
        : `Record written to ${session.recordFile}.`,
    );
  }
}

/** The loop adapter for one session. */
function force400Adapter(
  session: Session,
  library: SaveLibrary,
): TerminalAdapter<Force400State, Force400Action, Force400Status> {
  const { game } = session.setup;
  const stop: ExtraCommand<Force400State, Force400Action> = {
    names: ['s', 'stop'],
    help: 'stop: S save the unfinished game under a title, R resume, E end the game',
    async run(ctx, args) {
      if (args.trim()) return abdicateWithS(ctx, session, args);
      // One key, no Enter, like every other answer in the game (the setup questions, the confirmations).
      for (;;) {
        const key = await keypress(ctx.io, 'Stop — S save, R resume, E end the game: ');
        const choice = key === undefined ? 'E' : key === 'enter' || key === 'escape' ? 'R' : key.toUpperCase();
        if (choice === 'E') return ctx.quit();
        if (choice === 'R') return;
        if (choice === 'S') await saveToLibrary(ctx, session, library);
        else ctx.print('Choose S, R or E.');
      }
    },
  };
  const resign: ExtraCommand<Force400State, Force400Action> = {
    names: ['r'],
    help: 'resign the game (asks first)',
    async run(ctx) {
      const s = current(ctx.history);
      if (s.ended) return ctx.print('The game is already over.');
      const who = s.toMove === 0 ? 'White' : 'Black';
      // "R for Resign calls for no further information but your confirmation of the resignation."
      if (!(await confirmKey(ctx.io, `${who}, resign?`))) return;
      ctx.endWith(game.resign(s, s.toMove));
    },
  };
  const saves: ExtraCommand<Force400State, Force400Action> = {
    names: ['saves'],
    help: 'list the saved Force 400 games',
    run(ctx) {
      ctx.print(listSaves(library));
    },
  };
  const resume: ExtraCommand<Force400State, Force400Action> = {
    names: ['resume'],
    args: '<number|title>',
    help: 'continue a saved game (from the list shown by "saves")',
    run(ctx, args) {
      const r = openSave(library, args.trim());
      if (!r.ok) return ctx.print(r.error);
      session.header = {
        ...r.value.replay.parsed.record,
        header: session.header.header ?? r.value.replay.parsed.record.header,
      };
      session.title = r.value.title;
      ctx.history = historyOf(r.value.replay);
      ctx.print(`Resumed "${r.value.title}".`);
      noteComputer(ctx, session, r.value.computer);
    },
  };
  const position: ExtraCommand<Force400State, Force400Action> = {
    names: ['position'],
    help: 'print the position as position text',
    run(ctx) {
      ctx.print(formatPosition(current(ctx.history)));
    },
  };

  return {
    setup: session.setup,
    render: (s, { flipped, paint }) =>
      renderBoard(s, { flipped, ...(paint ? { paint: (sq, text) => paint(squareName(sq), text) } : {}) }),
    status: (st) => statusLine(st, session),
    onChange: (h) => writeRecord(session, h),
    confirmMoves: true,
    announceComputerMoves: true,
    bellOnRefusal: true,
    saveText: async (h) =>
      ok(
        formatSavedGame({
          title: session.title ?? session.header.header ?? 'Force 400 game',
          computer: computerSeat(session),
          record: recordOf(session, h),
        }),
      ),
    async loadText(text) {
      const r = loadAny(text);
      if (!r.ok) return r;
      session.header = r.value.replay.parsed.record;
      if (r.value.title) session.title = r.value.title;
      return ok(historyOf(r.value.replay));
    },
    saveExtension: 'f400',
    extraCommands: [stop, resign, saves, resume, position],
    intro: INTRO,
  };
}

/** "S E9-F9" typed at the prompt is the record's notation for an abdication: treat it as X. */
async function abdicateWithS(
  ctx: LoopContext<Force400State, Force400Action>,
  session: Session,
  args: string,
): Promise<void> {
  const s = current(ctx.history);
  const { game } = session.setup;
  const r = game.parseMove(s, `S ${args}`);
  if (!r.ok) {
    ringBell(ctx.io);
    return ctx.print(playerText(r.error));
  }
  if (!(await confirmKey(ctx.io, `Play ${game.formatMove(s, r.value)}?`))) return;
  ctx.history = pushMove(ctx.history, r.value, game.play(s, r.value));
}

async function saveToLibrary(
  ctx: LoopContext<Force400State, Force400Action>,
  session: Session,
  library: SaveLibrary,
): Promise<void> {
  const s = current(ctx.history);
  if (s.ended) return ctx.print('Only unfinished games can be saved.');
  const offered = session.title ?? '';
  const typed = (await ctx.ask(`Title for the saved game${offered ? ` [${offered}]` : ''}: `))?.trim();
  const title = typed || offered;
  if (!title) return ctx.print('A saved game needs a title.');
  const seat = computerSeat(session);
  const payload = formatSavedGame({ title, computer: seat, record: recordOf(session, ctx.history) });
  const input = {
    title,
    payload,
    summary: `move ${s.moveNumber}, ${s.toMove === 0 ? 'White' : 'Black'} to move`,
    meta: { computer: seat ? `${seat.side === 0 ? 'White' : 'Black'}, level ${seat.level}` : 'none' },
  };
  const saved = await library.saveAsking(GAME_ID, input, (e) => askReplace((q) => ctx.ask(q), e));
  if (!saved.ok) return ctx.print(playerText(saved.error));
  if (!saved.value) return ctx.print('Nothing saved.');
  session.title = saved.value.title;
  ctx.markSaved();
  ctx.print(`Saved as "${saved.value.title}".`);
}

function recordOf(session: Session, h: H) {
  return gameRecord(session.header, h.moves.slice(0, h.cursor), current(h), session.stopped);
}

function writeRecord(session: Session, h: H): void {
  if (!session.recordFile) return;
  try {
    // The record file is rewritten after every move: atomically, so a kill leaves the last record or the new one.
    writeTextFileAtomic(session.recordFile, formatRecord(recordOf(session, h)));
    session.recordError = null;
  } catch (e) {
    session.recordError = (e as Error).message;
  }
}

/** `Move 12, Black to move. White: 12 men, 57 units; Black: …`, rendered from the catalogue's status. */
function statusLine(st: Force400Status, session: Session): string {
  const side = (p: 0 | 1): string => `${countOf(st.men[p], 'man', 'men')}, ${countOf(st.units[p], 'unit')}`;
  const turn = st.toMove[0];
  const move = turn === undefined ? `Move ${st.moveNumber}` : `Move ${st.moveNumber}, ${seatName(turn)} to move`;
  const rec = session.recordFile
    ? session.recordError
      ? ` Record NOT written: ${session.recordError}`
      : ` Recording to ${session.recordFile}.`
    : '';
  return `${move}. White: ${side(0)}; Black: ${side(1)}.${rec}`;
}

function seatName(p: Player): string {
  return force400.info.players[p];
}

/** The handicaps of a setup made from the command line (men in the default order, or none). */
function handicapOf(setup: Force400Setup | undefined): [Handicap, Handicap] {
  if (!setup) return [0, 0];
  const count = (key: string): number => {
    const v = setup.options[key];
    return typeof v === 'number' ? v : 0;
  };
  return [count('handicapWhite'), count('handicapBlack')];
}

/** The catalogue's options for these handicaps: each side's number of men, and the squares when they were named. */
function handicapOptions(handicap: readonly [Handicap, Handicap]): Record<string, number | string> {
  const count = (h: Handicap): number => (typeof h === 'number' ? h : h.length);
  const squares = (h: Handicap): string => (typeof h === 'number' ? '' : h.map(squareName).join(' '));
  return {
    handicapWhite: count(handicap[0]),
    handicapBlack: count(handicap[1]),
    handicapWhiteSquares: squares(handicap[0]),
    handicapBlackSquares: squares(handicap[1]),
  };
}

/** The squares a handicap clears, as the record lists them. */
function removedSquares(side: Player, handicap: Handicap): readonly number[] {
  const r = handicapSquares(side, handicap);
  return r.ok ? r.value : [];
}

/** The result in words. */
export function describeResult(s: Force400State, stopped = false): string {
  const e = s.ended;
  if (!e) {
    const side = s.toMove === 0 ? 'White' : 'Black';
    return stopped
      ? `Game stopped at move ${s.moveNumber}, ${side} to move.`
      : `Not finished: move ${s.moveNumber}, ${side} to move.`;
  }
  if (e.kind === 'draw') return 'Draw agreed.';
  const winner = e.winner === 0 ? 'White' : 'Black';
  const loser = e.winner === 0 ? 'Black' : 'White';
  return e.reason === 'resigned' ? `${loser} resigns. ${winner} wins.` : `${winner} wins: ${loser}'s king is taken.`;
}

function historyOf(replay: Replay): H {
  const states = [...replay.states];
  states[states.length - 1] = replay.final;
  return lineFromStates(states, [...replay.parsed.record.actions]);
}

/** A saved game as loaded: its title, the game, and the program's seat if it played. */
interface Loaded {
  readonly title: string;
  readonly replay: Replay;
  readonly computer: ComputerSeat | null;
}

/** A saved game, or a plain game record (so a record file can be continued). */
function loadAny(
  text: string,
): Result<{ title: string | null; replay: Replay; computer: ComputerSeat | null }, InputError> {
  if (text.startsWith(SAVED_GAME_MAGIC)) {
    const r = parseSavedGame(text);
    return r.ok ? ok({ title: r.value.saved.title, replay: r.value.replay, computer: r.value.saved.computer }) : r;
  }
  const r = replayRecordText(text);
  return r.ok ? ok({ title: null, replay: r.value, computer: null }) : r;
}

/** A save opened, or why not in words (`save "<title>": <code>: …` when the game inside a save is damaged). */
function openSave(library: SaveLibrary, ref: string): Result<Loaded, string> {
  const file = library.open(ref, GAME_ID);
  if (!file.ok) return err(describeError(file.error));
  const r = parseSavedGame(file.value.payload);
  if (r.ok) return ok({ title: file.value.title, replay: r.value.replay, computer: r.value.saved.computer });
  // A hand-edited or damaged game inside a readable save: the error names the save, as the other games' do.
  return err(`save "${file.value.title}": ${describeError(r.error)}`);
}

/** The program's seat for the saved-game format: the side it plays (White's if it plays both **(ours)**). */
function computerSeat(session: Session): ComputerSeat | null {
  const side = session.computer[0] !== undefined ? 0 : session.computer[1] !== undefined ? 1 : undefined;
  if (side === undefined) return null;
  return { side, level: Number(session.computer[side]) };
}

function playerName(level: string | undefined): string {
  return level === undefined ? '(Human)' : `Program (level ${level})`;
}

/** The seats are fixed when the session starts: a game resumed in it keeps them, and says so when they differ. */
function noteComputer(
  ctx: LoopContext<Force400State, Force400Action>,
  session: Session,
  saved: ComputerSeat | null,
): void {
  const now = computerSeat(session);
  if ((saved === null) === (now === null) && (!saved || !now || (saved.side === now.side && saved.level === now.level)))
    return;
  const was = saved
    ? `the program played ${saved.side === 0 ? 'White' : 'Black'} at level ${saved.level}`
    : 'two people played it';
  ctx.print(
    `(This game was saved when ${was}; to play it that way: tactica play force400 --load "${session.title ?? ''}".)`,
  );
}

/** A computer seat: the engine at a level, its thoughts printed as it contemplates its move (manual, "Miscellaneous"). */
function computerAgent(
  levels: readonly LevelInfo[],
  engine: Engine<Force400State, Force400Action> | undefined,
  levelId: string | undefined,
  seed: number,
  print: (text: string) => void,
): Agent<Force400State, Force400Action> | undefined {
  if (levelId === undefined) return undefined;
  const level = findLevel(levels, levelId);
  if (!level || !engine) throw new Error(`no Force 400 engine at level ${levelId}`);
  let moves = 0;
  return {
    name: `Program (${level.name})`,
    async chooseMove(s: Force400State, timeMs?: number): Promise<Force400Action> {
      return engine.choose(s, level.id, {
        seed: (seed + 7919 * moves++) >>> 0,
        onThought: (text) => print(`  ${text}`),
        ...(timeMs !== undefined ? { timeMs } : {}),
      }).move;
    },
    acceptsDraw: () => false,
  };
}

/** "If the program is to be your opponent, you are asked for a single digit for its level of skill." */
async function askOpponent(io: Io): Promise<[string | undefined, string | undefined]> {
  const none: [undefined, undefined] = [undefined, undefined];
  if (!(await yesNoKey(io, 'Will the program play?'))) return none;
  let side: Player = 1;
  for (;;) {
    const key = await keypress(io, 'Which side will the program play, W or B? [B]: ');
    if (key === undefined) return none;
    const answer = key.toUpperCase();
    if (answer === 'ENTER' || answer === 'B') break;
    if (answer === 'W') {
      side = 0;
      break;
    }
    io.output.write('Press W or B.\n');
  }
  const levels: readonly LevelInfo[] = force400Entry.levels;
  for (;;) {
    // "you are asked for a single digit for its level of skill": one key at a terminal.
    const key = await keypress(io, `Skill level, ${levels[0]?.id ?? 0} to ${levels.at(-1)?.id ?? 7} [2]: `);
    if (key === undefined) return none;
    const level = key === 'enter' ? findLevel(levels, '2') : findLevel(levels, key);
    if (level) {
      const seats: [string | undefined, string | undefined] = [undefined, undefined];
      seats[side] = level.id;
      return seats;
    }
    io.output.write(`Levels are ${levels.map((l) => l.id).join(', ')}.\n`);
  }
}

function listSaves(library: SaveLibrary): string {
  const entries = library.listShown(GAME_ID);
  const damaged = library.damagedLines(GAME_ID);
  if (entries.length === 0) return ['No saved Force 400 games.', ...damaged].join('\n');
  return [...entries.map((e, i) => `${String(i + 1).padStart(3)}. ${e.title}  (${e.summary})`), ...damaged].join('\n');
}

async function chooseSave(io: Io, library: SaveLibrary): Promise<Loaded | undefined> {
  io.output.write(`${listSaves(library)}\n`);
  for (;;) {
    const answer = (await ask(io, 'Title, #N or N of the game (Enter for a new game): '))?.trim();
    if (!answer) return undefined;
    const r = openSave(library, answer);
    if (r.ok) return r.value;
    io.output.write(`${r.error}\n`);
  }
}

/** A side's handicap: how many men, then which (Enter for the default order). */
async function askHandicap(io: Io, side: 0 | 1): Promise<Handicap> {
  const who = side === 0 ? 'White' : 'Black';
  const n = await askNumber(io, `${who}'s handicap, in men (0-19): `);
  if (n === 0) return 0;
  for (;;) {
    const answer = (
      await ask(io, `Which ${n} men? Squares, or Enter for the default (front rank from the A file): `)
    )?.trim();
    if (!answer) return n;
    const words = answer.split(/[\s,]+/);
    const squares = words.map((w) => parseSquare(w));
    const bad = words.find((_, i) => squares[i] === undefined);
    if (bad !== undefined) {
      io.output.write(`"${bad}" is not a square.\n`);
      continue;
    }
    if (squares.length !== n) {
      io.output.write(`Please name exactly ${n} squares.\n`);
      continue;
    }
    const checked = handicapSquares(side, squares as number[]);
    if (checked.ok) return checked.value;
    io.output.write(`${describeError(checked.error)}\n`);
  }
}

async function askNumber(io: Io, question: string): Promise<number> {
  for (;;) {
    const answer = await ask(io, question);
    if (answer === undefined) return 0;
    const t = answer.trim();
    if (t === '') return 0;
    if (/^\d{1,2}$/.test(t) && Number(t) <= 19) return Number(t);
    io.output.write('Please give a number from 0 to 19.\n');
  }
}
