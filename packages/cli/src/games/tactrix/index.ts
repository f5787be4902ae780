/**
 * Tactrix! on the command line: `tactica play|moves|perft|replay tactrix …` and `tactica tutor tactrix <square>`;
 * the computer opponent in `play` (`--white ai:<level>`, `--black ai:<level>`), `analyse` and `match`.
 */
import type { Command } from 'commander';
import {
  countOf,
  current,
  describeError,
  divide,
  ok,
  startHistory,
  type History,
  type InputError,
  type Result,
} from '@tactica/core';
import {
  describeTutor,
  formatPosition,
  formatResult,
  initialState,
  parsePosition,
  renderBoard,
  squareName,
  tactrix,
  tutor,
  type TactrixMove,
  type TactrixState,
} from '@tactica/tactrix';
import { tactrixEntry, type TactrixSetup, type TactrixStatus } from '@tactica/catalogue/tactrix';
import { aiTools } from '../../ai/ai-tools.js';
import { gameCli, type GameCli } from '../../game-cli.js';
import { CliError, type Io } from '../../io.js';
import { addPlayOptions, readGameFile } from '../../play-options.js';
import { fileFormat, setupFrom } from '../../setup-options.js';
import { SaveLibrary } from '../../storage/save-library.js';
import { askReplace } from '../../storage/delete-save.js';
import { playFromMenu, playFromOptions } from '../../play-game.js';
import { seatPlayers, type ExtraCommand, type SeatPlayers, type TerminalAdapter } from '../../terminal/loop.js';
import { recordPlayers, whoPlays } from '../../terminal/who-plays.js';
import { playerText } from '../../terminal/player-text.js';

type H = History<TactrixState, TactrixMove>;

function positionOption(text: string | undefined): TactrixState {
  if (text === undefined) return initialState();
  const r = parsePosition(text);
  if (!r.ok) throw new CliError(`bad --position: ${describeError(r.error)}`);
  return r.value;
}

/** The key of Tactrix! saves in the save library: the game's family. */
const GAME_ID = tactrixEntry.family;

/** The catalogue's Tactrix! saved game: the text of `save`, `load`, `--load`, `keep` and `restore`. */
const RECORD_FORMAT = fileFormat(tactrixEntry);

function readRecord(file: string): Promise<H> {
  return readGameFile(file, loadText);
}

/** The saved game, naming the computer where it plays (a loaded save goes on against it). */
function saveText(setup: TactrixSetup, h: H, players?: SeatPlayers): Promise<Result<string, InputError>> {
  return setup.exportRecord(RECORD_FORMAT, h, recordPlayers(setup.game.info.players, players));
}

async function loadText(text: string): Promise<Result<H, InputError>> {
  const r = await tactrixEntry.importRecord(RECORD_FORMAT, text);
  return r.ok ? ok(r.value.history) : r;
}

/** `Move 3, White to move. Chips: White 2, Black 1. 4 plies without progress.` */
function statusLine(setup: TactrixSetup, st: TactrixStatus): string {
  const who = st.toMove.length === 0 ? 'game over' : `${setup.game.info.players[st.turn]} to move`;
  const plies = `${st.noProgress} ${st.noProgress === 1 ? 'ply' : 'plies'}`;
  return `Move ${st.moveNumber}, ${who}. Chips: White ${st.balance[0]}, Black ${st.balance[1]}. ${plies} without progress.`;
}

function print(io: Io, text: string): void {
  io.output.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** Named saves in the shared save library (`saves`, `keep <title>`, `restore <number or title>`). */
function libraryCommands(setup: TactrixSetup, library: SaveLibrary): ExtraCommand<TactrixState, TactrixMove>[] {
  return [
    {
      names: ['saves'],
      help: 'list the named saves of Tactrix! games',
      run(ctx) {
        const saves = library.listShown(GAME_ID);
        ctx.print(
          saves.length === 0
            ? 'No named saves yet ("keep <title>" makes one).'
            : saves
                .map((e, i) => `${i + 1}. ${e.title} — ${e.summary} (${e.savedAt.slice(0, 16).replace('T', ' ')})`)
                .join('\n'),
        );
        for (const line of library.damagedLines('tactrix')) ctx.print(line);
      },
    },
    {
      names: ['keep'],
      args: '<title>',
      help: "save the game in the save library under a title (another game's title: asks first)",
      async run(ctx, args) {
        const title = args.trim() || (await ctx.ask('Title: '))?.trim() || '';
        const payload = await saveText(setup, ctx.history, seatPlayers(ctx.seats));
        if (!payload.ok) return ctx.print(playerText(payload.error));
        const h = ctx.history;
        const st = setup.status(current(h), { start: h.start, ply: h.cursor });
        const input = { title, payload: payload.value, summary: statusLine(setup, st) };
        const r = await library.saveAsking(GAME_ID, input, (e) => askReplace((q) => ctx.ask(q), e));
        if (r.ok && r.value) ctx.markSaved();
        ctx.print(!r.ok ? playerText(r.error) : r.value ? `Kept as "${r.value.title}".` : 'Nothing kept.');
      },
    },
    {
      names: ['restore'],
      args: '<title, #N or N>',
      help: 'continue a named save (see "saves")',
      async run(ctx, args) {
        const save = library.open(args.trim(), GAME_ID);
        if (!save.ok) {
          ctx.print(playerText(save.error));
          return;
        }
        const r = await loadText(save.value.payload);
        if (!r.ok) ctx.print(`save "${save.value.title}": ${playerText(r.error)}`);
        else {
          ctx.history = r.value;
          ctx.print(`Restored "${save.value.title}".`);
        }
      },
    },
  ];
}

/**
 * "Clicking New twice will start a new game": `new` once asks for it again, and `new` typed right after starts the
 * game afresh (the seats stay); anything else in between leaves the game as it is.
 */
function newGameCommand(setup: TactrixSetup): ExtraCommand<TactrixState, TactrixMove> {
  let armedAt: number | undefined;
  return {
    names: ['new'],
    help: 'start a new game (type new twice, as New is clicked twice)',
    printsOnly: true,
    run(ctx) {
      if (armedAt === undefined || ctx.lineNumber !== armedAt + 1) {
        armedAt = ctx.lineNumber;
        ctx.print('Type "new" again to start a new game (anything else keeps this one).');
        return;
      }
      armedAt = undefined;
      ctx.history = startHistory(setup.initial());
      ctx.print('A new game.');
    },
  };
}

function tactrixAdapter(
  setup: TactrixSetup,
  library: SaveLibrary = new SaveLibrary(),
): TerminalAdapter<TactrixState, TactrixMove, TactrixStatus> {
  return {
    setup,
    render: (s, { flipped, paint }) =>
      renderBoard(s, { flipped, ...(paint ? { paint: (sq, text) => paint(squareName(sq), text) } : {}) }),
    status: (st) => statusLine(setup, st),
    saveText: (h, players) => saveText(setup, h, players),
    loadText,
    saveExtension: 'tac',
    // "Clicking New twice will start a new game, and clicking Quit twice will exit the program": quit asks once more
    // (saved or not), as new does.
    confirmQuit: true,
    intro: (players) =>
      [
        `Tactrix! — ${whoPlays(setup.game.info.players, players)}.`,
        'White (upper case) moves up the board, Black (lower case) down.',
        'Moves: e2-e3, captures e7xe9, purchases "buy J@e3" (J jerk 3, N jumpnar 6, W wrapnoid 9, V verticon 12,',
        'D diaganoid 15 chips; placed next to your regeneroid). "*" marks a square with a chip, "." one without.',
        '"tutor e2" names a piece, its owner and cost, and shows its legal moves.',
      ].join('\n'),
    extraCommands: [
      {
        names: ['tutor', 't'],
        args: '<square>',
        help: "the Tutor: the piece on a square, its owner, cost and legal moves, marked on the board (opponent's too)",
        printsOnly: true,
        run(ctx, args) {
          const r = tutor(current(ctx.history), args.trim());
          if (!r.ok) return ctx.print(playerText(r.error));
          // "all of its current legal moves will be highlighted on the board"
          if (r.value.piece) {
            const targets = [...new Set(r.value.moves.map((m) => squareName(m.to)))];
            ctx.drawBoard({ selected: r.value.square, targets });
          }
          ctx.print(describeTutor(r.value).join('\n'));
        },
      },
      {
        names: ['position', 'fen'],
        help: 'print the position as position text',
        run(ctx) {
          ctx.print(formatPosition(current(ctx.history)));
        },
      },
      ...libraryCommands(setup, library),
      newGameCommand(setup),
    ],
  };
}

function configurePlay(cmd: Command, io: Io): void {
  addPlayOptions(cmd, {
    seats: tactrix.info.players,
    levels: tactrixEntry.levels.map((l) => l.id),
    position: true,
    load: 'file-or-save',
  }).action((opts: { position?: string; load?: string } & Record<string, unknown>) =>
    playFromOptions(tactrixEntry, tactrixAdapter, io, opts),
  );
}

function launch(io: Io): Promise<void> {
  return playFromMenu(tactrixEntry, tactrixAdapter, io);
}

function configureMoves(cmd: Command, io: Io): void {
  cmd
    .option('--position <text>', 'position text (default: the starting position)')
    .action((opts: { position?: string }) => {
      const s = positionOption(opts.position);
      for (const m of tactrix.legalMoves(s)) print(io, tactrix.formatMove(s, m));
    });
}

function configurePerft(cmd: Command, io: Io): void {
  cmd
    .requiredOption('--depth <n>', 'plies to search')
    .option('--position <text>', 'position text (default: the starting position)')
    .option('--divide', 'print the count under each first move before the total')
    .action((opts: { depth: string; position?: string; divide?: boolean }) => {
      const depth = /^\d{1,2}$/.test(opts.depth) ? Number(opts.depth) : NaN;
      if (!(depth >= 0 && depth <= 20))
        throw new CliError(`--depth must be a whole number from 0 to 20, not "${opts.depth}"`);
      const s = positionOption(opts.position);
      if (opts.divide) {
        let total = 0;
        for (const line of divide(tactrix, s, depth)) {
          print(io, `${line.move}: ${line.nodes}`);
          total += line.nodes;
        }
        print(io, String(depth === 0 ? 1 : total));
      } else print(io, String(tactrix.perft?.(s, depth) ?? 0));
    });
}

function configureReplay(cmd: Command, io: Io): void {
  cmd.argument('<file>', 'a saved game').action(async (file: string) => {
    const h = await readRecord(file);
    const s = current(h);
    print(io, renderBoard(s));
    print(io, formatPosition(s));
    print(io, `${countOf(h.moves.length, 'move')}, result ${formatResult(tactrix.outcome(s))}`);
  });
}

function addTutor(program: Command, io: Io): void {
  // Other games may add a `tutor` command too: share one parent command.
  const parent =
    program.commands.find((c) => c.name() === 'tutor') ??
    program.command('tutor').description("show a piece's name, owner, cost and legal moves (the original's Tutor)");
  parent
    .command(GAME_ID)
    .description('Tutor for Tactrix!')
    .argument('<square>', 'a square, a1–j10')
    .option('--position <text>', 'position text (default: the starting position)')
    .action((square: string, opts: { position?: string }) => {
      const r = tutor(positionOption(opts.position), square);
      if (!r.ok) throw new CliError(describeError(r.error));
      print(io, describeTutor(r.value).join('\n'));
    });
}

export const tactrixCli: GameCli = gameCli(GAME_ID, {
  commands: { play: configurePlay, moves: configureMoves, perft: configurePerft, replay: configureReplay },
  extra: addTutor,
  ai: {
    addOptions: (cmd) => cmd.option('--position <text>', 'position text (default: the starting position)'),
    async setup(opts) {
      const setup = setupFrom(tactrixEntry, { position: opts['position'] ?? '' }, { position: '--position' });
      return aiTools(setup.game, setup.initial(), await setup.loadEngine());
    },
  },
  launch,
});
