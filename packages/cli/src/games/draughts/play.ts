/**
 * `tactica play draughts --variant <id> [--giveaway] [--load <file.pdn>]`: two people at one keyboard, on the
 * shared terminal loop (takeback/redo, legal moves, flip, save/load, resign, draw offer).
 *
 * Moves are typed in the rule set's notation (`32-28`, `28x19`, `c3-d4`, `c3:e5`), or as the squares alone:
 * `32 28` or `3228` (start and end, when that is one move), `31 22 15` (a capture with its stops), or a single
 * square when the piece there has only one move. An ambiguous shorthand is refused with the choices.
 * Games are saved to PDN and loaded from PDN.
 *
 * Against the computer: `--white ai:<level>` / `--black ai:<level>` (Dumb, Novice, Average, Good, Smart, Master),
 * "skill stronger" / "skill weaker" during the game (manual 3.3.4), the level in the status line (3.3.5), and the
 * manual's clocks: `--time-mode move|game|auto` and `--time-limit off|normal|blitz` (3.2.2; auto is per move for
 * English and per game otherwise).
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import {
  current,
  describeError,
  err,
  inputError,
  ok,
  pushMove,
  startHistory,
  type History,
  type InputError,
  type Outcome,
  type Result,
} from '@tactica/core';
import {
  draughtsGame,
  makeFen,
  readPdn,
  readSquare,
  PLAYER_NAMES,
  RULE_SETS,
  sameMove,
  squareName,
  squaresOf,
  VARIANT_IDS,
  writePdnGame,
  type DraughtsGame,
  type DraughtsMove,
  type DraughtsState,
  type PdnComment,
  type PdnGame,
  type PdnResult,
  type PdnTag,
  type VariantId,
} from '@tactica/draughts';
import { draughtsEngine, findLevel, type LevelInfo } from '@tactica/ai';
import type { TimeLimit, TimeMode } from '@tactica/core';
import { engineAgent, seatsFromOptions } from '../../ai/seats.js';
import { CliError, type Io } from '../../io.js';
import { addPlayOptions, seedOrClock } from '../../play-options.js';
import type { Agent, Seats } from '../../terminal/agent.js';
import { ask, confirm } from '../../terminal/line-reader.js';
import { runTerminalGame, type ExtraCommand, type LoopContext, type TerminalAdapter } from '../../terminal/loop.js';
import { LEGEND, renderBoard, statusLine } from './board.js';
import { variantOption } from './options.js';

type H = History<DraughtsState, DraughtsMove>;

/** What a loaded PDN game brought that the history does not hold: its tags and comments. */
interface Loaded {
  readonly tags: readonly PdnTag[];
  readonly comments: readonly PdnComment[];
  readonly moves: readonly DraughtsMove[];
}

function resultOf(o: Outcome | undefined): PdnResult {
  if (!o) return 'unfinished';
  if (o.kind === 'draw') return 'draw';
  return o.winner === 0 ? 'white-wins' : 'black-wins';
}

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
}

/** Reads what a player typed: notation, or squares alone (see the module comment). */
export function parseInput(game: DraughtsGame, s: DraughtsState, text: string): Result<DraughtsMove, InputError> {
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
function pieceMove(game: DraughtsGame, s: DraughtsState, text: string): Result<DraughtsMove, InputError> {
  if (s.over) return game.parseMove(s, text); // move/game-over
  const sq = squaresOf(game.rules);
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

/** The game as a PDN record (moves taken back are left out). */
export function gameRecord(game: DraughtsGame, h: H, loaded?: Loaded): PdnGame {
  const moves = h.moves.slice(0, h.cursor);
  let same = 0;
  if (loaded)
    while (
      same < moves.length &&
      same < loaded.moves.length &&
      sameMove(moves[same] as DraughtsMove, loaded.moves[same] as DraughtsMove)
    )
      same++;
  const tags: PdnTag[] = loaded
    ? [...loaded.tags]
    : [
        { name: 'Event', value: 'Tactica game' },
        { name: 'Site', value: 'tactica play draughts' },
        { name: 'Date', value: today() },
        { name: 'Round', value: '-' },
        { name: 'White', value: 'White' },
        { name: 'Black', value: 'Black' },
      ];
  return {
    variant: game.rules.id,
    giveaway: game.giveaway,
    tags,
    start: (h.states[0] as DraughtsState).position,
    moves,
    // A loaded game's comments stay where the line played is still the loaded one.
    comments: loaded ? loaded.comments.filter((c) => c.ply <= same) : [],
    result: resultOf(game.outcome(current(h))),
  };
}

/**
 * A PDN game as a line of play, at its end. A result the final position does not explain (a resignation, an agreed
 * draw) ends the game as the record says, so that saving after a resignation and loading it back is the same game.
 */
export function historyOf(game: DraughtsGame, record: PdnGame): H {
  let h: H = startHistory(game.fromPosition(record.start));
  for (const m of record.moves) h = pushMove(h, m, game.play(current(h), m));
  const s = current(h);
  if (!s.over && (record.result === 'white-wins' || record.result === 'black-wins' || record.result === 'draw')) {
    const ended = record.result === 'draw' ? game.agreeDraw(s) : game.resign(s, record.result === 'white-wins' ? 1 : 0);
    h = { states: [...h.states.slice(0, -1), ended], moves: h.moves, cursor: h.cursor };
  }
  return h;
}

/** Reads the first game of a PDN text for this game (its rule set and give-away mode). */
export function loadRecord(game: DraughtsGame, text: string): Result<{ h: H; loaded: Loaded }, InputError> {
  const read = readPdn(text, { defaultVariant: game.rules.id });
  const first = read[0];
  if (!first) return err(inputError('pdn/empty', 'the file holds no PDN game'));
  if (!first.ok) return first;
  const g = first.value;
  if (g.variant !== game.rules.id || g.giveaway !== game.giveaway) {
    const name = (v: VariantId, giveaway: boolean): string => `${RULE_SETS[v].name}${giveaway ? ' (give-away)' : ''}`;
    return err(
      inputError(
        'pdn/other-variant',
        `the file holds a game of ${name(g.variant, g.giveaway)}, this is ${name(game.rules.id, game.giveaway)}: start it with tactica play draughts --variant ${g.variant}${g.giveaway ? ' --giveaway' : ''} --load <file>`,
      ),
    );
  }
  return ok({ h: historyOf(game, g), loaded: { tags: g.tags, comments: g.comments, moves: g.moves } });
}

export function intro(game: DraughtsGame): string {
  const r = game.rules;
  const example =
    r.notation === 'algebraic'
      ? 'c3-d4, c3:e5, or c3 d4'
      : `${r.size === 10 ? '32-28' : '22-18'}, 28x19, or ${r.size === 10 ? '32 28' : '22 18'}`;
  return [
    `${r.name}${game.giveaway ? ', give-away (the side left without a move wins)' : ''}: two players at one keyboard. ${r.firstToMove === 'white' ? 'White' : 'Black'} moves first.`,
    LEGEND,
    `Type a move (${example}; a single square when its piece has one move), or "help" for commands.`,
    'Status: rule set letter | pieces of the first and second player | draw counter (when running) | move number.',
  ].join('\n');
}

/** The terminal adapter: board, status line, input shorthands, PDN save and load. */
export function draughtsAdapter(game: DraughtsGame): TerminalAdapter<DraughtsState, DraughtsMove> {
  // Tags and comments of the game loaded last, keyed by its first state (which survives every move and takeback).
  const loadedBy = new WeakMap<DraughtsState, Loaded>();
  const lastMove = (h: H): string | undefined => {
    if (h.cursor === 0) return undefined;
    const before = h.states[h.cursor - 1] as DraughtsState;
    return game.formatMove(before, h.moves[h.cursor - 1] as DraughtsMove);
  };
  return {
    game,
    render: (s, { flipped }) => renderBoard(s.position, flipped),
    status: (h) => statusLine(h, lastMove(h)),
    parseInput: (s, text) => parseInput(game, s, text),
    saveText: (h) => writePdnGame(gameRecord(game, h, loadedBy.get(h.states[0] as DraughtsState))),
    loadText(text) {
      const r = loadRecord(game, text);
      if (!r.ok) return r;
      loadedBy.set(r.value.h.states[0] as DraughtsState, r.value.loaded);
      return ok(r.value.h);
    },
    saveExtension: 'pdn',
    intro: intro(game),
    extraCommands: [
      {
        names: ['fen', 'position'],
        help: 'print the position as draughts FEN',
        run: (ctx) => ctx.print(makeFen(current(ctx.history).position)),
      },
      {
        names: ['pdn'],
        help: 'print the game so far as PDN',
        run: (ctx) =>
          ctx.print(writePdnGame(gameRecord(game, ctx.history, loadedBy.get(ctx.history.states[0] as DraughtsState)))),
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
}

type Agents = Seats<DraughtsState, DraughtsMove>;

/** Which level each computer agent plays at (agents are made here and by `seatsFromOptions`). */
const levelOfAgent = new WeakMap<Agent<DraughtsState, DraughtsMove>, LevelInfo>();

function levelFromName(agent: Agent<DraughtsState, DraughtsMove>): LevelInfo | undefined {
  const known = levelOfAgent.get(agent);
  if (known) return known;
  // `Computer (Smart)`, as the shared seat options name their agents.
  const m = /\(([^)]+)\)$/.exec(agent.name);
  return m ? findLevel(draughtsEngine.levels, m[1] as string) : undefined;
}

function computer(level: LevelInfo, seed: number): Agent<DraughtsState, DraughtsMove> {
  const agent = engineAgent(draughtsEngine, `ai:${level.id}`, seed);
  levelOfAgent.set(agent, level);
  return agent;
}

/**
 * The computer's skill for the status line (manual 3.3.5): the level of each computer seat, weakest first (a
 * switch of sides does not change it).
 */
function skillPart(seats: Agents): string | undefined {
  const ids = draughtsEngine.levels.map((l) => l.id);
  const levels = seats
    .flatMap((a) => (a ? [levelFromName(a)] : []))
    .filter((l): l is LevelInfo => l !== undefined)
    .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  if (levels.length === 0) return undefined;
  return `skill ${[...new Set(levels.map((l) => l.name))].join('/')}`;
}

/** "skill stronger" / "skill weaker" (manual 3.3.4): every computer seat one level up or down, if possible. */
function skillCommands(current: { seats: Agents }, seed: number): ExtraCommand<DraughtsState, DraughtsMove>[] {
  const change = (ctx: LoopContext<DraughtsState, DraughtsMove>, direction: number): void => {
    const levels = draughtsEngine.levels;
    let changed = false;
    const next: Agents = [ctx.seats[0], ctx.seats[1]].map((agent, seat) => {
      if (!agent) return agent;
      const level = levelFromName(agent);
      const target = level && levels[levels.findIndex((l) => l.id === level.id) + direction];
      if (!target) return agent;
      changed = true;
      return computer(target, (seed + 31 * seat + 1) >>> 0);
    }) as unknown as Agents;
    if (ctx.seats[0] === undefined && ctx.seats[1] === undefined) {
      ctx.print('There is no computer player in this game.');
    } else if (!changed) {
      ctx.print(`The computer already plays at its ${direction > 0 ? 'strongest' : 'weakest'}.`);
    } else {
      ctx.seats = next;
      current.seats = next;
      ctx.print(`The computer now plays at ${(skillPart(next) ?? '').replace(/^skill /, '')} (this game only).`);
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
function clockOption(variant: VariantId, opts: PlayOptions): { mode: TimeMode; limit: TimeLimit } | undefined {
  if (opts.timeMode === undefined && opts.timeLimit === undefined) return undefined;
  const modeText = (opts.timeMode ?? 'auto').trim().toLowerCase();
  if (!['move', 'game', 'auto'].includes(modeText)) {
    throw new CliError(`--time-mode must be move, game or auto, not "${opts.timeMode}"`);
  }
  const limitText = (opts.timeLimit ?? 'off').trim().toLowerCase();
  if (!['off', 'normal', 'blitz'].includes(limitText)) {
    throw new CliError(`--time-limit must be off, normal or blitz, not "${opts.timeLimit}"`);
  }
  // Manual 3.2.2: "Auto ... Move with English/American, and Game with all others".
  const mode: TimeMode = modeText === 'auto' ? (variant === 'english' ? 'move' : 'game') : (modeText as TimeMode);
  return { mode, limit: limitText as TimeLimit };
}

function readFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${(e as Error).message}`);
  }
}

/** Starts a game: a fresh one, or the first game of a PDN file. */
export async function playDraughts(io: Io, opts: PlayOptions): Promise<void> {
  let variant: VariantId | undefined = opts.variant === undefined ? undefined : variantOption(opts.variant);
  let giveaway = opts.giveaway ?? false;
  let text: string | undefined;
  if (opts.load !== undefined) {
    text = readFile(opts.load);
    if (!variant || opts.giveaway === undefined) {
      // The file says which rule set it is, unless --variant says otherwise.
      const first = readPdn(text, variant ? { variant } : {})[0];
      if (first?.ok) {
        variant ??= first.value.variant;
        if (opts.giveaway === undefined) giveaway = first.value.giveaway;
      } else if (!variant) {
        throw new CliError(
          `${opts.load}: ${first ? describeError(first.error) : 'pdn/empty: the file holds no PDN game'}`,
        );
      }
    }
  }
  if (!variant) throw new CliError(`--variant is required: ${VARIANT_IDS.join(', ')}`);
  const game = draughtsGame(variant, { giveaway });
  const clock = clockOption(variant, opts);
  const seed = seedOrClock(opts.seed);
  const seats = seatsFromOptions(opts as Record<string, unknown>, game, draughtsEngine, seed);
  const base = draughtsAdapter(game);
  const current = { seats };
  const adapter: TerminalAdapter<DraughtsState, DraughtsMove> = {
    ...base,
    // Manual 3.3.5: the computer's skill comes right after the rule set.
    status: (h) => {
      const line = base.status?.(h) ?? '';
      const skill = skillPart(current.seats);
      if (!skill) return line;
      const [rules, ...rest] = line.split(' | ');
      return [rules, skill, ...rest].join(' | ');
    },
    extraCommands: [...(base.extraCommands ?? []), ...skillCommands(current, seed)],
  };
  let history: H | undefined;
  if (text !== undefined) {
    const loaded = adapter.loadText?.(text);
    if (loaded && !loaded.ok) throw new CliError(`${opts.load}: ${describeError(loaded.error)}`);
    if (loaded) history = loaded.value;
  }
  // A person playing the second seat alone against the computer sees the board from that side.
  const flipped = seats[0] !== undefined && seats[1] === undefined;
  await runTerminalGame(adapter, io, {
    ...(history ? { history } : {}),
    seats,
    flipped,
    seed,
    ...(clock ? { clock } : {}),
  });
}

export function configurePlay(cmd: Command, io: Io): void {
  // The position comes from --variant and --load (a PDN game may start from a FEN); draughts has no --position.
  addPlayOptions(cmd, {
    seats: PLAYER_NAMES,
    levels: draughtsEngine.levels.map((l) => l.id),
    load: 'file',
    file: 'PDN file (its first game)',
    fileArg: 'file.pdn',
    seedAlso: 'time-out moves',
  })
    .option('--time-mode <mode>', 'clock per move or per game: move, game or auto (per move for English only)')
    .option('--time-limit <limit>', 'off (time only shown), normal or blitz (no takeback)')
    .option('--variant <id>', `rule set: ${VARIANT_IDS.join(', ')} (required unless --load gives it)`)
    .option('--giveaway', 'give-away mode (the side left without a move wins)')
    .addHelpText(
      'after',
      [
        '',
        'Two players at one keyboard, or against the computer (--white ai:smart, --black ai:novice). Type moves in the',
        "rule set's notation (32-28, 28x19, c3-d4, c3:e5) or as squares alone (32 28, 3228, 31 22 15, or one square",
        'when its piece has a single move); "help" lists the commands: moves, undo, redo, flip, switch, board, fen, pdn,',
        'skill stronger|weaker, save [file], load <file>, draw, resign, quit.',
        'Clocks (manual 3.2.2): per move, normal 5 min (1 min with a single legal move), blitz 10 s (2 s), a random move',
        'when it runs out; per game, normal 30 min, blitz 6 min, the game lost when it runs out; the computer gets 1.5',
        'times less. Blitz forbids takeback.',
        'Status line: rule set letter (W E S R B T O; "give-away" after it) | the computer\'s skill, when one plays |',
        'pieces of the first and second player |',
        'draw counter "counter <stage>: <half-moves left>" while it runs | move number | side to move | last move.',
      ].join('\n'),
    )
    .action((opts: PlayOptions) => playDraughts(io, opts));
}

/**
 * The `tactica play` menu: ask for the rule set, give-away, the opponent (a person at this keyboard or a computer
 * level, manual 3.2.2 "My skill") and who moves first (3.2.2 "1st move: Human, Computer"), then play.
 */
export async function launchDraughts(io: Io): Promise<void> {
  io.output.write('Draughts rule sets:\n');
  VARIANT_IDS.forEach((v, k) => io.output.write(`  ${k + 1}. ${RULE_SETS[v].name} (${RULE_SETS[v].letter})\n`));
  let variant: VariantId | undefined;
  while (!variant) {
    const answer = await ask(io, 'Rule set number or name: ');
    if (answer === undefined) return;
    const key = answer.trim().toLowerCase();
    const n = Number(key);
    variant =
      Number.isInteger(n) && n >= 1 && n <= VARIANT_IDS.length
        ? VARIANT_IDS[n - 1]
        : VARIANT_IDS.find((v) => v === key || RULE_SETS[v].letter.toLowerCase() === key);
    if (!variant) io.output.write(`"${answer.trim()}" is not on the list.\n`);
  }
  const giveaway = await confirm(io, 'Give-away (the side left without a move wins)?');
  const levels = draughtsEngine.levels;
  io.output.write(
    `Opponent: 0 a person at this keyboard, ${levels.map((l, i) => `${i + 1} ${l.name}`).join(', ')} (the computer).\n`,
  );
  let level: LevelInfo | undefined;
  for (;;) {
    const answer = await ask(io, 'Opponent [0]: ');
    if (answer === undefined) return;
    const text = answer.trim().replace(/^ai:/i, '');
    if (text === '' || text === '0' || /^(human|person)$/i.test(text)) break;
    const n = Number(text);
    level = Number.isInteger(n) && n >= 1 ? levels[n - 1] : findLevel(levels, text);
    if (level) break;
    io.output.write(`"${answer.trim()}" is not on the list.\n`);
  }
  if (!level) {
    await playDraughts(io, { variant, giveaway });
    return;
  }
  // Manual 3.2.2: "Starting the game means having black pieces for English/American and Pool checkers, and white
  // pieces for other clones."
  const first = RULE_SETS[variant].firstToMove;
  const second = first === 'white' ? 'black' : 'white';
  let humanFirst: boolean | undefined;
  while (humanFirst === undefined) {
    const answer = await ask(
      io,
      `Who moves first (${first === 'white' ? 'White' : 'Black'}): you or the computer? [you]: `,
    );
    if (answer === undefined) return;
    const text = answer.trim().toLowerCase();
    if (text === '' || /^(you|me|human|h|i)$/.test(text)) humanFirst = true;
    else if (/^(computer|c|it)$/.test(text)) humanFirst = false;
    else io.output.write('Answer "you" or "computer".\n');
  }
  const computerColour = humanFirst ? second : first;
  await playDraughts(io, { variant, giveaway, [computerColour]: `ai:${level.id}` });
}
