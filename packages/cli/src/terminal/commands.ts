/**
 * The commands at the terminal game's prompt, one handler each. `help` and the dispatch both read the one table
 * (TerminalGame.commands), so a command is listed exactly when it can be typed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { numberedMoves, numberedMovesText, opponent, hasCode, type CoreCode } from '@tactica/core';
import { writeTextFileAtomic } from '../storage/atomic-write.js';
import type { Agent } from './agent.js';
import { confirm } from './line-reader.js';
import type { AfterCommand, ExtraCommand, LoopCommand } from './loop.js';
import { playerText } from './player-text.js';
import { rulesText } from './rules-text.js';
import type { TerminalGame } from './terminal-game.js';
import { seatPlayers } from './who-plays.js';

/** The commands every game has, in the order `help` lists them. */
export function coreCommands<S, M, St>(g: TerminalGame<S, M, St>): LoopCommand[] {
  const saveHelp = g.adapter.saveExtension ? `.${g.adapter.saveExtension} added to a name without one; ` : '';
  return [
    { names: ['help', '?'], help: 'this list', run: () => help(g) },
    {
      names: ['moves', 'legal'],
      args: '[square]',
      help: "list the legal moves (with a square: that piece's, marked on the board)",
      run: (args) => (args.trim() ? pieceMoves(g, args.trim()) : legalMoves(g)),
    },
    {
      names: ['history', 'record'],
      help: 'the moves played so far, numbered as the records number them (1. 11-16 22-18 2. 9-14)',
      run: () => movesPlayed(g),
    },
    {
      names: ['undo', 'takeback', 'back'],
      help: 'take back the last move (against the computer: your last move)',
      run: () => stepLine(g, 'takeback'),
    },
    { names: ['redo', 'forward'], help: 'replay a move taken back', run: () => stepLine(g, 'redo') },
    { names: ['flip', 'invert'], help: 'turn the board round', run: () => flip(g) },
    { names: ['switch'], help: 'switch sides with the computer (or swap the two seats)', run: () => switchSides(g) },
    { names: ['board'], help: 'draw the board again', run: () => 'board' },
    { names: ['rules'], help: "this game's rules (from the docs)", run: () => rules(g) },
    {
      names: ['save'],
      args: '[file]',
      help: `save the game to a file (${saveHelp}Enter cancels)`,
      run: (args) => save(g, args),
    },
    { names: ['load', 'open'], args: '<file>', help: 'load a game from a file', run: (args) => load(g, args) },
    { names: ['draw'], help: 'offer a draw', run: () => offerDraw(g) },
    { names: ['resign'], help: 'resign the game', run: () => resign(g) },
    { names: ['quit', 'exit'], help: 'leave (asks first if the game is unsaved)', run: () => quit(g) },
  ];
}

/** A game's own command in the table: the board is drawn again when it changed the line or does more than print. */
export function gameCommand<S, M, St>(g: TerminalGame<S, M, St>, extra: ExtraCommand<S, M>): LoopCommand {
  return {
    names: extra.names,
    ...(extra.args !== undefined ? { args: extra.args } : {}),
    help: extra.help,
    run: async (args) => {
      const before = g.session.history;
      await extra.run(g.context, args);
      if (g.session.history !== before) {
        g.dirty = true;
        return 'board';
      }
      return extra.printsOnly ? 'prompt' : 'board';
    },
  };
}

/**
 * One table for `help` and for dispatch: the core commands, then the game's own. A game's command that takes a
 * core command's name replaces it there (the core command keeps its other names), so no name is listed twice.
 */
export function commandTable(core: readonly LoopCommand[], game: readonly LoopCommand[]): LoopCommand[] {
  const taken = new Set(game.flatMap((c) => c.names));
  const kept = core
    .map((c) => ({ ...c, names: c.names.filter((n) => !taken.has(n)) }))
    .filter((c) => c.names.length > 0);
  return [...kept, ...game];
}

/** `name` with `.ext` added when it has no extension (a game's `saveExtension`, added to a name given without one). */
export function withExtension(name: string, ext: string | undefined): string {
  return ext && extname(name) === '' ? `${name}.${ext}` : name;
}

function help<S, M, St>(g: TerminalGame<S, M, St>): AfterCommand {
  const rows = g.commands.map((c) => [`${c.names.join(', ')}${c.args ? ` ${c.args}` : ''}`, c.help] as const);
  const width = Math.max(...rows.map(([left]) => left.length));
  g.print(
    ['Commands (anything else is read as a move):', ...rows.map(([l, r]) => `  ${l.padEnd(width)}  ${r}`)].join('\n'),
  );
  return 'prompt';
}

function legalMoves<S, M, St>(g: TerminalGame<S, M, St>): AfterCommand {
  const { game } = g;
  const s = g.session.position;
  const moves = game.legalMoves(s);
  g.print(moves.length ? moves.map((m) => game.formatMove(s, m)).join('  ') : 'No legal moves.');
  return 'prompt';
}

/** `moves <square>`: the moves of the piece there, listed and marked on the board. */
function pieceMoves<S, M, St>(g: TerminalGame<S, M, St>, square: string): AfterCommand {
  const board = g.adapter.setup.board;
  const s = g.session.position;
  if (!board) {
    g.print('This game cannot show one piece\'s moves; "moves" lists them all.');
    return 'prompt';
  }
  const squares = board.model(s).squares;
  const id = squares.find((q) => q.id.toLowerCase() === square.toLowerCase())?.id;
  if (id === undefined) {
    g.print(`"${square}" is not a square of this board.`);
    return 'prompt';
  }
  const mine = g.session.outcome ? [] : board.inputs(s).filter((i) => i.from === id);
  const targets = [...new Set(mine.map((i) => i.to).filter((x): x is string => x !== undefined))];
  g.print(g.drawn(s, { lastMove: g.lastMoveSquares(), selected: id, targets }));
  g.print(mine.length ? mine.map((i) => i.notation).join('  ') : `No legal move starts on ${id}.`);
  return 'prompt';
}

function movesPlayed<S, M, St>(g: TerminalGame<S, M, St>): AfterCommand {
  const h = g.session.history;
  // Only the moves in force: those taken back are not part of the game until redo plays them again.
  const played = numberedMoves(g.game, h)
    .map((n) => ({ ...n, plies: n.plies.filter((p) => p.ply < h.cursor) }))
    .filter((n) => n.plies.length > 0);
  g.print(played.length ? numberedMovesText(played) : 'No moves yet.');
  return 'prompt';
}

/** The loop's words for the session's refusals of takeback and redo. */
const STEP_REFUSALS: Partial<Record<string, string>> = {
  'session/takeback-not-allowed': 'Takeback is not allowed in this game.',
  'session/nothing-to-take-back': 'Nothing to take back.',
  'session/nothing-to-redo': 'Nothing to redo.',
  'session/redo-not-allowed': 'Redo is not allowed in this game.',
} satisfies Partial<Record<CoreCode, string>>;

/** Takeback or redo from the keyboard. */
function stepLine<S, M, St>(g: TerminalGame<S, M, St>, which: 'takeback' | 'redo'): AfterCommand {
  const result = g.session.ending !== undefined;
  const r = g.attempt((x, o) => (which === 'takeback' ? x.takeback(o) : x.redo(o)));
  if (r.ok) {
    // Taking back a result is no new change of the line (dirty already says so).
    if (which === 'redo' || !result) g.dirty = true;
    return 'board';
  }
  // Refused because the time ran out: the timeout was applied, and the board shows it.
  if (hasCode<CoreCode>(r.error, 'session/time-up')) return 'board';
  g.print(STEP_REFUSALS[r.error.code] ?? playerText(r.error));
  return 'prompt';
}

function flip<S, M, St>(g: TerminalGame<S, M, St>): AfterCommand {
  g.flipped = !g.flipped;
  return 'board';
}

function switchSides<S, M, St>(g: TerminalGame<S, M, St>): AfterCommand {
  if (!g.attempt((x, o) => x.switchSides(o)).ok) return 'board';
  g.agents = [g.agents[1], g.agents[0]];
  if (g.adapter.boardFollowsSeats ?? true) g.flipped = !g.flipped;
  g.print('Sides switched.');
  return 'board';
}

function rules<S, M, St>(g: TerminalGame<S, M, St>): AfterCommand {
  const family = g.adapter.setup.family;
  g.print(family === undefined ? 'The rules of this game are not in the docs.' : rulesText(family));
  return 'prompt';
}

async function save<S, M, St>(g: TerminalGame<S, M, St>, args: string): Promise<AfterCommand> {
  const { adapter } = g;
  if (!adapter.saveText) {
    g.print('This game cannot be saved to a file.');
    return 'board';
  }
  const typed = args.trim() || (await g.context.ask('File name (Enter to cancel): '))?.trim() || '';
  if (!typed) {
    g.print('Not saved.');
    return 'prompt';
  }
  const file = withExtension(typed, adapter.saveExtension);
  if (existsSync(file) && !(await confirm(g.io, `${file} exists. Replace it?`))) {
    g.print('Not saved.');
    return 'prompt';
  }
  const text = await adapter.saveText(g.session.history, seatPlayers(g.agents));
  if (!text.ok) {
    g.print(`Could not save: ${playerText(text.error)}`);
    return 'prompt';
  }
  try {
    writeTextFileAtomic(file, text.value);
    g.print(`Saved to ${file}.`);
    g.markSaved();
  } catch (e) {
    g.print(`Could not save to ${file}: ${(e as Error).message}`);
  }
  return 'prompt';
}

async function load<S, M, St>(g: TerminalGame<S, M, St>, args: string): Promise<AfterCommand> {
  const { adapter } = g;
  if (!adapter.loadText) {
    g.print('This game cannot be loaded from a file.');
    return 'board';
  }
  const typed = args.trim() || (await g.context.ask('File to load (Enter to cancel): '))?.trim();
  if (!typed) return 'board';
  // "game1" finds "game1.<ext>" when only that exists: the game's extension is added when loading too.
  const file = existsSync(typed) ? typed : withExtension(typed, adapter.saveExtension);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    g.print(`Could not read ${file}: ${(e as Error).message}`);
    return 'prompt';
  }
  const loaded = await adapter.loadText(text);
  if (!loaded.ok) {
    g.print(`Could not load ${file}: ${playerText(loaded.error)}`);
    return 'prompt';
  }
  g.force((x, o) => x.load(loaded.value, o));
  g.markSaved();
  g.print(`Loaded ${file}.`);
  return 'board';
}

async function offerDraw<S, M, St>(g: TerminalGame<S, M, St>): Promise<AfterCommand> {
  const toMove = g.session.toMove;
  if (g.session.outcome || toMove === undefined) {
    g.print('The game is already over.');
    return 'board';
  }
  const s = g.session.position;
  if (!g.attempt((x, o) => x.offerDraw(toMove, o)).ok) return 'board';
  const other = opponent(toMove);
  const otherAgent: Agent<S, M> | undefined = g.agents[other];
  const accepted = otherAgent
    ? (otherAgent.acceptsDraw?.(s) ?? false)
    : await confirm(g.io, `${g.seatName(toMove)} offers a draw. ${g.seatName(other)}, do you accept?`);
  if (!g.attempt((x, o) => x.answerDraw(other, accepted, o)).ok) return 'board';
  if (accepted) g.dirty = true;
  else g.print('The draw offer is declined.');
  return 'board';
}

async function resign<S, M, St>(g: TerminalGame<S, M, St>): Promise<AfterCommand> {
  const toMove = g.session.toMove;
  if (g.session.outcome || toMove === undefined) {
    g.print('The game is already over.');
    return 'board';
  }
  if (await confirm(g.io, `${g.seatName(toMove)}, resign?`)) {
    if (g.attempt((x, o) => x.resign(toMove, o)).ok) g.dirty = true;
  }
  return 'board';
}

async function quit<S, M, St>(g: TerminalGame<S, M, St>): Promise<AfterCommand> {
  const { adapter } = g;
  const unsaved = g.dirty && g.savedAt !== g.session.history.cursor && adapter.saveText !== undefined;
  if (unsaved || adapter.confirmQuit) {
    const question = unsaved ? 'The game is not saved. Quit anyway?' : 'Quit this game?';
    if (!(await confirm(g.io, question))) return 'board';
  }
  return 'leave';
}
