/**
 * Tactorus on the command line:
 *
 *   tactica play tactorus [--no-chain] [--supply-lines] [--high-ground] [--no-flank p1-left …] [--email] [--name N]
 *   tactica play tactorus --player-2 ai:3       against the computer at level 3 (it plays Player 2; --player-1 turns it)
 *   tactica play tactorus --open <save>        continue a saved game
 *   tactica analyse tactorus [--position T] [--player 1|2] [--depth P | --time S | --nodes N]   level 6 made
 *                                              anytime: the orders it would give, their value, the passes and rounds
 *   tactica match tactorus --a ai:6 --b ai:5 --games N       a self-play match of simultaneous rounds
 *   tactica replay tactorus <file…>            a ++Tactorus game (its history), or a game export plus order memos
 *   tactica moves tactorus [--position T] [--player 1|2]
 *   tactica tactorus new|export-game|import-game|export-orders|import-orders|key|import-key|drop-memo|show|saves|
 *                    rename|delete
 *
 * The e-mail commands work on a game in the save library (by title, #N or N), which holds the player's private
 * signing key. The key exchange: Player 1 makes the game (`new --email`) and sends `export-game`; Player 2
 * `import-game`s it (shown Player 1's key fingerprint) and sends their own `export-game` back; Player 1
 * `import-game`s that into the same game (shown Player 2's fingerprint). Each compares the fingerprint with the
 * other out of band. From then on every memo and key release is signed and checked.
 */
import type { Command } from 'commander';
import { countOf, describeError, type Player } from '@tactica/core';
import {
  computerLevel,
  describeOutcome,
  describeRound,
  formatPosition,
  localView,
  parsePosition,
  rebuildGame,
  renderBoard,
  replayRecordWithReports,
  parseGameFile,
  splitMemos,
  tactorus,
  type RoundReport,
  type TactorusState,
} from '@tactica/tactorus';
import { gameCli, type GameCli } from '../../game-cli.js';
import { CliError, type Io } from '../../io.js';
import { addPlayOptions, seedOrClock } from '../../play-options.js';
import { ask, confirm } from '../../terminal/line-reader.js';
import { SaveLibrary } from '../../storage/save-library.js';
import { engine, LEVEL_IDS, tactorusAi, tactorusComputer, tactorusLevel } from './computer.js';
import { claimCurrentGame, readCurrentGame, type Claim, type CurrentGame } from './current-game.js';
import { addTactorusCommands } from './email-commands.js';
import { DEFAULT_LEVEL, runTactorusGame } from './play.js';
import {
  addNewGameOptions,
  freeTitle,
  GAME_ID,
  loadTactorusTheme,
  newGameSession,
  openSession,
  print,
  readText,
  requireFreeTitle,
  storeSession,
  withIdentity,
  type NewGameOptions,
} from './setup.js';

interface PlayOptions extends NewGameOptions {
  readonly email?: boolean;
  readonly name?: string;
  readonly load?: string;
  readonly rotate?: boolean;
  readonly player1?: string;
  readonly player2?: string;
  readonly seed?: string;
  readonly new?: boolean;
}

/** True when the options say which game to play (a new one with its settings, or a save): nothing to resume. */
function namesAGame(opts: PlayOptions): boolean {
  return (
    opts.new === true ||
    opts.load !== undefined ||
    opts.chain !== undefined ||
    opts.supplyLines !== undefined ||
    opts.highGround !== undefined ||
    Array.isArray(opts.flank) ||
    opts.email !== undefined ||
    opts.name !== undefined ||
    opts.player1 !== undefined ||
    opts.player2 !== undefined
  );
}

/** `noname, round 4, against the computer (level 3)`: the game left, for the question or the notice. */
function describeLeft(game: CurrentGame): string {
  const { session } = game;
  const view = localView(session);
  const mode =
    session.settings.mode === 'computer'
      ? `against the computer (level ${computerLevel(session) ?? DEFAULT_LEVEL})`
      : session.settings.mode === 'e-mail'
        ? `by e-mail, Player ${session.seat + 1}`
        : 'two players at one screen';
  return `"${game.title ?? session.settings.name}", round ${view.round + 1}, ${mode}`;
}

/**
 * The game left at this screen, unless it is over; a damaged file is reported (it was set aside). `undefined` when
 * there is none to resume.
 */
function leftGame(io: Io): CurrentGame | undefined {
  const { game, problem } = readCurrentGame();
  if (problem) io.error.write(`tactica: ${problem}\n`);
  return game && !game.session.core.outcome ? game : undefined;
}

/**
 * A new game replaces the one left at this screen: when that one is unfinished and not saved as it is, it is kept
 * in the save library first, so no game is lost **(ours)**.
 */
async function keepLeftGame(io: Io, library: SaveLibrary): Promise<void> {
  const left = leftGame(io);
  if (!left || left.saved) return;
  const title = freeTitle(library, left.title ?? left.session.settings.name);
  try {
    const entry = await storeSession(library, title, left.session, 'save-as');
    print(io, `The game you left (${describeLeft(left)}) is kept in the save library as "${entry.title}".`);
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    io.error.write(`tactica: the game you left could not be kept in the save library: ${e.message}\n`);
  }
}

/** Plays the game left at this screen from where it was left. */
async function resumeLeft(
  io: Io,
  left: CurrentGame,
  library: SaveLibrary,
  seed: number,
  rotate?: boolean,
): Promise<void> {
  print(io, `Resuming the game you left: ${describeLeft(left)}. (tactica play tactorus --new starts a new game.)`);
  await runTactorusGame(io, left.session, {
    library,
    ...(left.title !== undefined ? { title: left.title } : {}),
    rotated: rotate ?? left.rotated,
    ...(left.screen !== undefined ? { screen: left.screen } : {}),
    saved: left.saved,
    makeComputer: (level) => tactorusComputer(level, seed),
    keep: true,
    theme: loadTactorusTheme(io),
  });
}

/** The computer's level and seat from `--player-1` / `--player-2` (`human` or `ai:<level>`), if either names it. */
function computerSeatOf(opts: PlayOptions): { level: number; seat: Player } | undefined {
  const seats = [opts.player1, opts.player2].map((spec) =>
    spec === undefined || /^\s*human\s*$/i.test(spec) ? undefined : Number(tactorusLevel(spec).id),
  );
  if (seats[0] !== undefined && seats[1] !== undefined) {
    throw new CliError(
      'the computer plays one side against a person; for the computer against itself use tactica match tactorus',
    );
  }
  if (seats[0] !== undefined) return { level: seats[0], seat: 0 };
  if (seats[1] !== undefined) return { level: seats[1], seat: 1 };
  return undefined;
}

function seedOf(opts: PlayOptions): number {
  return seedOrClock(opts.seed);
}

function configurePlay(cmd: Command, io: Io): void {
  // --open was this game's name for --load.
  addPlayOptions(addNewGameOptions(cmd), {
    seats: tactorus.info.players,
    levels: LEVEL_IDS,
    load: 'save',
    loadAliases: ['open'],
  })
    .option('--email', 'a game for play by e-mail: you are Player 1 (send the other player export-game)')
    .option('--name <name>', 'the game’s name (also its title in the save library)')
    .option('--rotate', 'draw the board turned by 180 degrees')
    .option('--new', 'start a new game even when one was left at this screen (it is kept in the save library)')
    .action(async (opts: PlayOptions) => {
      const claim = claimCurrentGame();
      try {
        await playCommand(io, opts, claim);
      } finally {
        if (claim.ok) claim.release();
      }
    });
}

/** `tactica play tactorus`: the game left resumed, or a new or saved game; `claim` says whether it is kept here. */
async function playCommand(io: Io, opts: PlayOptions, claim: Claim): Promise<void> {
  const library = new SaveLibrary();
  const seed = seedOf(opts);
  const makeComputer = (level: number) => tactorusComputer(level, seed);
  const theme = loadTactorusTheme(io);
  if (!namesAGame(opts)) {
    // "Done: Exit the Tactorus Application and ensure play resumes as it was left."
    if (!claim.ok) throw new CliError(busyMessage(claim, 'go on there, or start another game here with --new'));
    const left = leftGame(io);
    if (left) return resumeLeft(io, left, library, seed, opts.rotate);
  }
  const computer = opts.load ? undefined : computerSeatOf(opts);
  if (computer && opts.email) throw new CliError('a game by e-mail is between two people: drop --player-1/2');
  const opened = opts.load ? await openSession(library, opts.load) : undefined;
  if (!opened && opts.email) requireFreeTitle(library, opts.name ?? 'noname');
  const keep = await keepHere(io, library, claim);
  if (opened) {
    const { entry, session } = opened;
    await runTactorusGame(io, session, {
      library,
      title: entry.title,
      saved: true,
      // Against the computer as Player 2, the board turned so the human's pieces are at the bottom.
      rotated: opts.rotate ?? (session.settings.mode === 'computer' && session.seat === 1),
      makeComputer,
      keep,
      theme,
    });
    return;
  }
  const session = await withIdentity(newGameSession(opts, computer));
  await runTactorusGame(io, session, {
    library,
    ...(opts.name ? { title: opts.name } : {}),
    // Player 2 at the bottom when the human plays it, as the manual's Board->Rotate would show it.
    rotated: opts.rotate ?? computer?.seat === 0,
    makeComputer,
    keep,
    theme,
  });
}

/** `tactorus/busy: …`: another program plays the game left at this screen. */
function busyMessage(claim: Extract<Claim, { ok: false }>, then: string): string {
  return `tactorus/busy: the game left at this screen is being played in another program (process ${claim.pid}, ${claim.path}): ${then}`;
}

/**
 * Whether the new game is kept at this screen: when this program holds the screen's game, the one left there is
 * kept in the library first (keepLeftGame); when another program plays it, the new game is not kept, and the player
 * is told to save it.
 */
async function keepHere(io: Io, library: SaveLibrary, claim: Claim): Promise<boolean> {
  if (!claim.ok) {
    print(io, `${busyMessage(claim, 'this game is not kept at the screen when you leave; save it to keep it')}.`);
    return false;
  }
  await keepLeftGame(io, library);
  return true;
}

/**
 * The menu's new game (manual, "New game": "Tapping OK … will result in a Tactorus game where both players have
 * both flanks, the computer plays for player two and the rules alteration for chain moves is included"): it asks
 * who plays Player 2, the computer (at a level) being the answer when none is given.
 */
async function launchGame(io: Io): Promise<void> {
  const claim = claimCurrentGame();
  try {
    await launchClaimed(io, claim);
  } finally {
    if (claim.ok) claim.release();
  }
}

async function launchClaimed(io: Io, claim: Claim): Promise<void> {
  const library = new SaveLibrary();
  const seed = Date.now() >>> 0;
  const left = claim.ok ? leftGame(io) : undefined;
  if (left && (await confirm(io, `Resume the game you left (${describeLeft(left)})?`))) {
    return resumeLeft(io, left, library, seed);
  }
  const levels = engine.levels.map((l) => `${l.id}`).join('/');
  let computer: { level: number; seat: Player } | undefined;
  for (;;) {
    const answer = await ask(
      io,
      `Player 2: the computer at level ${levels} or h for a human at this screen [${DEFAULT_LEVEL}]: `,
    );
    if (answer === undefined) return;
    const text = answer.trim().toLowerCase();
    if (text === 'h' || text === 'human') break;
    try {
      computer = { level: Number(tactorusLevel(text || String(DEFAULT_LEVEL)).id), seat: 1 };
      break;
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      print(io, e.message);
    }
  }
  const keep = await keepHere(io, library, claim);
  await runTactorusGame(io, newGameSession({}, computer), {
    library,
    makeComputer: (level) => tactorusComputer(level, seed),
    keep,
    theme: loadTactorusTheme(io),
  });
}

function positionOption(text: string | undefined): TactorusState {
  if (text === undefined) return tactorus.initial();
  const r = parsePosition(text);
  if (!r.ok) throw new CliError(`bad --position: ${describeError(r.error)}`);
  return r.value;
}

function configureMoves(cmd: Command, io: Io): void {
  cmd
    .option('--position <text>', 'position text (default: the starting position)')
    .option('--player <n>', 'whose moves: 1 or 2', '1')
    .action((opts: { position?: string; player: string }) => {
      if (opts.player !== '1' && opts.player !== '2') throw new CliError('--player is 1 or 2');
      const p: Player = opts.player === '1' ? 0 : 1;
      const s = positionOption(opts.position);
      for (const m of tactorus.legalMoves(s, p)) print(io, tactorus.formatMove(s, m));
    });
}

function configureReplay(cmd: Command, io: Io): void {
  cmd
    .argument('<files...>', 'a ++Tactorus game file, or a game export plus ++TacMoves memos (with keys)')
    .option('--reports', 'print the report of every round')
    .action(async (files: string[], opts: { reports?: boolean }) => {
      const text = files.map(readText).join('\n');
      const memos = splitMemos(text);
      let state: TactorusState;
      let reports: readonly RoundReport[];
      if (memos.some((m) => m.startsWith('++TacMoves'))) {
        const r = await rebuildGame(text);
        if (!r.ok) throw new CliError(describeError(r.error));
        const all = replayRecordWithReports(r.value.record);
        if (!all.ok) throw new CliError(describeError(all.error));
        state = r.value.state;
        reports = all.value.reports;
      } else {
        if (memos.length !== 1) throw new CliError(`expected one ++Tactorus game, found ${memos.length}`);
        const file = await parseGameFile(memos[0] as string);
        if (!file.ok) throw new CliError(describeError(file.error));
        const all = replayRecordWithReports(file.value.record);
        if (!all.ok) throw new CliError(describeError(all.error));
        state = all.value.state;
        reports = all.value.reports;
      }
      if (opts.reports) for (const r of reports) print(io, describeRound(r));
      print(io, renderBoard({ board: state.board, rules: state.rules }));
      print(io, formatPosition(state));
      print(
        io,
        `${countOf(state.round, 'round')}. ${state.ended ? describeOutcome(state.ended) : 'The game goes on.'}`,
      );
    });
}

export const tactorusCli: GameCli = gameCli(GAME_ID, {
  commands: { play: configurePlay, moves: configureMoves, replay: configureReplay },
  extra: addTactorusCommands,
  ai: tactorusAi,
  launch: launchGame,
});
