/**
 * The Tactorus round loop in the terminal. The generic loop in ../../terminal is for games where one player moves
 * at a time; Tactorus rounds are simultaneous, so this loop schedules each player's orders in turn, hiding them:
 *
 * - hot-seat: Player 1 schedules, says `done`, the screen is cleared (scrollback too) and Player 2 is asked to
 *   take the keyboard; when both are done the movement check shows both players' orders, then the round is
 *   carried out and reported;
 * - e-mail: only the local player schedules; `done` seals the orders into a `++TacMoves` memo to send, and the
 *   game is saved after every step, since the save holds the key.
 *
 * The game is the `TactorusSession`'s core simultaneous session (`@tactica/core`'s `SimultaneousSession`), the one
 * authority: every order is submitted to it (the other player's by e-mail when their memo is opened, the
 * computer's when it has chosen), it holds them secretly until both are done and then plays the round; customizing,
 * rule and mode changes, resignation and draws are its commands too. Every screen, and the computer's view, comes
 * from its `viewFor`, which has no field for the other side's orders.
 */
import { describeError, opponent, type Player } from '@tactica/core';
import {
  changeSessionMode,
  changeSessionRules,
  computerLevel,
  customizeSession,
  DEFAULT_COMPUTER_LEVEL,
  describeOutcome,
  describeRound,
  drawSession,
  editMove,
  takebackSession,
  editSquare,
  exportSession,
  localView,
  movementCheck,
  NO_CLOCK,
  ordersLine,
  parseRulesField,
  playComputer,
  playLocal,
  receiveKey,
  receiveOrders,
  addPeerKey,
  dropReceived,
  keyFingerprint,
  parseGameFile,
  withNewEmailIdentity,
  renderBoard,
  renderNumbers,
  resignSession,
  revealKey,
  sealOrders,
  setComputerLevel,
  squareName,
  stateFromObservation,
  statusLine,
  tactorus,
  describeRules,
  type Order,
  type RoundReport,
  type TactorusMove,
  type TactorusObservation,
  type TactorusSession,
  type TactorusState,
} from '@tactica/tactorus';
import { unwrap } from '@tactica/core';
import { tactorusEntry } from '@tactica/catalogue/tactorus';
import { CliError, type Io } from '../../io.js';
import { boardPainter } from '../../terminal/board-paint.js';
import { BOARD_SCHEME, paletteFor, type BoardScheme, type Palette } from '../../terminal/colour.js';
import { ask, confirm, lineReader } from '../../terminal/line-reader.js';
import { rulesText } from '../../terminal/rules-text.js';
import { renameSave } from '../../storage/delete-save.js';
import type { SaveLibrary } from '../../storage/save-library.js';
import { keepCurrentGame, type CurrentGame } from './current-game.js';
import { TACTORUS_THEME_NAMES, TACTORUS_THEMES, tactorusTheme } from './themes.js';
import {
  freeTitle,
  GAME_ID,
  keyText,
  listSaves,
  openSession,
  readText,
  requireFreeTitle,
  saveTactorusSetting,
  storeSession,
  titleTaken,
  writeText,
} from './setup.js';
import { playerText } from '../../terminal/player-text.js';

/** Clears the screen and the scrollback, and puts the cursor home (ANSI). */
export const CLEAR_SCREEN = '\x1b[2J\x1b[3J\x1b[H';

interface Ctx {
  readonly io: Io;
  readonly library: SaveLibrary;
  computer: TactorusComputer | undefined;
  /** Makes the computer at a level (for games opened or switched to play against it). */
  readonly makeComputer: ((level: number) => TactorusComputer) | undefined;
  /** The game; against the computer its seat is the person's (Player 1 unless the computer plays Player 1). */
  session: TactorusSession;
  title: string | undefined;
  rotated: boolean;
  dirty: boolean;
  /** Hot-seat: whose scheduling the screen shows now. */
  screen: Player | undefined;
  /** Keep the game left at this screen (current-game.ts) after every change, to resume it exactly. */
  readonly keep: boolean;
  /** The text of the game last kept, so an unchanged game is not written again. */
  kept: string | undefined;
  readonly palette: Palette;
  /** The colour theme (manual 3.7.1, Game->Options). */
  theme: BoardScheme;
  /** The round carried out last, whose moves the board marks. */
  lastReport: RoundReport | undefined;
}

const COMMANDS: readonly (readonly [string, string])[] = [
  ['84-64  (or 84 64)', 'order the piece on 84 to 64 (squares are row digit then column digit)'],
  ['w84', 'withdraw the order of the piece on 84'],
  ['clear', 'withdraw all your orders'],
  ['done  (or next)', 'finish your orders for this round'],
  ['orders', 'list your orders'],
  ['moves [square]', 'the orders you may give (all, or one piece’s, marked on the board)'],
  ['board / rotate / numbers', 'draw the board / turn it 180° / show the square numbers'],
  ['rules [names…]', 'the rules in brief (Help->Rules), or change them: chain, supply-lines, high-ground, basic'],
  ['about', 'about Tactorus (Help->About)'],
  ['theme [name]', `the colour theme (Game->Options): ${TACTORUS_THEME_NAMES.join(', ')}`],
  ['mode hot-seat|e-mail|computer [level]', 'change the mode of play mid-game (e-mail: you keep your seat)'],
  ['level [1-6]', 'against the computer: show or change its level'],
  ['customize', 'add, remove or move pieces (not the flags); clears all orders'],
  ['save [title]', 'save in the library: always a new save (a saved game is kept again as a copy)'],
  ['save over <n|title>', 'save over a saved game (the one selected, as the manual has it)'],
  ['saves / open <n|title>', 'list the saved games / continue one'],
  ['rename <n|title> <new title>', 'rename a saved game'],
  ['delete <n|title>', 'delete a saved game'],
  ['export [file]', 'the ++Tactorus game export (no orders in it), shown or written to a file'],
  ['export-orders [file]', 'e-mail: seal your orders and show or write the ++TacMoves memo to send'],
  ['import-game <file>', 'e-mail: the other player’s export of this game: learn their signing key'],
  ['import-orders <file> [key file]', 'e-mail: take the other player’s memo (with their key: carry out the round)'],
  ['key [file] / import-key <file>', 'e-mail: your signed key release (once both memos are in) / theirs'],
  ['drop-memo', 'e-mail: drop their memo of this round when it is stuck (not once your key is given)'],
  ['undo  (or takeback)', 'take back the last round (or the result); not in e-mail play'],
  ['resign / draw', 'resign / agree a draw'],
  ['help / quit', 'this list / leave (the game is kept: tactica play tactorus resumes it)'],
];

/** Every command word, for Tab completion. */
const COMMAND_WORDS: readonly string[] = [
  'w',
  'clear',
  'done',
  'next',
  'orders',
  'moves',
  'board',
  'rotate',
  'numbers',
  'rules',
  'about',
  'theme',
  'mode',
  'level',
  'customize',
  'save',
  'saves',
  'open',
  'rename',
  'delete',
  'export',
  'export-orders',
  'import-orders',
  'key',
  'import-key',
  'undo',
  'takeback',
  'resign',
  'draw',
  'help',
  'quit',
];

/** Help->About: "an about screen with copyright notice". */
export const ABOUT = [
  'Tactorus 4.1.3, copyright (c) 2002 Thomas Gamet: a simultaneous-move war game on a 10 by 10 board.',
  'Played here in the terminal by Tactica, after the Tactorus User Manual, revision 4.1.3.',
  'The rules as implemented and the choices of this project: docs/games/tactorus.md.',
].join('\n');

function helpText(): string {
  const width = Math.max(...COMMANDS.map(([c]) => c.length));
  return ['Commands:', ...COMMANDS.map(([c, h]) => `  ${c.padEnd(width)}  ${h}`)].join('\n');
}

function print(ctx: Ctx, text: string): void {
  ctx.io.output.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** What a player sees (default: the one at the keyboard): the core session's `viewFor`. */
function viewOf(ctx: Ctx, seat: Player = ctx.session.seat): TactorusObservation {
  return localView(ctx.session, seat);
}

/** The position as `p` knows it: the start of the round with their own orders only (for parsing and listing them). */
function ownState(ctx: Ctx, p: Player): TactorusState {
  return stateFromObservation(viewOf(ctx, p));
}

/** The catalogue's Tactorus board: who owns the piece on each square, for the colours. */
const BOARD = unwrap(tactorusEntry.setup({})).board;

/** The board as the player at the keyboard sees it, in the theme's colours, with `marks`. */
function boardText(ctx: Ctx, marks: { targets?: readonly string[]; selected?: string } = {}): string {
  const view = viewOf(ctx);
  const marked = (marks.targets?.length ?? 0) > 0;
  if (!ctx.palette.colour && !marked) return renderBoard(view, { rotated: ctx.rotated });
  const last = ctx.lastReport?.orders.flat().map((o) => squareName(o.to)) ?? [];
  const model = BOARD.model(stateFromObservation(view), ctx.session.seat);
  const paint = boardPainter(model.squares, { lastMove: last, ...marks }, ctx.palette, ctx.theme);
  return renderBoard(view, { rotated: ctx.rotated, paint: (sq, text) => paint(squareName(sq), text) });
}

function showBoard(ctx: Ctx): void {
  const view = viewOf(ctx);
  print(ctx, boardText(ctx));
  print(ctx, statusLine(view));
  if (view.outcome) print(ctx, describeOutcome(view.outcome));
  else if (!view.done) print(ctx, ordersLine(view));
}

function isEmail(ctx: Ctx): boolean {
  return ctx.session.settings.mode === 'e-mail';
}

/** Keeps the game left at this screen, when it changed (or anything else to resume it: title, rotation, turn). */
function keep(ctx: Ctx): void {
  if (!ctx.keep) return;
  const game: CurrentGame = {
    session: ctx.session,
    ...(ctx.title !== undefined ? { title: ctx.title } : {}),
    saved: ctx.title !== undefined && !ctx.dirty,
    rotated: ctx.rotated,
    ...(ctx.screen !== undefined ? { screen: ctx.screen } : {}),
  };
  const text = JSON.stringify([
    game.title,
    game.saved,
    game.rotated,
    game.screen,
    ctx.session.core.version,
    ctx.session.seat,
    ctx.session.settings,
    ctx.session.sent,
    ctx.session.received,
  ]);
  if (text === ctx.kept) return;
  const r = keepCurrentGame(game);
  if (r.ok) ctx.kept = text;
  else print(ctx, `(${r.error.message}: leaving will not keep this game; save it.)`);
}

async function autosave(ctx: Ctx): Promise<void> {
  if (!isEmail(ctx)) return;
  ctx.title ??= ctx.session.settings.name;
  await storeSession(ctx.library, ctx.title, ctx.session);
  ctx.dirty = false;
}

/**
 * The computer as Player 2 (issue 7 supplies one). It is handed Player 2's observation only, so like the
 * original it never sees the human's orders ("the computer's generated moves are chosen without looking at the
 * human entered moves", manual 3.7.1).
 */
export interface TactorusComputer {
  readonly name: string;
  chooseOrders(view: TactorusObservation): Promise<readonly Order[]>;
}

/** The computer's seat in a game against it: the seat opposite the person's. */
function computerSeat(ctx: Ctx): Player {
  return opponent(ctx.session.seat);
}

function againstComputer(ctx: Ctx): boolean {
  return ctx.computer !== undefined && ctx.session.settings.mode === 'computer';
}

/**
 * Plays a Tactorus game in the terminal until it is quit or the input ends. Returns the last session. Against
 * the computer the human plays `session.seat` (Player 1 in the manual's games; the computer "will only play for
 * player 2", but `tactica play tactorus --player-1 ai:<level>` turns that round **(ours)**).
 */
export async function runTactorusGame(
  io: Io,
  session: TactorusSession,
  options: {
    library: SaveLibrary;
    title?: string;
    rotated?: boolean;
    computer?: TactorusComputer;
    makeComputer?: (level: number) => TactorusComputer;
    /** Keep the game at this screen after every change, for `tactica play tactorus` to resume (default: no). */
    keep?: boolean;
    /** Whose scheduling the screen showed when the game was left (one screen). */
    screen?: Player;
    /** The save holds the game as it is (a game resumed as it was saved). */
    saved?: boolean;
    /** The colour theme by name (default: every game's scheme). */
    theme?: string;
    /** Colour or plain (default: as the terminal allows). */
    palette?: Palette;
  },
): Promise<TactorusSession> {
  let computer = options.computer;
  if (session.settings.mode === 'computer' && !computer && options.makeComputer) {
    computer = options.makeComputer(computerLevel(session) ?? DEFAULT_LEVEL);
  }
  if (session.settings.mode === 'computer' && !computer) {
    throw new CliError(
      'this game has the computer as Player 2, which is not available yet; open it as hot-seat or e-mail play',
    );
  }
  const ctx: Ctx = {
    io,
    library: options.library,
    session,
    title: options.title,
    rotated: options.rotated ?? false,
    dirty: options.saved === false,
    screen: options.screen,
    computer,
    makeComputer: options.makeComputer,
    keep: options.keep ?? false,
    kept: undefined,
    palette: options.palette ?? paletteFor(io),
    theme: (options.theme === undefined ? undefined : tactorusTheme(options.theme)) ?? BOARD_SCHEME,
    lastReport: undefined,
  };
  print(
    ctx,
    [
      `Tactorus — ${
        isEmail(ctx)
          ? `play by e-mail, you are Player ${session.seat + 1}`
          : ctx.computer && session.settings.mode === 'computer'
            ? `against ${ctx.computer.name} (Player ${computerSeat(ctx) + 1}), you are Player ${session.seat + 1}`
            : 'two players at one screen'
      }. ` + 'Player 1 is upper case (bottom), Player 2 lower case (top): F flag, A artillery, C cavalry, I infantry.',
      `Rules: ${describeRules(session.core.roundStart.rules)}. Orders are square pairs such as 84-64; "done" ends your orders; "help" lists commands.`,
    ].join('\n'),
  );
  await autosave(ctx);
  let redraw = true;
  const reader = lineReader(io);
  const leave = (): TactorusSession => {
    reader.setCompletions(undefined);
    keep(ctx);
    return ctx.session;
  };
  for (;;) {
    keep(ctx);
    const core = ctx.session.core;
    const over = core.outcome !== undefined;
    let p: Player | undefined;
    if (!over) {
      if (isEmail(ctx)) p = core.submitted(ctx.session.seat) ? undefined : ctx.session.seat;
      else if (againstComputer(ctx)) {
        p = ctx.session.seat;
        // A game opened with the person's orders done: the computer gives its own and the round is played.
        if (core.submitted(p) && core.pendingComputer(NO_CLOCK).length > 0) {
          if ((await computerPlays(ctx)) === 'quit') return leave();
          redraw = true;
          continue;
        }
      } else {
        p = core.submitted(0) ? 1 : 0;
        if (ctx.screen !== p) {
          if (ctx.screen !== undefined) {
            // Hand the keyboard over: nothing of the previous player's scheduling stays on the screen.
            io.output.write(CLEAR_SCREEN);
            print(ctx, `Round ${core.round}: Player ${p + 1} schedules now. Player ${opponent(p) + 1}, look away.`);
            const ready = await ask(io, `Player ${p + 1}, press Enter when ready> `);
            if (ready === undefined) return leave();
          }
          ctx.screen = p;
          ctx.session = { ...ctx.session, seat: p };
          redraw = true;
        }
      }
    }
    if (redraw) showBoard(ctx);
    redraw = false;
    const prompt = over
      ? 'Game over> '
      : p === undefined
        ? `Player ${ctx.session.seat + 1} (orders sealed, waiting)> `
        : `Player ${p + 1}> `;
    // Tab completes a command or one of the orders the player may give.
    const player = p;
    reader.setCompletions(() => [
      ...COMMAND_WORDS,
      ...(player === undefined
        ? []
        : tactorus
            .legalMoves(ownState(ctx, player), player)
            .filter((m) => m.type === 'order')
            .map((m) => tactorus.formatMove(ownState(ctx, player), m))),
    ]);
    const line = await ask(io, prompt);
    reader.setCompletions(undefined);
    if (line === undefined) {
      print(ctx, '');
      return leave();
    }
    const text = line.trim();
    if (!text) continue;
    try {
      const outcome = await command(ctx, text, p);
      if (outcome === 'quit') return leave();
      redraw = outcome === 'redraw';
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      print(ctx, e.message);
    }
  }
}

type Next = 'quit' | 'redraw' | 'same';

/** A command at the round's prompt: the rest of the line (and its words), and the player scheduling, if any. */
type RoundCommand = (ctx: Ctx, args: string, p: Player | undefined, words: readonly string[]) => Promise<Next> | Next;

/** A line typed at the round's prompt: a command of the table, else an order (or `done`) of the player scheduling. */
async function command(ctx: Ctx, text: string, p: Player | undefined): Promise<Next> {
  const [word = '', ...rest] = text.split(/\s+/);
  const handler = ROUND_COMMANDS.get(word.toLowerCase());
  if (handler) return handler(ctx, rest.join(' '), p, rest);
  if (p === undefined) {
    throw new CliError(
      ctx.session.core.outcome
        ? 'The game is over. Type "help" for commands.'
        : 'Your orders are sealed. Exchange memos and keys (help lists the commands).',
    );
  }
  const parsed = tactorus.parseMove(ownState(ctx, p), text, p);
  if (!parsed.ok) throw new CliError(describeError(parsed.error));
  return playMove(ctx, parsed.value);
}

const printing =
  (text: (ctx: Ctx) => string): RoundCommand =>
  (ctx) => {
    print(ctx, text(ctx));
    return 'same';
  };

function helpCommand(ctx: Ctx, args: string): Promise<Next> | Next {
  // The menu's Help->Rules and Help->About.
  if (/^rules$/i.test(args.trim())) return rulesCommand(ctx, '');
  print(ctx, /^about$/i.test(args.trim()) ? ABOUT : helpText());
  return 'same';
}

async function quitCommand(ctx: Ctx): Promise<Next> {
  // "Done: Exit the Tactorus Application and ensure play resumes as it was left."
  if (ctx.keep) {
    print(ctx, 'The game is kept as it is: tactica play tactorus resumes it.');
    return 'quit';
  }
  if (ctx.dirty && !(await confirm(ctx.io, 'The game is not saved. Quit anyway?'))) return 'same';
  return 'quit';
}

function rotateCommand(ctx: Ctx): Next {
  ctx.rotated = !ctx.rotated;
  return 'redraw';
}

function movesCommand(ctx: Ctx, args: string, p: Player | undefined): Next {
  if (args.trim() && p !== undefined) {
    const from = Number(args.trim());
    if (Number.isInteger(from) && from >= 0 && from < 100 && /^\d{1,2}$/.test(args.trim())) {
      const s = ownState(ctx, p);
      const targets = tactorus
        .legalMoves(s, p)
        .flatMap((m) => (m.type === 'order' && m.from === from ? [squareName(m.to)] : []));
      print(ctx, boardText(ctx, { targets, selected: squareName(from) }));
    }
  }
  print(ctx, legalOrders(ctx, p, args));
  return 'same';
}

async function openCommand(ctx: Ctx, args: string): Promise<Next> {
  const opened = await openSession(ctx.library, args || ((await ask(ctx.io, 'Open which save? ')) ?? ''));
  if (opened.session.settings.mode === 'computer') {
    if (ctx.makeComputer) ctx.computer = ctx.makeComputer(computerLevel(opened.session) ?? DEFAULT_LEVEL);
    else if (!ctx.computer) throw new CliError('that game needs the computer player');
  }
  ctx.session = opened.session;
  ctx.title = opened.entry.title;
  ctx.screen = undefined;
  ctx.dirty = false;
  print(ctx, `Opened "${opened.entry.title}" (${opened.entry.summary}).`);
  return 'redraw';
}

async function renameCommand(ctx: Ctx, _args: string, _p: Player | undefined, words: readonly string[]): Promise<Next> {
  const [ref = '', ...title] = words;
  const before = ctx.library.find(ref, GAME_ID);
  // At the keyboard: a title in use is replaced only after asking, naming the save replaced.
  const r = await renameSave(ctx.io, ctx.library, ref, title.join(' '), GAME_ID, { interactive: true });
  const was = before.ok ? before.value.title : ref;
  print(ctx, !r.ok ? describeError(r.error) : r.value ? `Renamed "${was}" to "${r.value.title}".` : 'Nothing renamed.');
  if (r.ok && r.value && before.ok && before.value.title === ctx.title) ctx.title = r.value.title;
  return 'same';
}

async function deleteCommand(ctx: Ctx, args: string): Promise<Next> {
  // The question names the save the reference found (a number names an entry of the list shown last).
  const r = await ctx.library.removeConfirmed(args, GAME_ID, (e) =>
    confirm(ctx.io, `Delete the saved game "${e.title}" (${e.summary || 'no summary'})? It cannot be undone.`),
  );
  print(ctx, !r.ok ? playerText(r.error) : r.value ? `Deleted "${r.value.title}".` : 'Nothing deleted.');
  if (r.ok && r.value && r.value.title === ctx.title) ctx.title = undefined;
  return 'same';
}

async function exportCommand(ctx: Ctx, args: string): Promise<Next> {
  if (isEmail(ctx) && !ctx.session.email && !ctx.session.core.outcome) {
    // An e-mail game from before signed memos, or one switched to e-mail: it gets its id and key now.
    const made = await withNewEmailIdentity(ctx.session);
    if (!made.ok) throw new CliError(describeError(made.error));
    ctx.session = made.value;
    await autosave(ctx);
  }
  const r = await exportSession(ctx.session);
  if (!r.ok) throw new CliError(describeError(r.error));
  if (args) {
    writeText(args, r.value);
    print(ctx, `Game exported to ${args}.`);
  } else print(ctx, r.value);
  const mine = await keyFingerprint(ctx.session, ctx.session.seat);
  if (mine.ok && mine.value) print(ctx, `Your signing key's fingerprint: ${mine.value}`);
  return 'same';
}

async function importGameCommand(ctx: Ctx, args: string): Promise<Next> {
  if (!args) throw new CliError('import-game <file>');
  const file = await parseGameFile(readText(args));
  if (!file.ok) throw new CliError(`${args}: ${describeError(file.error)}`);
  const learnt = await addPeerKey(ctx.session, file.value);
  if (!learnt.ok) throw new CliError(describeError(learnt.error));
  ctx.session = learnt.value.session;
  await autosave(ctx);
  const other = file.value.player + 1;
  print(ctx, `Player ${other}'s key fingerprint: ${learnt.value.fingerprint}`);
  print(ctx, `Check it with Player ${other} out of band before you trust their memos.`);
  return 'same';
}

async function dropMemoCommand(ctx: Ctx): Promise<Next> {
  const r = dropReceived(ctx.session);
  if (!r.ok) throw new CliError(describeError(r.error));
  ctx.session = r.value;
  await autosave(ctx);
  print(ctx, 'Their memo of this round is dropped; import the right one.');
  return 'same';
}

async function importOrdersCommand(
  ctx: Ctx,
  _args: string,
  _p: Player | undefined,
  words: readonly string[],
): Promise<Next> {
  const [file = '', key] = words;
  if (!file) throw new CliError('import-orders <file> [key file]');
  const r = await receiveOrders(ctx.session, readText(file), key === undefined ? undefined : keyText(key));
  if (r.ok && r.value.own === 'sealed') {
    print(ctx, 'That is your own memo of this round, already sealed and sent: nothing changes.');
    return 'same';
  }
  if (r.ok && r.value.own === 'replaced') {
    ctx.session = r.value.session;
    ctx.dirty = true;
    await autosave(ctx);
    print(ctx, `Your orders are now those of your memo: ${ordersLine(viewOf(ctx))}`);
    return 'redraw';
  }
  return afterReceive(ctx, r);
}

async function importKeyCommand(ctx: Ctx, args: string): Promise<Next> {
  if (!args) throw new CliError('import-key <file>');
  return afterReceive(ctx, await receiveKey(ctx.session, keyText(args)));
}

async function keyCommand(ctx: Ctx, args: string): Promise<Next> {
  const r = await revealKey(ctx.session);
  if (!r.ok) {
    print(ctx, playerText(r.error));
    return 'same';
  }
  // Recorded before it is shown: once given, the other player's memo of this round is fixed.
  ctx.session = r.value.session;
  await autosave(ctx);
  if (args) {
    writeText(args, r.value.release);
    print(ctx, `Your key release is written to ${args}. Send it to the other player.`);
  } else print(ctx, r.value.release);
  return 'same';
}

function takebackCommand(ctx: Ctx): Next {
  const r = takebackSession(ctx.session);
  if (!r.ok) throw new CliError(playerText(r.error));
  ctx.session = r.value;
  ctx.dirty = true;
  ctx.lastReport = undefined;
  print(ctx, `Taken back: round ${ctx.session.core.round} again.`);
  return 'redraw';
}

async function resignCommand(ctx: Ctx, _args: string, p: Player | undefined): Promise<Next> {
  const who = isEmail(ctx) ? ctx.session.seat : p;
  if (who === undefined || ctx.session.core.outcome) throw new CliError('The game is over.');
  if (!(await confirm(ctx.io, `Player ${who + 1}, resign?`))) return 'same';
  return applied(ctx, resignSession(ctx.session, who));
}

async function drawCommand(ctx: Ctx, _args: string, p: Player | undefined): Promise<Next> {
  if (ctx.session.core.outcome) throw new CliError('The game is over.');
  if (againstComputer(ctx)) {
    print(ctx, `${ctx.computer?.name ?? 'The computer'} declines the draw.`);
    return 'same';
  }
  const question = isEmail(ctx)
    ? 'Has the other player agreed to a draw (by mail)?'
    : `Player ${(p ?? 0) + 1} offers a draw. Player ${opponent(p ?? 0) + 1}, do you accept?`;
  if (!(await confirm(ctx.io, question))) {
    print(ctx, 'No draw.');
    return 'same';
  }
  return applied(ctx, drawSession(ctx.session, p ?? ctx.session.seat));
}

/** The round's commands by the words that name them (COMMANDS lists them for `help`). */
const ROUND_COMMANDS: ReadonlyMap<string, RoundCommand> = new Map<string, RoundCommand>([
  ['help', helpCommand],
  ['?', helpCommand],
  ['about', printing(() => ABOUT)],
  ['theme', themeCommand],
  ['quit', quitCommand],
  ['exit', quitCommand],
  ['board', () => 'redraw'],
  ['rotate', rotateCommand],
  ['flip', rotateCommand],
  ['numbers', printing((ctx) => renderNumbers({ rotated: ctx.rotated }))],
  ['orders', printing((ctx) => ordersLine(viewOf(ctx)))],
  ['moves', movesCommand],
  ['clear', (ctx, _args, p) => clearOrders(ctx, p)],
  ['rules', rulesCommand],
  ['customize', customizeLoop],
  ['mode', modeCommand],
  ['level', levelCommand],
  ['save', saveCommand],
  ['saves', printing((ctx) => listSaves(ctx.library))],
  ['open', openCommand],
  ['rename', renameCommand],
  ['delete', deleteCommand],
  ['export', exportCommand],
  ['import-game', importGameCommand],
  ['drop-memo', dropMemoCommand],
  ['export-orders', sealCommand],
  ['import-orders', importOrdersCommand],
  ['import-key', importKeyCommand],
  ['key', keyCommand],
  ['undo', takebackCommand],
  ['takeback', takebackCommand],
  ['resign', resignCommand],
  ['draw', drawCommand],
]);

function applied(ctx: Ctx, r: ReturnType<typeof resignSession>): Next {
  if (!r.ok) throw new CliError(describeError(r.error));
  ctx.session = r.value;
  ctx.dirty = true;
  const outcome = ctx.session.core.outcome;
  if (outcome) print(ctx, describeOutcome(outcome));
  return 'redraw';
}

async function playMove(ctx: Ctx, m: TactorusMove): Promise<Next> {
  if (m.type === 'done' && isEmail(ctx)) return sealCommand(ctx, '');
  const r = playLocal(ctx.session, m);
  if (!r.ok) throw new CliError(describeError(r.error));
  ctx.session = r.value.session;
  ctx.dirty = true;
  if (r.value.report) return roundPlayed(ctx, r.value.report);
  if (m.type === 'done' && againstComputer(ctx)) return computerPlays(ctx);
  if (m.type === 'done') return 'same'; // the hand-over happens at the top of the loop
  print(ctx, ordersLine(viewOf(ctx)));
  return 'same';
}

/**
 * The computer seat still to give its orders is handed its own view only (the person's orders are not in it),
 * and its orders are submitted for it; the round is played.
 */
async function computerPlays(ctx: Ctx): Promise<Next> {
  const computer = ctx.computer;
  if (!computer) return 'same';
  const orders = await computer.chooseOrders(viewOf(ctx, computerSeat(ctx)));
  const r = playComputer(ctx.session, orders);
  if (!r.ok) throw new CliError(`${computer.name} gave an illegal order: ${describeError(r.error)}`);
  ctx.session = r.value.session;
  ctx.dirty = true;
  return r.value.report ? roundPlayed(ctx, r.value.report) : 'same';
}

/** A round played at this screen: the movement check shows both players' orders, then the round report. */
async function roundPlayed(ctx: Ctx, report: RoundReport): Promise<Next> {
  print(ctx, movementCheck(report.round, report.orders));
  const go = await ask(ctx.io, 'Press Enter to carry out the round> ');
  if (go === undefined) return 'quit';
  print(ctx, describeRound(report));
  ctx.lastReport = report;
  // The next round starts with Player 1 (or the person against the computer); the screen holds nothing secret now.
  const next = againstComputer(ctx) ? ctx.session.seat : 0;
  ctx.screen = next;
  ctx.session = { ...ctx.session, seat: next };
  return 'redraw';
}

function legalOrders(ctx: Ctx, p: Player | undefined, args: string): string {
  if (p === undefined) return 'You have no orders to give now.';
  const only = args ? Number(args) : undefined;
  if (only !== undefined && !(Number.isInteger(only) && only >= 0 && only < 100)) {
    return `"${args}" is not a square (00–99).`;
  }
  const s = ownState(ctx, p);
  const orders = tactorus
    .legalMoves(s, p)
    .filter((m) => m.type === 'order' && (only === undefined || m.from === only))
    .map((m) => tactorus.formatMove(s, m));
  if (orders.length) return orders.join(' ');
  return only === undefined ? 'No order is possible now.' : `No order for a piece on ${squareName(only)}.`;
}

function clearOrders(ctx: Ctx, p: Player | undefined): Next {
  if (p === undefined) throw new CliError('You have no orders to clear now.');
  // Withdraw in an order the Chain moves rule allows: an order nothing depends on first.
  for (;;) {
    const w = tactorus.legalMoves(ownState(ctx, p), p).find((m) => m.type === 'withdraw');
    if (!w) break;
    const r = playLocal(ctx.session, w);
    if (!r.ok) throw new CliError(describeError(r.error));
    ctx.session = r.value.session;
  }
  print(ctx, ordersLine(viewOf(ctx)));
  return 'same';
}

/** The section of docs/games/tactorus.md that Help->Rules prints ("Abbreviated Tactorus game rules"). */
const RULES_IN_BRIEF = 'Rules in brief';

async function rulesCommand(ctx: Ctx, args: string): Promise<Next> {
  if (!args) {
    print(ctx, rulesText(GAME_ID, RULES_IN_BRIEF));
    print(ctx, `This game: ${describeRules(ctx.session.core.roundStart.rules)}.`);
    return 'same';
  }
  const rules = parseRulesField(args);
  if (!rules.ok) throw new CliError(describeError(rules.error));
  if (ctx.session.sent !== undefined) throw new CliError('Your orders are sealed: change the rules next round.');
  if (isEmail(ctx)) print(ctx, 'The other player must change the rules the same way, or the orders will not match.');
  if (!(await confirm(ctx.io, `Play on with ${describeRules(rules.value)}? All scheduled orders are cleared.`))) {
    return 'same';
  }
  const r = changeSessionRules(ctx.session, rules.value);
  if (!r.ok) throw new CliError(describeError(r.error));
  ctx.session = r.value;
  ctx.dirty = true;
  if (!isEmail(ctx)) ctx.screen = undefined;
  await autosave(ctx);
  return 'redraw';
}

async function modeCommand(ctx: Ctx, args: string): Promise<Next> {
  const mode = args
    .trim()
    .toLowerCase()
    .replace(/^email$/, 'e-mail');
  const [word = '', levelText] = mode.split(/\s+/);
  if (word === 'computer') return computerMode(ctx, levelText);
  if (mode !== 'hot-seat' && mode !== 'e-mail') {
    throw new CliError(
      `Play is ${ctx.session.settings.mode}; "mode hot-seat", "mode e-mail" or "mode computer [level]" changes it.`,
    );
  }
  const r = changeSessionMode(ctx.session, mode);
  if (!r.ok) throw new CliError(describeError(r.error));
  ctx.session = r.value;
  ctx.dirty = true;
  ctx.screen = undefined;
  if (mode === 'e-mail') {
    print(
      ctx,
      `Now played by e-mail: you are Player ${ctx.session.seat + 1}. Send the other player the game ("export <file>").`,
    );
    await autosave(ctx);
  } else print(ctx, 'Now played by two people at this screen.');
  return 'redraw';
}

/** The level a new game against the computer starts at when none is given **(ours)**. */
export const DEFAULT_LEVEL = DEFAULT_COMPUTER_LEVEL;

function parseLevel(text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text.replace(/^ai:/i, ''));
  if (!Number.isInteger(n) || n < 1 || n > 6) throw new CliError(`"${text}" is not a level: 1 to 6`);
  return n;
}

/** `mode computer [level]`: the computer takes over the seat opposite the one at the keyboard. */
async function computerMode(ctx: Ctx, levelText: string | undefined): Promise<Next> {
  if (!ctx.makeComputer) throw new CliError('The computer player is not available here.');
  const level = parseLevel(levelText, computerLevel(ctx.session) ?? DEFAULT_LEVEL);
  // Hot-seat: the player at the keyboard keeps the seat; e-mail: the local player does.
  const human = isEmail(ctx) ? ctx.session.seat : (ctx.screen ?? 0);
  const r = changeSessionMode({ ...ctx.session, seat: human }, 'computer', level);
  if (!r.ok) throw new CliError(describeError(r.error));
  ctx.session = r.value;
  ctx.computer = ctx.makeComputer(level);
  ctx.dirty = true;
  ctx.screen = undefined;
  print(ctx, `Now against ${ctx.computer.name}, which plays Player ${computerSeat(ctx) + 1}.`);
  return 'redraw';
}

/** `level [n]`: shows or changes the computer's level (manual, "The level of play"). */
function levelCommand(ctx: Ctx, args: string): Next {
  if (!againstComputer(ctx) || !ctx.computer) throw new CliError('There is no computer player in this game.');
  if (!args.trim()) {
    print(ctx, `Playing against ${ctx.computer.name}.`);
    return 'same';
  }
  if (!ctx.makeComputer) throw new CliError('The level cannot be changed here.');
  const level = parseLevel(args.trim(), DEFAULT_LEVEL);
  const r = setComputerLevel(ctx.session, level);
  if (!r.ok) throw new CliError(describeError(r.error));
  ctx.session = r.value;
  ctx.computer = ctx.makeComputer(level);
  ctx.dirty = true;
  print(ctx, `Now against ${ctx.computer.name}.`);
  return 'same';
}

async function customizeLoop(ctx: Ctx): Promise<Next> {
  if (ctx.session.core.outcome) throw new CliError('The game is over.');
  if (ctx.session.sent !== undefined) throw new CliError('Your orders are sealed: customize next round.');
  const rules = ctx.session.core.roundStart.rules;
  let board = ctx.session.core.roundStart.board;
  print(
    ctx,
    [
      'Customize: anything goes except the flags. All scheduled orders are cleared on "ok".',
      '  put <square> <piece>   F A C I for Player 1, f a c i for Player 2',
      '  empty <square>         remove a piece',
      '  move <from> <to>       move a piece',
      '  board / ok / cancel',
    ].join('\n'),
  );
  const draw = (): void => print(ctx, renderBoard({ board, rules }, { rotated: ctx.rotated }));
  draw();
  for (;;) {
    const line = await ask(ctx.io, 'customize> ');
    if (line === undefined || /^\s*cancel\s*$/i.test(line)) {
      print(ctx, 'Customizing cancelled.');
      return 'redraw';
    }
    const [word = '', a = '', b = ''] = line.trim().split(/\s+/);
    const sq = (t: string): number => (/^\d{1,2}$/.test(t) ? Number(t) : -1);
    let r: ReturnType<typeof editSquare> | undefined;
    switch (word.toLowerCase()) {
      case 'put':
        r = editSquare(board, sq(a), b);
        break;
      case 'empty':
        r = editSquare(board, sq(a), '.');
        break;
      case 'move':
        r = sq(a) < 0 ? editSquare(board, -1, '.') : editMove(board, sq(a), sq(b));
        break;
      case 'board':
        draw();
        continue;
      case 'ok': {
        if (isEmail(ctx)) print(ctx, 'The other player must make the same changes, or send them a new game export.');
        const done = customizeSession(ctx.session, board);
        if (!done.ok) throw new CliError(describeError(done.error));
        ctx.session = done.value;
        ctx.dirty = true;
        if (!isEmail(ctx)) ctx.screen = undefined;
        await autosave(ctx);
        return 'redraw';
      }
      case '':
        continue;
      default:
        print(ctx, 'put <square> <piece>, empty <square>, move <from> <to>, board, ok or cancel.');
        continue;
    }
    if (!r.ok) print(ctx, playerText(r.error));
    else {
      board = r.value;
      draw();
    }
  }
}

/**
 * Saving (manual, "Saving a Tactorus game"): a save is always a new one, under the title given or, for a game saved
 * before, its last title ("Saving the same game twice without first selecting the previously saved game will result
 * in two copies"; the copy gets a number: `friday (2)` **(ours: titles are unique)**). Only a save selected first is
 * written over: `save over <n|title>`.
 */
async function saveCommand(ctx: Ctx, args: string): Promise<Next> {
  const over = /^over(\s|$)/i.exec(args.trim());
  if (over) return saveOver(ctx, args.trim().slice(over[0].length).trim());
  const typed = args.replace(/^as(\s|$)/i, '').trim();
  let title = typed;
  if (!title) {
    const offered = ctx.title ?? ctx.session.settings.name;
    title = (await ask(ctx.io, `Title [${offered}]: `))?.trim() || offered;
  } else if (titleTaken(ctx.library, title)) {
    throw new CliError(
      `A save is titled "${title}": "save over ${title}" writes this game over it, or give another title.`,
    );
  }
  // An e-mail game is saved after every step under its title: that title must name one save only.
  if (isEmail(ctx)) requireFreeTitle(ctx.library, freeTitle(ctx.library, title));
  const entry = await storeSession(ctx.library, freeTitle(ctx.library, title), ctx.session, 'save-as');
  ctx.title = entry.title;
  ctx.dirty = false;
  print(ctx, `Saved as "${entry.title}" (${entry.summary}).`);
  const { core, seat } = ctx.session;
  if (!isEmail(ctx) && !core.outcome && core.submitted(opponent(seat))) {
    print(ctx, `(Player ${opponent(ctx.session.seat) + 1}'s orders are not in the save: they are secret.)`);
  }
  return 'same';
}

/** `save over <n|title>`: the save selected is written over with this game. */
async function saveOver(ctx: Ctx, ref: string): Promise<Next> {
  if (!ref) throw new CliError('save over <n|title>: name the save to write over (see "saves")');
  const found = ctx.library.find(ref, GAME_ID);
  if (!found.ok) throw new CliError(describeError(found.error));
  const entry = await storeSession(ctx.library, found.value.title, ctx.session, 'save');
  ctx.title = entry.title;
  ctx.dirty = false;
  print(ctx, `Saved over "${entry.title}" (${entry.summary}).`);
  return 'same';
}

/** `theme [name]`: the colour themes, or the one to use from now on (kept in the settings file). */
function themeCommand(ctx: Ctx, args: string): Next {
  const name = args.trim().toLowerCase();
  if (!name) {
    print(ctx, `Colour themes: ${TACTORUS_THEMES.map((t) => (t === ctx.theme ? `[${t.name}]` : t.name)).join(' ')}`);
    if (!ctx.palette.colour)
      print(ctx, '(This terminal shows no colour: NO_COLOR is set, or the output is not a terminal.)');
    return 'same';
  }
  const theme = tactorusTheme(name);
  if (!theme) throw new CliError(`"${args.trim()}" is not a theme: ${TACTORUS_THEME_NAMES.join(', ')}`);
  ctx.theme = theme;
  const saved = saveTactorusSetting('theme', theme.name);
  print(ctx, saved.ok ? `Theme: ${theme.name}.` : `Theme: ${theme.name}, for this game only (${saved.error.message}).`);
  return 'redraw';
}

async function sealCommand(ctx: Ctx, file: string): Promise<Next> {
  const r = await sealOrders(ctx.session);
  if (!r.ok) throw new CliError(describeError(r.error));
  ctx.session = r.value.session;
  await autosave(ctx);
  if (file) {
    writeText(file, r.value.memo);
    print(ctx, `Your orders are sealed and written to ${file}. Send it to the other player.`);
  } else {
    print(ctx, 'Your orders are sealed. Send this memo to the other player:');
    print(ctx, r.value.memo);
  }
  print(ctx, 'When their memo arrives: import-orders <file>; then exchange keys (key, import-key <file>).');
  return 'same';
}

async function afterReceive(ctx: Ctx, r: Awaited<ReturnType<typeof receiveOrders>>): Promise<Next> {
  if (!r.ok) throw new CliError(describeError(r.error));
  ctx.session = r.value.session;
  await autosave(ctx);
  if (r.value.report) {
    print(ctx, describeRound(r.value.report));
    ctx.lastReport = r.value.report;
    return 'redraw';
  }
  print(ctx, 'Their sealed orders are kept. Send your key (type "key") and ask for theirs.');
  return 'same';
}
