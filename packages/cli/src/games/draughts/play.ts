/**
 * `tactica play draughts --variant <id> [--giveaway] [--load <file.pdn>]`: two people at one keyboard, on the
 * shared terminal loop (takeback/redo, legal moves, flip, save/load, resign, draw offer).
 *
 * Moves are typed in the rule set's notation (`32-28`, `28x19`, `c3-d4`, `c3:e5`), or as the squares alone:
 * `32 28` or `3228` (start and end, when that is one move), `31 22 15` (a capture with its stops), or a single
 * square when the piece there has only one move. An ambiguous shorthand is refused with the choices.
 * Games are saved to PDN and loaded from PDN.
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
import { CliError, type Io } from '../../io.js';
import { ask, confirm } from '../../terminal/line-reader.js';
import { runTerminalGame, type TerminalAdapter } from '../../terminal/loop.js';
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
  const adapter = draughtsAdapter(game);
  let history: H | undefined;
  if (text !== undefined) {
    const loaded = adapter.loadText?.(text);
    if (loaded && !loaded.ok) throw new CliError(`${opts.load}: ${describeError(loaded.error)}`);
    if (loaded) history = loaded.value;
  }
  await runTerminalGame(adapter, io, history ? { history } : {});
}

export function configurePlay(cmd: Command, io: Io): void {
  cmd
    .option('--variant <id>', `rule set: ${VARIANT_IDS.join(', ')} (required unless --load gives it)`)
    .option('--giveaway', 'give-away mode (the side left without a move wins)')
    .option('--load <file.pdn>', 'continue the first game of a PDN file')
    .addHelpText(
      'after',
      [
        '',
        "Two players at one keyboard. Type moves in the rule set's notation (32-28, 28x19, c3-d4, c3:e5) or as squares",
        'alone (32 28, 3228, 31 22 15, or one square when its piece has a single move); "help" lists the commands:',
        'moves, undo, redo, flip, board, fen, pdn, save [file], load <file>, draw, resign, quit.',
        'Status line: rule set letter (W E S R B T O; "give-away" after it) | pieces of the first and second player |',
        'draw counter "counter <stage>: <half-moves left>" while it runs | move number | side to move | last move.',
      ].join('\n'),
    )
    .action((opts: PlayOptions) => playDraughts(io, opts));
}

/** The `tactica play` menu: ask for the rule set and give-away, then play. */
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
  await playDraughts(io, { variant, giveaway });
}
