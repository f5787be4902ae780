/**
 * Tactorus on the command line:
 *
 *   tactica play tactorus [--no-chain] [--supply-lines] [--high-ground] [--no-flank p1-left …] [--email] [--name N]
 *   tactica play tactorus --open <save>        continue a saved game
 *   tactica replay tactorus <file…>            a ++Tactorus game (its history), or a game export plus order memos
 *   tactica moves tactorus [--position T] [--player 1|2]
 *   tactica tactorus new|export-game|import-game|export-orders|import-orders|key|import-key|show|saves|rename|delete
 *
 * The e-mail commands work on a game in the save library (by number or title), which holds the player's key.
 */
import type { Command } from 'commander';
import { describeError, type Player } from '@tactica/core';
import {
  describeOutcome,
  describeRound,
  exportSession,
  formatPosition,
  localView,
  newSession,
  ordersLine,
  parseOrder,
  parsePosition,
  playLocal,
  rebuildGame,
  receiveKey,
  receiveOrders,
  renderBoard,
  replayRecordWithReports,
  revealKey,
  sealOrders,
  sessionFromFile,
  parseGameFile,
  splitMemos,
  statusLine,
  tactorus,
  type GameSettings,
  type RoundReport,
  type TactorusSession,
  type TactorusState,
} from '@tactica/tactorus';
import type { GameCli } from '../../game-cli.js';
import { CliError, type Io } from '../../io.js';
import { SaveLibrary } from '../../storage/save-library.js';
import { runTactorusGame } from './play.js';
import {
  addNewGameOptions,
  flanksOf,
  GAME_ID,
  listSaves,
  openSession,
  readText,
  requireFreeTitle,
  rulesOf,
  storeSession,
  writeText,
  type NewGameOptions,
} from './setup.js';

function print(io: Io, text: string): void {
  io.output.write(text.endsWith('\n') ? text : `${text}\n`);
}

function newGameSession(opts: NewGameOptions & { email?: boolean; name?: string }): TactorusSession {
  const settings: GameSettings = { name: opts.name ?? 'noname', mode: opts.email ? 'e-mail' : 'hot-seat' };
  return newSession(settings, { rules: rulesOf(opts), flanks: flanksOf(opts) });
}

function configurePlay(cmd: Command, io: Io): void {
  addNewGameOptions(cmd)
    .option('--email', 'a game for play by e-mail: you are Player 1 (send the other player export-game)')
    .option('--name <name>', 'the game’s name (also its title in the save library)')
    .option('--open <save>', 'continue a saved game (number or title in the library)')
    .option('--rotate', 'draw the board turned by 180 degrees')
    .action(async (opts: NewGameOptions & { email?: boolean; name?: string; open?: string; rotate?: boolean }) => {
      const library = new SaveLibrary();
      if (opts.open) {
        const { entry, session } = await openSession(library, opts.open);
        await runTactorusGame(io, session, { library, title: entry.title, rotated: opts.rotate ?? false });
        return;
      }
      const session = newGameSession(opts);
      if (opts.email) requireFreeTitle(library, opts.name ?? session.settings.name);
      await runTactorusGame(io, session, {
        library,
        ...(opts.name ? { title: opts.name } : {}),
        rotated: opts.rotate ?? false,
      });
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
      print(io, `${state.round} rounds. ${state.ended ? describeOutcome(state.ended) : 'The game goes on.'}`);
    });
}

// ---------------------------------------------------------------------------------------------------------------
// tactica tactorus …

async function withSave(
  ref: string,
  run: (session: TactorusSession, title: string, library: SaveLibrary) => Promise<void>,
): Promise<void> {
  const library = new SaveLibrary();
  const { entry, session } = await openSession(library, ref);
  await run(session, entry.title, library);
}

function parseOrderList(text: string): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  for (const part of text.split(/[\s,]+/).filter(Boolean)) {
    const o = parseOrder(part);
    if (!o.ok) throw new CliError(describeError(o.error));
    out.push(o.value);
  }
  return out;
}

function reportResolution(io: Io, session: TactorusSession, report: RoundReport | undefined): void {
  if (!report) {
    print(io, 'Their sealed orders are kept. Send your key (tactica tactorus key) and add theirs with import-key.');
    return;
  }
  print(io, describeRound(report));
  const view = localView(session);
  print(io, renderBoard(view));
  print(io, statusLine(view));
}

function addTactorusCommands(program: Command, io: Io): void {
  const root = program.command('tactorus').description('Tactorus saves, exports and play by e-mail');

  addNewGameOptions(root.command('new').description('make a new game and save it in the library'))
    .argument('<title>', 'its title in the save library (and its name)')
    .option('--email', 'for play by e-mail (you are Player 1)')
    .action(async (title: string, opts: NewGameOptions & { email?: boolean }) => {
      const session = newGameSession({ ...opts, name: title });
      const library = new SaveLibrary();
      requireFreeTitle(library, title);
      const entry = await storeSession(library, title, session, 'save-as');
      print(io, `Saved "${entry.title}" (${session.settings.mode}, Player ${session.seat + 1}).`);
    });

  root
    .command('export-game')
    .description('print the ++Tactorus export of a saved game (no orders in it): send it to the other player')
    .argument('<save>', 'number or title in the save library')
    .option('-o, --output <file>', 'write to a file instead')
    .action(async (ref: string, opts: { output?: string }) => {
      await withSave(ref, async (session) => {
        const r = await exportSession(session);
        if (!r.ok) throw new CliError(describeError(r.error));
        if (opts.output) writeText(opts.output, r.value);
        else io.output.write(r.value);
      });
    });

  root
    .command('import-game')
    .description('read a ++Tactorus export into the save library (a game made for e-mail imports as the other player)')
    .argument('<file>', 'the export')
    .option('--title <title>', 'title in the save library (default: the game’s name)')
    .action(async (file: string, opts: { title?: string }) => {
      const text = readText(file);
      const parsed = await parseGameFile(text);
      if (!parsed.ok) throw new CliError(`${file}: ${describeError(parsed.error)}`);
      const session = sessionFromFile(parsed.value);
      if (!session.ok) throw new CliError(`${file}: ${describeError(session.error)}`);
      const title = opts.title ?? parsed.value.settings.name;
      const library = new SaveLibrary();
      requireFreeTitle(library, title);
      const entry = await storeSession(library, title, session.value, 'save-as');
      print(io, `Imported "${entry.title}" as Player ${session.value.seat + 1} (${entry.summary}).`);
    });

  root
    .command('export-orders')
    .description('seal your orders of this round and print the ++TacMoves memo to send (without its key)')
    .argument('<save>', 'number or title in the save library')
    .option('--orders <list>', 'schedule these orders first, e.g. "84-64 83-73" (replacing any scheduled)')
    .option('-o, --output <file>', 'write to a file instead')
    .action(async (ref: string, opts: { orders?: string; output?: string }) => {
      await withSave(ref, async (start, title, library) => {
        let session = start;
        if (opts.orders !== undefined && session.sent === undefined) {
          const seat = session.seat;
          for (const o of [...session.state.orders[seat]].reverse()) {
            const r = playLocal(session, { type: 'withdraw', player: seat, from: o.from });
            if (!r.ok) throw new CliError(describeError(r.error));
            session = r.value.session;
          }
          for (const o of parseOrderList(opts.orders)) {
            const r = playLocal(session, { type: 'order', player: seat, ...o });
            if (!r.ok) throw new CliError(describeError(r.error));
            session = r.value.session;
          }
        } else if (opts.orders !== undefined) {
          throw new CliError('your orders for this round are already sealed');
        }
        const sealed = await sealOrders(session);
        if (!sealed.ok) throw new CliError(describeError(sealed.error));
        await storeSession(library, title, sealed.value.session);
        if (opts.output) writeText(opts.output, sealed.value.memo);
        else io.output.write(sealed.value.memo);
      });
    });

  root
    .command('import-orders')
    .description("take the other player's ++TacMoves memo; with its key, carry out the round")
    .argument('<save>', 'number or title in the save library')
    .argument('<file>', 'the memo')
    .option('--key <key>', "the other player's key, if it is not in the memo")
    .action(async (ref: string, file: string, opts: { key?: string }) => {
      await withSave(ref, async (session, title, library) => {
        const r = await receiveOrders(session, readText(file), opts.key);
        if (!r.ok) throw new CliError(describeError(r.error));
        await storeSession(library, title, r.value.session);
        reportResolution(io, r.value.session, r.value.report);
      });
    });

  root
    .command('key')
    .description("print your key for this round (only once you hold the other player's sealed memo)")
    .argument('<save>', 'number or title in the save library')
    .action(async (ref: string) => {
      await withSave(ref, async (session) => {
        const r = await revealKey(session);
        if (!r.ok) throw new CliError(describeError(r.error));
        print(io, r.value);
      });
    });

  root
    .command('import-key')
    .description("add the other player's key: their orders are opened and checked, and the round is carried out")
    .argument('<save>', 'number or title in the save library')
    .argument('<key>', 'their key (64 hex digits)')
    .action(async (ref: string, key: string) => {
      await withSave(ref, async (session, title, library) => {
        const r = await receiveKey(session, key);
        if (!r.ok) throw new CliError(describeError(r.error));
        await storeSession(library, title, r.value.session);
        reportResolution(io, r.value.session, r.value.report);
      });
    });

  root
    .command('show')
    .description('draw a saved game as its player sees it')
    .argument('<save>', 'number or title in the save library')
    .option('--rotate', 'turn the board by 180 degrees')
    .action(async (ref: string, opts: { rotate?: boolean }) => {
      await withSave(ref, async (session) => {
        const view = localView(session);
        print(io, renderBoard(view, { rotated: opts.rotate ?? false }));
        print(io, statusLine(view));
        print(io, view.outcome ? describeOutcome(view.outcome) : ordersLine(view));
        if (session.settings.mode === 'e-mail') {
          print(
            io,
            `E-mail, Player ${session.seat + 1}: orders ${session.sent ? 'sealed' : 'not sealed'}, ` +
              `their memo ${session.received ? 'received' : 'not received'}.`,
          );
        }
      });
    });

  root
    .command('saves')
    .description('list the saved Tactorus games with the round reached')
    .action(() => print(io, listSaves(new SaveLibrary())));

  root
    .command('rename')
    .description('rename a saved game')
    .argument('<save>', 'number or title')
    .argument('<title>', 'the new title (any length)')
    .action((ref: string, title: string) => {
      const r = new SaveLibrary().rename(ref, title, GAME_ID);
      if (!r.ok) throw new CliError(describeError(r.error));
      print(io, `Renamed to "${r.value.title}".`);
    });

  root
    .command('delete')
    .description('delete a saved game')
    .argument('<save>', 'number or title')
    .action((ref: string) => {
      const r = new SaveLibrary().remove(ref, GAME_ID);
      if (!r.ok) throw new CliError(describeError(r.error));
      print(io, `Deleted "${r.value.title}".`);
    });
}

export const tactorusCli: GameCli = {
  id: GAME_ID,
  summary: 'Tactorus (10x10, secret simultaneous orders, play by e-mail)',
  commands: { play: configurePlay, moves: configureMoves, replay: configureReplay },
  extra: addTactorusCommands,
  launch: async (io) => {
    await runTactorusGame(io, newSession({ name: 'noname', mode: 'hot-seat' }), { library: new SaveLibrary() });
  },
};
