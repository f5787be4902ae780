/**
 * `tactica play draughts --variant <id> [--giveaway] [--load <file.pdn>]`: two people at one keyboard, on the
 * shared terminal loop (takeback/redo, legal moves, flip, save/load, resign, draw offer).
 *
 * Moves are typed in the rule set's notation (`32-28`, `28x19`, `c3-d4`, `c3:e5`), or as the squares alone:
 * `32 28` or `3228` (start and end, when that is one move), `31 22 15` (a capture with its stops), or a single
 * square when the piece there has only one move. An ambiguous shorthand is refused with the choices.
 * Games are saved to PDN and loaded from PDN, as the catalogue writes and reads it; the game, its status, levels and
 * engine, and what the clock's "auto" means come from the catalogue's draughts setup.
 *
 * Against the computer: `--white ai:<level>` / `--black ai:<level>` (Dumb, Novice, Average, Good, Smart, Master),
 * "skill stronger" / "skill weaker" during the game (manual 3.3.4), the level in the status line (3.3.5), and the
 * manual's clocks: `--time-mode move|game|auto` and `--time-limit off|normal|blitz` (3.2.2; auto is per move for
 * English and per game otherwise).
 */
import type { Command } from 'commander';
import {
  current,
  describeError,
  err,
  inputError,
  ok,
  stateAt,
  type Game,
  type History,
  type InputError,
  type Result,
  type TimeLimit,
  type TimeMode,
} from '@tactica/core';
import {
  makeFen,
  readSquare,
  PLAYER_NAMES,
  RULE_SETS,
  squareName,
  squaresOf,
  VARIANT_IDS,
  type DraughtsMove,
  type DraughtsState,
  type VariantId,
} from '@tactica/draughts';
import { findLevel, type Engine, type LevelInfo } from '@tactica/ai';
import type { RecordMeta } from '@tactica/catalogue';
import {
  draughtsEntry,
  exportPdnOver,
  importPdn,
  type DraughtsSetup,
  type DraughtsStatus,
  type ImportedPdn,
} from '@tactica/catalogue/draughts';
import { engineAgent, seatOptionsGiven, seatsFromOptions, seatsFromRecord } from '../../ai/seats.js';
import { RECORD_FILE_MAX, readTextFile } from '../../input-files.js';
import { CliError, type Io } from '../../io.js';
import { addPlayOptions, existingGameFile, seedOrClock } from '../../play-options.js';
import { fileFormat, setupFrom, type OptionFlags } from '../../setup-options.js';
import type { Agent, Seats } from '../../terminal/agent.js';
import { paletteFor } from '../../terminal/colour.js';
import { ask } from '../../terminal/line-reader.js';
import { SOUND_MODES, type SoundMode } from '../../terminal/sound.js';
import {
  runTerminalGame,
  seatPlayers,
  type ExtraCommand,
  type LoopContext,
  type SeatPlayers,
  type TerminalAdapter,
} from '../../terminal/loop.js';
import { recordPlayers } from '../../terminal/who-plays.js';
import { LEGEND, renderBoard, statusLine } from './board.js';
import { BOARD_VIEWS, loadDraughtsSettings, saveDraughtsSettings } from './settings.js';
import { playerText } from '../../terminal/player-text.js';

type H = History<DraughtsState, DraughtsMove>;
type Imported = ImportedPdn;

/** The catalogue's PDN: the text of `save`, `load`, `pdn` and `--load`. */
const PDN = fileFormat(draughtsEntry);

/** What `save` adds to a name without an extension, and `--load` tries. */
const PDN_EXTENSION = 'pdn';

/** The flags that give the catalogue's draughts options on `tactica play draughts`. */
const FLAGS: OptionFlags = { variant: '--variant', giveaway: '--giveaway' };

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
}

/** Reads what a player typed: notation, or squares alone (see the module comment). */
function parseInput(
  game: Game<DraughtsState, DraughtsMove>,
  s: DraughtsState,
  text: string,
): Result<DraughtsMove, InputError> {
  const t = text.trim();
  const square = '[a-l]?\\d{1,2}';
  let normalized = t;
  if (new RegExp(`^${square}(\\s+${square})+$`, 'i').test(t)) normalized = t.split(/\s+/).join('-');
  else {
    const alg = /^([a-l]\d{1,2})([a-l]\d{1,2})$/i.exec(t);
    const num = /^(\d{2})(\d{2})$/.exec(t);
    if (alg) normalized = `${alg[1]}-${alg[2]}`;
    else if (num) normalized = `${num[1]}-${num[2]}`;
    else if (new RegExp(`^${square}$`, 'i').test(t)) return pieceMove(game, s, t);
  }
  return game.parseMove(s, normalized);
}

/** A single square: the move of the piece there, when it has only one. */
function pieceMove(
  game: Game<DraughtsState, DraughtsMove>,
  s: DraughtsState,
  text: string,
): Result<DraughtsMove, InputError> {
  if (s.over) return game.parseMove(s, text); // move/game-over
  const sq = squaresOf(RULE_SETS[s.position.variant]);
  const i = readSquare(sq, text);
  if (i < 0) {
    return err(inputError('move/bad-square', `"${text}" is not a square of this board`, { input: text }));
  }
  const from = sq.number(i);
  const name = squareName(s.position, from);
  const mine = game.legalMoves(s).filter((m) => m.from === from);
  if (mine.length === 1) return ok(mine[0] as DraughtsMove);
  if (mine.length === 0) {
    return err(
      inputError('move/illegal', `no legal move starts on ${name} (type "moves" for the list)`, { input: text }),
    );
  }
  return err(
    inputError(
      'move/ambiguous',
      `the piece on ${name} has ${mine.length} moves: ${mine.map((m) => game.formatMove(s, m)).join(', ')}; type one`,
      { input: text },
    ),
  );
}

/** The rule set a setup plays (its start position says it). */
function variantOf(setup: DraughtsSetup): VariantId {
  return setup.initial().position.variant;
}

/** The refusal of a record of another game than the one `setup` plays (another rule set, or give-away or not). */
function otherGame(setup: DraughtsSetup, record: Imported): InputError | undefined {
  const { variant, giveaway } = record.options;
  if (variant === setup.options['variant'] && giveaway === setup.options['giveaway']) return undefined;
  // The file's game, as its options set it up, names itself (`Russian draughts (give-away)`).
  const theirs = draughtsEntry.setup(record.options);
  const name = theirs.ok ? theirs.value.game.info.name : String(variant);
  return inputError(
    'pdn/other-variant',
    `the file holds a game of ${name}, this is ${setup.game.info.name}: start it with tactica play draughts --variant ${String(variant)}${giveaway === true ? ' --giveaway' : ''} --load <file>`,
  );
}

/**
 * A PDN file for the game `setup` plays: its first game, whose rule set and give-away mode must be this game's. A
 * game without a GameType tag is read as this rule set.
 */
async function readRecordFor(setup: DraughtsSetup, text: string): Promise<Result<Imported, InputError>> {
  const r = await importPdn(text, variantOf(setup));
  if (!r.ok) return r;
  const other = otherGame(setup, r.value);
  return other ? err(other) : r;
}

/**
 * Who plays whom, in a sentence: `you play Black (moves first) against the computer (Smart), which plays White`,
 * `two players at one keyboard: Black moves first`.
 */
function whoPlays(setup: DraughtsSetup, players: readonly [string | undefined, string | undefined]): string {
  const first = RULE_SETS[variantOf(setup)].firstToMove === 'white' ? 0 : 1;
  const colour = (p: 0 | 1): string => `${p === 0 ? 'White' : 'Black'}${p === first ? ' (moves first)' : ''}`;
  const [white, black] = players;
  if (white === undefined && black === undefined) {
    return `two players at one keyboard: ${first === 0 ? 'White' : 'Black'} moves first`;
  }
  if (white !== undefined && black !== undefined) {
    return `the computer (${white}) plays ${colour(0)} against the computer (${black}) as ${colour(1)}`;
  }
  const person: 0 | 1 = white === undefined ? 0 : 1;
  const computer: 0 | 1 = person === 0 ? 1 : 0;
  return `you play ${colour(person)} against the computer (${players[computer] ?? ''}), which plays ${colour(computer)}`;
}

function intro(
  setup: DraughtsSetup,
  players: readonly [string | undefined, string | undefined] = [undefined, undefined],
): string {
  const r = RULE_SETS[variantOf(setup)];
  const example =
    r.notation === 'algebraic'
      ? 'c3-d4, c3:e5, or c3 d4'
      : `${r.size === 10 ? '32-28' : '22-18'}, 28x19, or ${r.size === 10 ? '32 28' : '22 18'}`;
  return [
    `${r.name}${setup.initial().giveaway ? ', give-away (the side left without a move wins)' : ''}: ${whoPlays(setup, players)}.`,
    LEGEND,
    `Type a move (${example}; a single square when its piece has one move), or "help" for commands.`,
    'Status: rule set letter | pieces of the first and second player | draw counter (when running) | move number.',
  ].join('\n');
}

/**
 * The terminal adapter: board, the status line rendered from the catalogue's status, input shorthands, PDN save and
 * load through the catalogue. A game loaded from a file is saved over its record (its tags, and its comments where
 * the line still follows it); a new game is a `Tactica game` of `tactica play draughts` played today.
 */
function draughtsAdapter(
  setup: DraughtsSetup,
  loaded?: Imported,
): TerminalAdapter<DraughtsState, DraughtsMove, DraughtsStatus> & { lastMove(h: H): string | undefined } {
  const game = setup.game;
  // The record of the game loaded last, keyed by its first state (which survives every move and takeback).
  const loadedBy = new WeakMap<DraughtsState, Imported>();
  if (loaded) loadedBy.set(loaded.history.start, loaded);
  const fresh: RecordMeta = { event: 'Tactica game', site: 'tactica play draughts', date: today() };
  // A new game's White and Black tags name the computer where it plays, so that a loaded save goes on against it.
  const pdn = async (h: H, players?: SeatPlayers): Promise<Result<string, InputError>> => {
    const from = loadedBy.get(h.start);
    if (from) return ok(exportPdnOver(h, from.record));
    return setup.exportRecord(PDN, h, { ...fresh, ...recordPlayers(PLAYER_NAMES, players) });
  };
  const lastMove = (h: H): string | undefined => {
    if (h.cursor === 0) return undefined;
    const before = stateAt(game, h, h.cursor - 1);
    return game.formatMove(before, h.moves[h.cursor - 1] as DraughtsMove);
  };
  return {
    setup,
    lastMove,
    render: (s, { flipped, paint }) => renderBoard(s.position, flipped, paint),
    status: (st, h) => statusLine(st, lastMove(h)),
    parseInput: (s, text) => parseInput(game, s, text),
    saveText: (h, players) => pdn(h, players),
    async loadText(text) {
      const r = await readRecordFor(setup, text);
      if (!r.ok) return r;
      loadedBy.set(r.value.history.start, r.value);
      return ok(r.value.history);
    },
    saveExtension: PDN_EXTENSION,
    intro: intro(setup),
    extraCommands: [
      {
        names: ['fen', 'position'],
        help: 'print the position as draughts FEN',
        run: (ctx) => ctx.print(makeFen(current(ctx.history).position)),
      },
      {
        names: ['pdn'],
        help: 'print the game so far as PDN',
        async run(ctx) {
          const text = await pdn(ctx.history, seatPlayers(ctx.seats));
          ctx.print(text.ok ? text.value : playerText(text.error));
        },
      },
    ],
  };
}

interface PlayOptions {
  readonly variant?: string;
  readonly giveaway?: boolean;
  readonly load?: string;
  /** `human` or `ai:<level>` (option `--white` / `--black`). */
  readonly white?: string;
  readonly black?: string;
  readonly timeMode?: string;
  readonly timeLimit?: string;
  readonly seed?: string;
  /** `white` or `human` (manual 3.2.2, "Board view"); the saved setting when left out. */
  readonly boardView?: string;
  /** `off`, `normal` or `annoying` (manual 3.2.2, "Sound mode"); the saved setting when left out. */
  readonly sound?: string;
}

type Agents = Seats<DraughtsState, DraughtsMove>;

/** The computer's levels and its engine, as the catalogue's setup gives them. */
interface Computer {
  readonly levels: readonly LevelInfo[];
  readonly engine: Engine<DraughtsState, DraughtsMove>;
}

/** Which level each computer agent plays at (agents are made here and by `seatsFromOptions`). */
const levelOfAgent = new WeakMap<Agent<DraughtsState, DraughtsMove>, LevelInfo>();

function levelFromName(computer: Computer, agent: Agent<DraughtsState, DraughtsMove>): LevelInfo | undefined {
  const known = levelOfAgent.get(agent);
  if (known) return known;
  // `Computer (Smart)`, as the shared seat options name their agents.
  const m = /\(([^)]+)\)$/.exec(agent.name);
  return m ? findLevel(computer.levels, m[1] as string) : undefined;
}

function computerAgent(computer: Computer, level: LevelInfo, seed: number): Agent<DraughtsState, DraughtsMove> {
  const agent = engineAgent(computer.engine, `ai:${level.id}`, seed);
  levelOfAgent.set(agent, level);
  return agent;
}

/**
 * The computer's skill for the status line (manual 3.3.5): the level of each computer seat, weakest first (a
 * switch of sides does not change it).
 */
function skillPart(computer: Computer, seats: Agents): string | undefined {
  const ids = computer.levels.map((l) => l.id);
  const levels = seats
    .flatMap((a) => (a ? [levelFromName(computer, a)] : []))
    .filter((l): l is LevelInfo => l !== undefined)
    .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  if (levels.length === 0) return undefined;
  return `skill ${[...new Set(levels.map((l) => l.name))].join('/')}`;
}

/** "skill stronger" / "skill weaker" (manual 3.3.4): every computer seat one level up or down, if possible. */
function skillCommands(
  computer: Computer,
  playing: { seats: Agents },
  seed: number,
): ExtraCommand<DraughtsState, DraughtsMove>[] {
  const change = (ctx: LoopContext<DraughtsState, DraughtsMove>, direction: number): void => {
    const levels = computer.levels;
    let changed = false;
    const next: Agents = [ctx.seats[0], ctx.seats[1]].map((agent, seat) => {
      if (!agent) return agent;
      const level = levelFromName(computer, agent);
      const target = level && levels[levels.findIndex((l) => l.id === level.id) + direction];
      if (!target) return agent;
      changed = true;
      return computerAgent(computer, target, (seed + 31 * seat + 1) >>> 0);
    }) as unknown as Agents;
    if (ctx.seats[0] === undefined && ctx.seats[1] === undefined) {
      ctx.print('There is no computer player in this game.');
    } else if (!changed) {
      ctx.print(`The computer already plays at its ${direction > 0 ? 'strongest' : 'weakest'}.`);
    } else {
      ctx.seats = next;
      playing.seats = next;
      ctx.print(
        `The computer now plays at ${(skillPart(computer, next) ?? '').replace(/^skill /, '')} (this game only).`,
      );
    }
  };
  return [
    {
      names: ['skill'],
      args: 'stronger|weaker',
      help: 'make the computer one level stronger or weaker for this game (manual 3.3.4)',
      run(ctx, args) {
        const word = args.trim().toLowerCase();
        if (word === 'stronger') change(ctx, 1);
        else if (word === 'weaker') change(ctx, -1);
        else ctx.print('Type "skill stronger" or "skill weaker".');
      },
    },
    { names: ['stronger'], help: 'the same as "skill stronger"', run: (ctx) => change(ctx, 1) },
    { names: ['weaker'], help: 'the same as "skill weaker"', run: (ctx) => change(ctx, -1) },
  ];
}

/** `--time-mode` and `--time-limit` as the loop's clock (manual 3.2.2); none when neither is given. */
function clockOption(setup: DraughtsSetup, opts: PlayOptions): { mode: TimeMode; limit: TimeLimit } | undefined {
  if (opts.timeMode === undefined && opts.timeLimit === undefined) return undefined;
  const modeText = (opts.timeMode ?? 'auto').trim().toLowerCase();
  if (!['move', 'game', 'auto'].includes(modeText)) {
    throw new CliError(`--time-mode must be move, game or auto, not "${opts.timeMode}"`);
  }
  const limitText = (opts.timeLimit ?? 'off').trim().toLowerCase();
  if (!['off', 'normal', 'blitz'].includes(limitText)) {
    throw new CliError(`--time-limit must be off, normal or blitz, not "${opts.timeLimit}"`);
  }
  // What "auto" means is the game's (manual 3.2.2: per move for English/American, per game for the others).
  const mode: TimeMode = modeText === 'auto' ? setup.autoTimeMode : (modeText as TimeMode);
  return { mode, limit: limitText as TimeLimit };
}

function readFile(file: string): string {
  return readTextFile(file, RECORD_FILE_MAX);
}

/**
 * The game to play and the record it continues: the rule set of `--variant` and `--giveaway`, or of the PDN file of
 * `--load` (which those, when given, must match; a file without a GameType tag is read as `--variant`).
 */
async function gameOf(opts: PlayOptions): Promise<{ setup: DraughtsSetup; loaded?: Imported }> {
  const asked =
    opts.variant === undefined
      ? undefined
      : setupFrom(draughtsEntry, { variant: opts.variant, giveaway: opts.giveaway ?? false }, FLAGS);
  if (opts.load === undefined) {
    if (!asked) throw new CliError(`--variant is required: ${VARIANT_IDS.join(', ')}`);
    return { setup: asked };
  }
  // `save game1` wrote game1.pdn: `--load game1` finds it.
  const text = readFile(existingGameFile(opts.load, PDN_EXTENSION) ?? opts.load);
  const read = await importPdn(text, asked && variantOf(asked));
  if (!read.ok) throw new CliError(`${opts.load}: ${describeError(read.error)}`);
  const setup = setupFrom(draughtsEntry, read.value.options);
  if (opts.variant !== undefined || opts.giveaway !== undefined) {
    // The flags given must name the file's game (the file names its own start position).
    const wanted = setupFrom(
      draughtsEntry,
      {
        ...read.value.options,
        ...(opts.variant !== undefined ? { variant: opts.variant } : {}),
        ...(opts.giveaway !== undefined ? { giveaway: opts.giveaway } : {}),
      },
      FLAGS,
    );
    const other = otherGame(wanted, read.value);
    if (other) throw new CliError(`${opts.load}: ${describeError(other)}`);
  }
  return { setup, loaded: read.value };
}

/** `--board-view` or `--sound`: one of the setting's choices (the saved setting when not given). */
function settingOption(flag: string, value: string | undefined, choices: readonly string[], saved: string): string {
  if (value === undefined) return saved;
  const v = value.trim().toLowerCase();
  if (!choices.includes(v)) throw new CliError(`${flag} must be ${choices.join(', ')}, not "${value}"`);
  return v;
}

/** The sound mode of the game in progress (the "sound" command changes it for this game only, manual 3.3.3). */
function soundCommand(playing: { sound: SoundMode }): ExtraCommand<DraughtsState, DraughtsMove> {
  return {
    names: ['sound'],
    args: '[off|normal|annoying]',
    help: 'the sound for this game: off, normal (the end of a game) or annoying (every move too)',
    printsOnly: true,
    run(ctx, args) {
      const word = args.trim().toLowerCase();
      if (word === '') {
        // Manual 3.3.3: "[#] key temporarily disables" an annoying sound, and enables it again.
        playing.sound = playing.sound === 'annoying' ? 'normal' : playing.sound === 'normal' ? 'annoying' : 'off';
      } else if ((SOUND_MODES as readonly string[]).includes(word)) playing.sound = word as SoundMode;
      else return ctx.print('Type "sound off", "sound normal" or "sound annoying".');
      ctx.print(`Sound: ${playing.sound} (this game only).`);
    },
  };
}

/** Starts a game: a fresh one, or the first game of a PDN file. */
async function playDraughts(io: Io, opts: PlayOptions): Promise<void> {
  const { setup, loaded } = await gameOf(opts);
  const clock = clockOption(setup, opts);
  const seed = seedOrClock(opts.seed);
  const saved = opts.boardView === undefined || opts.sound === undefined ? loadDraughtsSettings(io) : undefined;
  const view = settingOption('--board-view', opts.boardView, BOARD_VIEWS, saved?.boardView ?? 'human');
  const sound = settingOption('--sound', opts.sound, SOUND_MODES, saved?.sound ?? 'normal') as SoundMode;
  const computer: Computer = { levels: setup.levels, engine: await setup.loadEngine() };
  // A save goes on with the players its tags name (the computer at its level) unless --white or --black is given.
  const seats =
    loaded && !seatOptionsGiven(opts as Record<string, unknown>, PLAYER_NAMES)
      ? seatsFromRecord(loaded.meta.players, computer.engine, seed)
      : seatsFromOptions(opts as Record<string, unknown>, setup.game, computer.engine, seed);
  const base = draughtsAdapter(setup, loaded);
  const playing = { seats, sound };
  const palette = paletteFor(io);
  const lastMove = base.lastMove;
  const levelName = (a: Agent<DraughtsState, DraughtsMove> | undefined): string | undefined =>
    a === undefined ? undefined : (levelFromName(computer, a)?.name ?? a.name);
  const adapter: TerminalAdapter<DraughtsState, DraughtsMove, DraughtsStatus> = {
    ...base,
    // Manual 3.3.5: the computer's skill comes right after the rule set, and the bar is in colour.
    status: (st, h) =>
      statusLine(st, lastMove(h), {
        ...(skillPart(computer, playing.seats) ? { skill: skillPart(computer, playing.seats) as string } : {}),
        look: {
          palette,
          computer: [playing.seats[0] !== undefined, playing.seats[1] !== undefined],
          ...(clock ? { timeLimit: clock.limit } : {}),
        },
      }),
    intro: intro(setup, [levelName(seats[0]), levelName(seats[1])]),
    extraCommands: [...(base.extraCommands ?? []), ...skillCommands(computer, playing, seed), soundCommand(playing)],
    sound: () => playing.sound,
    // Manual 3.3.4: "RIGHT SOFT KEY is used to quit current game after a confirmation."
    confirmQuit: true,
    // Board view White keeps White's home at the bottom, whoever switches sides; Human follows the person.
    boardFollowsSeats: view === 'human',
  };
  // Board view Human: a person playing the second seat alone against the computer sees the board from that side.
  const flipped = view === 'human' && seats[0] !== undefined && seats[1] === undefined;
  await runTerminalGame(adapter, io, {
    ...(loaded ? { history: loaded.history } : {}),
    seats,
    flipped,
    seed,
    palette,
    ...(clock ? { clock } : {}),
  });
}

export function configurePlay(cmd: Command, io: Io): void {
  // The position comes from --variant and --load (a PDN game may start from a FEN); draughts has no --position.
  addPlayOptions(cmd, {
    seats: PLAYER_NAMES,
    levels: draughtsEntry.levels.map((l) => l.id),
    load: 'file',
    file: 'PDN file (its first game)',
    fileArg: 'file.pdn',
    seedAlso: 'time-out moves',
  })
    .option('--time-mode <mode>', 'clock per move or per game: move, game or auto (per move for English only)')
    .option('--time-limit <limit>', 'off (time only shown), normal or blitz (no takeback)')
    .option('--variant <id>', `rule set: ${VARIANT_IDS.join(', ')} (required unless --load gives it)`)
    .option('--giveaway', 'give-away mode (the side left without a move wins)')
    .option('--board-view <view>', 'white (White at the bottom) or human (your side at the bottom); default: as saved')
    .option('--sound <mode>', 'off, normal (bell at the end) or annoying (after every move too); default: as saved')
    .addHelpText(
      'after',
      [
        '',
        'Two players at one keyboard, or against the computer (--white ai:smart, --black ai:novice). Type moves in the',
        "rule set's notation (32-28, 28x19, c3-d4, c3:e5) or as squares alone (32 28, 3228, 31 22 15, or one square",
        'when its piece has a single move); "help" lists the commands: moves, undo, redo, flip, switch, board, fen, pdn,',
        'skill stronger|weaker, sound, rules, save [file], load <file>, draw, resign, quit (asks first).',
        'Clocks (manual 3.2.2): per move, normal 5 min (1 min with a single legal move), blitz 10 s (2 s), a random move',
        'when it runs out; per game, normal 30 min, blitz 6 min, the game lost when it runs out; the computer gets 1.5',
        'times less. Blitz forbids takeback.',
        'Status line: rule set letter (W E S R B T O; "give-away" after it) | the computer\'s skill, when one plays |',
        'pieces of the first and second player |',
        'draw counter "counter <stage>: <half-moves left>" while it runs | move number | side to move | last move;',
        'at a colour terminal coloured as the manual has it (NO_COLOR turns colour off).',
        'Board view and sound are the settings the tactica play menu saved, unless --board-view or --sound says.',
      ].join('\n'),
    )
    .action((opts: PlayOptions) => playDraughts(io, opts));
}

/** A question with the saved choice as its default: a number from the list, a name, or Enter for the default. */
async function choose<T extends string>(
  io: Io,
  question: string,
  choices: readonly { readonly value: T; readonly label: string; readonly keys?: readonly string[] }[],
  current: T,
): Promise<T | undefined> {
  const shown = choices.find((c) => c.value === current)?.label ?? current;
  for (;;) {
    const answer = await ask(io, `${question} [${shown}]: `);
    if (answer === undefined) return undefined;
    const key = answer.trim().toLowerCase();
    if (key === '') return current;
    const n = Number(key);
    const found =
      Number.isInteger(n) && n >= 1 && n <= choices.length
        ? choices[n - 1]
        : choices.find(
            (c) => c.value.toLowerCase() === key || c.label.toLowerCase() === key || (c.keys ?? []).includes(key),
          );
    if (found) return found.value;
    io.output.write(`"${answer.trim()}" is not one of: ${choices.map((c, i) => `${i + 1} ${c.label}`).join(', ')}.\n`);
  }
}

const capital = (t: string): string => `${t[0]?.toUpperCase() ?? ''}${t.slice(1)}`;

/**
 * The `tactica play` menu, the manual's settings panel as questions (3.2.2), each offering the saved choice: rules,
 * give-away, the opponent (a person at this keyboard or the computer's skill, "My skill"), who moves first ("1st
 * move: Human, Computer"), time mode and limit, board view and sound. The answers are saved when the game starts
 * ("Settings are saved each time when you start a game").
 */
export async function launchDraughts(io: Io): Promise<void> {
  const saved = loadDraughtsSettings(io);
  io.output.write('Draughts rule sets:\n');
  VARIANT_IDS.forEach((v, k) => io.output.write(`  ${k + 1}. ${RULE_SETS[v].name} (${RULE_SETS[v].letter})\n`));
  const variant = await choose(
    io,
    'Rule set number or name',
    VARIANT_IDS.map((v) => ({ value: v, label: RULE_SETS[v].name, keys: [RULE_SETS[v].letter.toLowerCase()] })),
    saved.rules as VariantId,
  );
  if (variant === undefined) return;
  const yesNo = [
    { value: 'yes', label: 'yes', keys: ['y'] },
    { value: 'no', label: 'no', keys: ['n'] },
  ] as const;
  const giveaway = await choose(
    io,
    'Give-away (the side left without a move wins)?',
    yesNo,
    saved.giveaway as 'yes' | 'no',
  );
  if (giveaway === undefined) return;
  const levels = draughtsEntry.levels;
  io.output.write(
    `Opponent: 0 a person at this keyboard, ${levels.map((l, i) => `${i + 1} ${l.name}`).join(', ')} (the computer).\n`,
  );
  let level: LevelInfo | undefined;
  let opponent = saved.opponent;
  const skill = findLevel(levels, saved.skill) ?? levels[0];
  for (;;) {
    const answer = await ask(io, `Opponent [${opponent === 'person' ? '0' : (skill?.name ?? '0')}]: `);
    if (answer === undefined) return;
    const text = answer.trim().replace(/^ai:/i, '');
    if (text === '' && opponent === 'computer') {
      level = skill;
      break;
    }
    if (text === '' || text === '0' || /^(human|person)$/i.test(text)) {
      opponent = 'person';
      break;
    }
    const n = Number(text);
    level = Number.isInteger(n) && n >= 1 ? levels[n - 1] : findLevel(levels, text);
    if (level) break;
    io.output.write(`"${answer.trim()}" is not on the list.\n`);
  }
  if (level) opponent = 'computer';
  // Manual 3.2.2: "Starting the game means having black pieces for English/American and Pool checkers, and white
  // pieces for other clones."
  const first = RULE_SETS[variant].firstToMove;
  let firstMove = saved.firstMove as 'human' | 'computer';
  if (level) {
    const chosen = await choose(
      io,
      `Who moves first (${first === 'white' ? 'White' : 'Black'}): you or the computer?`,
      [
        { value: 'human', label: 'you', keys: ['me', 'human', 'h', 'i', 'y'] },
        { value: 'computer', label: 'the computer', keys: ['computer', 'c', 'it'] },
      ],
      firstMove,
    );
    if (chosen === undefined) return;
    firstMove = chosen;
  }
  const timeMode = await choose(
    io,
    'Time mode: move, game or auto (per move for English, per game for the others)',
    [
      { value: 'auto', label: 'auto' },
      { value: 'move', label: 'move' },
      { value: 'game', label: 'game' },
    ],
    saved.timeMode as 'auto' | 'move' | 'game',
  );
  if (timeMode === undefined) return;
  const timeLimit = await choose(
    io,
    'Time limit: off (time only shown), normal or blitz (no takeback)',
    [
      { value: 'off', label: 'off' },
      { value: 'normal', label: 'normal' },
      { value: 'blitz', label: 'blitz' },
    ],
    saved.timeLimit as TimeLimit,
  );
  if (timeLimit === undefined) return;
  const boardView = await choose(
    io,
    'Board view: white (White at the bottom) or human (your side at the bottom)',
    [
      { value: 'white', label: 'white' },
      { value: 'human', label: 'human' },
    ],
    saved.boardView as 'white' | 'human',
  );
  if (boardView === undefined) return;
  const sound = await choose(
    io,
    'Sound: off, normal (at the end of a game) or annoying (after every move too)',
    SOUND_MODES.map((m) => ({ value: m, label: m })),
    saved.sound as SoundMode,
  );
  if (sound === undefined) return;
  saveDraughtsSettings(io, {
    rules: variant,
    giveaway,
    opponent,
    ...(level ? { skill: level.id, firstMove } : {}),
    timeMode,
    timeLimit,
    boardView,
    sound,
  });
  io.output.write(
    `${RULE_SETS[variant].name}${giveaway === 'yes' ? ', give-away' : ''}; time ${timeMode}, ${timeLimit}; board view ${capital(boardView)}; sound ${sound}.\n`,
  );
  const common = { variant, giveaway: giveaway === 'yes', timeMode, timeLimit, boardView, sound };
  if (!level) {
    await playDraughts(io, common);
    return;
  }
  const second = first === 'white' ? 'black' : 'white';
  const computerColour = firstMove === 'human' ? second : first;
  await playDraughts(io, { ...common, [computerColour]: `ai:${level.id}` });
}
