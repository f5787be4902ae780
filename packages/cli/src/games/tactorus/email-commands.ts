/**
 * `tactica tactorus …`: the save library's Tactorus games and play by e-mail (export and import of games, sealed
 * order memos, key releases), one function per subcommand. See index.ts for the key exchange.
 */
import type { Command } from 'commander';
import { describeError } from '@tactica/core';
import {
  addPeerKey,
  describeOutcome,
  describeRound,
  dropReceived,
  exportSession,
  importSession,
  isLegacyEmail,
  keyFingerprint,
  localView,
  ordersLine,
  parseGameFile,
  parseOrder,
  playLocal,
  receiveKey,
  receiveOrders,
  renderBoard,
  revealKey,
  sealOrders,
  statusLine,
  withNewEmailIdentity,
  type RoundReport,
  type TactorusSession,
} from '@tactica/tactorus';
import { CliError, type Io } from '../../io.js';
import { deleteSave, renameSave } from '../../storage/delete-save.js';
import { SaveLibrary } from '../../storage/save-library.js';
import { SAVE_REFERENCE_HELP } from '../../storage/save-references.js';
import {
  addNewGameOptions,
  findByGameId,
  GAME_ID,
  keyText,
  listSaves,
  must,
  newGameSession,
  note,
  openSession,
  ownFingerprint,
  print,
  readText,
  requireFreeTitle,
  storeSession,
  withIdentity,
  writeText,
  type NewGameOptions,
} from './setup.js';

/** Adds `tactica tactorus` and its subcommands, in the order `--help` lists them. */
export function addTactorusCommands(program: Command, io: Io): void {
  const root = program.command('tactorus').description('Tactorus saves, exports and play by e-mail');
  for (const add of [
    newGameCommand,
    exportGameCommand,
    importGameCommand,
    exportOrdersCommand,
    importOrdersCommand,
    keyCommand,
    importKeyCommand,
    dropMemoCommand,
    showCommand,
    savesCommand,
    renameCommand,
    deleteSaveCommand,
  ]) {
    add(root, io);
  }
}

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

/** `tactorus new <title> [--email]`: a new game in the save library. */
function newGameCommand(root: Command, io: Io): void {
  addNewGameOptions(root.command('new').description('make a new game and save it in the library'))
    .argument('<title>', 'its title in the save library (and its name)')
    .option('--email', 'for play by e-mail (you are Player 1)')
    .action(async (title: string, opts: NewGameOptions & { email?: boolean }) => {
      const session = await withIdentity(newGameSession({ ...opts, name: title }));
      const library = new SaveLibrary();
      requireFreeTitle(library, title);
      const entry = await storeSession(library, title, session, 'save-as');
      print(io, `Saved "${entry.title}" (${session.settings.mode}, Player ${session.seat + 1}).`);
      if (session.email) {
        print(io, `Your signing key's fingerprint: ${await ownFingerprint(session)}`);
        print(io, 'Send export-game to the other player; they check this fingerprint with you out of band.');
      }
    });
}

/** `tactorus export-game <save>`: the game to send the other player. */
function exportGameCommand(root: Command, io: Io): void {
  root
    .command('export-game')
    .description('print the ++Tactorus export of a saved game (no orders in it): send it to the other player')
    .argument('<save>', SAVE_REFERENCE_HELP)
    .option('-o, --output <file>', 'write to a file instead')
    .action(async (ref: string, opts: { output?: string }) => {
      await withSave(ref, async (start, title, library) => {
        let session = start;
        if (session.settings.mode === 'e-mail' && !session.email && !session.core.outcome) {
          // A game from before signed memos: it gets its id and key now; the other player imports it anew.
          session = must(await withNewEmailIdentity(session));
          await storeSession(library, title, session);
          note(
            io,
            'This e-mail game had no game id (made before memos were signed): it has one now, and your signing ' +
              'key. The other player imports this export as a new game (tactica tactorus import-game).',
          );
        }
        const r = await exportSession(session);
        if (!r.ok) throw new CliError(describeError(r.error));
        if (opts.output) writeText(opts.output, r.value);
        else io.output.write(r.value);
      });
    });
}

/** `tactorus import-game <file>`: a game from the other player, or their key for a game held here. */
function importGameCommand(root: Command, io: Io): void {
  root
    .command('import-game')
    .description('read a ++Tactorus export into the save library (a game made for e-mail imports as the other player)')
    .argument('<file>', 'the export')
    .option('--title <title>', 'title in the save library (default: the game’s name)')
    .action(async (file: string, opts: { title?: string }) => {
      const text = readText(file);
      const parsed = await parseGameFile(text);
      if (!parsed.ok) throw new CliError(`${file}: ${describeError(parsed.error)}`);
      const library = new SaveLibrary();
      const email = parsed.value.email;
      const mine = email ? await findByGameId(library, email.gameId) : undefined;
      if (mine) {
        // The other player's export of a game held here: the key exchange's second half.
        const learnt = must(await addPeerKey(mine.session, parsed.value), file);
        await storeSession(library, mine.entry.title, learnt.session);
        const other = parsed.value.player + 1;
        print(io, `"${mine.entry.title}": Player ${other}'s signing key is now known.`);
        print(io, `Player ${other}'s key fingerprint: ${learnt.fingerprint}`);
        print(io, `Check it with Player ${other} out of band (by phone, in person) before you trust their memos.`);
        return;
      }
      const imported = must(await importSession(parsed.value), file);
      const session = imported.session;
      const title = opts.title ?? parsed.value.settings.name;
      requireFreeTitle(library, title);
      const entry = await storeSession(library, title, session, 'save-as');
      print(io, `Imported "${entry.title}" as Player ${session.seat + 1} (${entry.summary}).`);
      if (imported.peer) {
        const other = imported.peer.player + 1;
        print(io, `Player ${other}'s key fingerprint: ${imported.peer.fingerprint}`);
        print(io, `Check it with Player ${other} out of band (by phone, in person) before you trust their memos.`);
        print(io, `Then send them your export (tactica tactorus export-game), which carries your key.`);
      } else if (isLegacyEmail(parsed.value)) {
        note(
          io,
          'warning: this e-mail game was made before memos were signed: its memos cannot be exchanged until it ' +
            'is exported again (export-game gives it a game id and keys) and imported anew at the other end.',
        );
      }
    });
}

/** `tactorus export-orders <save> [--orders …]`: this round's orders sealed, as a memo. */
function exportOrdersCommand(root: Command, io: Io): void {
  root
    .command('export-orders')
    .description('seal your orders of this round and print the ++TacMoves memo to send (without its key)')
    .argument('<save>', SAVE_REFERENCE_HELP)
    .option('--orders <list>', 'schedule these orders first, e.g. "84-64 83-73" (replacing any scheduled)')
    .option('-o, --output <file>', 'write to a file instead')
    .action(async (ref: string, opts: { orders?: string; output?: string }) => {
      await withSave(ref, async (start, title, library) => {
        let session = start;
        if (opts.orders !== undefined && session.sent === undefined) {
          const seat = session.seat;
          for (const o of [...localView(session).orders].reverse()) {
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
}

/** `tactorus import-orders <save> <file> [--key …]`: the other player's memo. */
function importOrdersCommand(root: Command, io: Io): void {
  root
    .command('import-orders')
    .description("take the other player's ++TacMoves memo; with its key, carry out the round")
    .argument('<save>', SAVE_REFERENCE_HELP)
    .argument('<file>', 'the memo')
    .option('--key <release>', "the other player's signed ++TacKey key release (a file, or its text)")
    .action(async (ref: string, file: string, opts: { key?: string }) => {
      await withSave(ref, async (session, title, library) => {
        const r = await receiveOrders(session, readText(file), opts.key === undefined ? undefined : keyText(opts.key));
        if (!r.ok) throw new CliError(describeError(r.error));
        await storeSession(library, title, r.value.session);
        // One's own memo (manual: "You can import your own moves"): it replaced the orders scheduled, or was sealed.
        if (r.value.own === 'sealed')
          print(io, 'That is your own memo of this round, already sealed: nothing changes.');
        else if (r.value.own === 'replaced')
          print(io, `Your orders are now those of your memo: ${ordersLine(localView(r.value.session))}`);
        else reportResolution(io, r.value.session, r.value.report);
      });
    });
}

/** `tactorus key <save>`: the key release of this round. */
function keyCommand(root: Command, io: Io): void {
  root
    .command('key')
    .description(
      "print your signed ++TacKey key release for this round (only once you hold the other player's sealed memo)",
    )
    .argument('<save>', SAVE_REFERENCE_HELP)
    .option('-o, --output <file>', 'write to a file instead')
    .action(async (ref: string, opts: { output?: string }) => {
      await withSave(ref, async (session, title, library) => {
        const r = await revealKey(session);
        if (!r.ok) throw new CliError(describeError(r.error));
        // Recorded before it is shown: once given, the other player's memo of this round is fixed.
        await storeSession(library, title, r.value.session);
        if (opts.output) writeText(opts.output, r.value.release);
        else io.output.write(r.value.release);
      });
    });
}

/** `tactorus import-key <save> <release>`: the other player's key: the round is carried out. */
function importKeyCommand(root: Command, io: Io): void {
  root
    .command('import-key')
    .description(
      "add the other player's signed key release: their orders are opened and checked, and the round is carried out",
    )
    .argument('<save>', SAVE_REFERENCE_HELP)
    .argument('<release>', 'their ++TacKey key release: a file, or its text')
    .action(async (ref: string, release: string) => {
      await withSave(ref, async (session, title, library) => {
        const r = await receiveKey(session, keyText(release));
        if (!r.ok) throw new CliError(describeError(r.error));
        await storeSession(library, title, r.value.session);
        reportResolution(io, r.value.session, r.value.report);
      });
    });
}

/** `tactorus drop-memo <save>`: a stuck memo of the other player dropped. */
function dropMemoCommand(root: Command, io: Io): void {
  root
    .command('drop-memo')
    .description(
      "drop the other player's memo of this round that is stuck (wrong or replaced), so that another can be " +
        'imported; refused once your key was given out',
    )
    .argument('<save>', SAVE_REFERENCE_HELP)
    .action(async (ref: string) => {
      await withSave(ref, async (session, title, library) => {
        const r = dropReceived(session);
        if (!r.ok) throw new CliError(describeError(r.error));
        await storeSession(library, title, r.value);
        print(io, `"${title}": their memo of this round is dropped; import the right one (import-orders).`);
      });
    });
}

/** `tactorus show <save>`: the board as its player sees it. */
function showCommand(root: Command, io: Io): void {
  root
    .command('show')
    .description('draw a saved game as its player sees it')
    .argument('<save>', SAVE_REFERENCE_HELP)
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
              `their memo ${session.received ? 'received' : 'not received'}` +
              `${session.released ? ', your key given' : ''}.`,
          );
          if (session.email) {
            for (const p of [0, 1] as const) {
              const print1 = must(await keyFingerprint(session, p)) ?? 'not known yet (import their export-game)';
              print(io, `Player ${p + 1}'s key fingerprint: ${print1}`);
            }
          } else print(io, 'This game has no game id (made before memos were signed): export it again to go on.');
        }
      });
    });
}

/** `tactorus saves`: the saved games. */
function savesCommand(root: Command, io: Io): void {
  root
    .command('saves')
    .description('list the saved Tactorus games with the round reached')
    .action(() => print(io, listSaves(new SaveLibrary())));
}

/** `tactorus rename <save> <title>`. */
function renameCommand(root: Command, io: Io): void {
  root
    .command('rename')
    .description('rename a saved game (onto a title in use: at a terminal, after asking)')
    .argument('<save>', SAVE_REFERENCE_HELP)
    .argument('<title>', 'the new title (any length)')
    .option('-y, --yes', 'replace a save that has the new title, without asking')
    .action(async (ref: string, title: string, opts: { yes?: boolean }) => {
      const r = await renameSave(io, new SaveLibrary(), ref, title, GAME_ID, opts);
      if (!r.ok) throw new CliError(describeError(r.error));
      print(io, r.value ? `Renamed to "${r.value.title}".` : 'Nothing renamed.');
    });
}

/** `tactorus delete <save>`. */
function deleteSaveCommand(root: Command, io: Io): void {
  root
    .command('delete')
    .description('delete a saved game (at a terminal, after asking)')
    .argument('<save>', SAVE_REFERENCE_HELP)
    .option('-y, --yes', 'do not ask')
    .action(async (ref: string, opts: { yes?: boolean }) => {
      const r = await deleteSave(io, new SaveLibrary(), ref, GAME_ID, opts);
      if (!r.ok) throw new CliError(describeError(r.error));
      print(io, r.value ? `Deleted "${r.value.title}".` : 'Nothing deleted.');
    });
}
