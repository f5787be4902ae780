/**
 * Tactorus games as the game's own `++Tactorus` text (manual, "Export a Tactorus game"; `packages/tactorus`'s
 * `exportGame` and `parseGameFile`, the same text `tactica tactorus export-game` writes and `import-game` reads). An
 * export is derived from the session's line (`recordOf`): every round with both players' final orders, every
 * customization and rule change, the ending. It never holds orders of a round still being given. Reading it back
 * gives the options of its game (its starting rules and flanks, or its customized start board), its rounds as a
 * line of moves, and the whole game as a session snapshot (the record played into a core session, `sessionFromFile`)
 * for a server to continue.
 */
import {
  current,
  endAtCursor,
  err,
  inputError,
  lineStates,
  ok,
  opponent,
  pushMove,
  roundLineRules,
  startHistory,
  type History,
  type InputError,
  type Player,
  type Result,
  type SessionSeats,
} from '@tactica/core';
import {
  cleanName,
  exportGame,
  observe,
  parseGameFile,
  publicView,
  recordOf,
  sessionFromFile,
  tactorus,
  type AnyTactorusCore,
  type GameSettings,
  type TactorusMove,
  type TactorusState,
} from '@tactica/tactorus';
import type { ImportedRecord, OptionValues, RecordFormatInfo, RecordMeta } from '../types.js';

export const TACTORUS_GAME: RecordFormatInfo = {
  id: 'tactorus-game',
  name: 'Tactorus game export (++Tactorus)',
  // (ours) the original exported to a Palm Memo Pad memo; as a file it is plain text.
  extension: 'txt',
  mediaType: 'text/plain',
};

export function unknownFormat(format: string): InputError {
  return inputError('record/unknown-format', `Tactorus records are "${TACTORUS_GAME.id}", not "${format}"`, {
    input: format,
  });
}

/** The name a memo writes when a game has none (manual, "Saving a Tactorus game"). */
const NO_NAME = 'noname';

/**
 * How the file states who plays (its `Mode:`, `Level:` and `Player:` lines), from the session's seats: with one
 * computer seat, a game against the computer at its level, written by the person's seat; otherwise two people at
 * one screen, written by Player 1. **(ours)** The catalogue's sessions keep no e-mail mode: a server or a gateway is
 * the one authority and both players give it their orders (`memos.exportForMail` writes an e-mail game's export).
 */
function seatsSettings(seats: SessionSeats, name: string): { settings: GameSettings; player: Player } {
  const computers = ([0, 1] as const).filter((p) => seats[p].kind === 'computer');
  const seat = computers.length === 1 ? seats[computers[0] as Player] : undefined;
  if (seat?.kind === 'computer') {
    const level = /^[1-9]$/.test(seat.level) ? { level: Number(seat.level) } : {};
    return { settings: { name, mode: 'computer', ...level }, player: opponent(computers[0] as Player) };
  }
  return { settings: { name, mode: 'hot-seat' }, player: 0 };
}

/** The `++Tactorus` export of the game in `session`; the meta's `event` is the game's name (its `Name:` line). */
export async function exportTactorusGame(
  session: AnyTactorusCore,
  meta: RecordMeta = {},
): Promise<Result<string, InputError>> {
  const record = recordOf(session);
  if (!record.ok) return record;
  const name = cleanName(meta.event ?? '');
  const { settings, player } = seatsSettings(session.seats, name);
  // Made from the start of the round in progress, as a player sees it: no orders of either side.
  const view = publicView(observe(session.roundStart, player));
  return exportGame(view, record.value, settings, player);
}

/** The options of a record's game: its starting rules, and its starting flanks or its customized start board. */
export type OptionsOfStart = (startBoard: string, startRules: TactorusState['rules']) => OptionValues;

/**
 * The contract's line of play of a core session's line, from its last command (or its start): each round as
 * Player 1's moves then Player 2's, the last `done` carrying the round out. A command is no move, so the line starts
 * afresh after one; an ending (resignation, agreed draw) replaces the last state, as sequential records do.
 */
function historyOf(session: AnyTactorusCore): History<TactorusState, TactorusMove> {
  const ending = session.ending;
  const line = ending ? ending.before.line : session.state.line;
  let h: History<TactorusState, TactorusMove> = startHistory(line.start);
  let i = 0;
  // The state after each step: after a command, the line starts afresh there.
  for (const after of lineStates(roundLineRules(tactorus), line, 1, line.cursor + 1)) {
    const step = line.moves[i++];
    if (step?.kind === 'command') {
      h = startHistory(after);
      continue;
    }
    if (!step) continue;
    for (const m of [...step.moves[0], ...step.moves[1]]) h = pushMove(h, m, tactorus.play(current(h), m));
  }
  if (ending) h = endAtCursor(h, session.roundStart);
  return h;
}

/**
 * A `++Tactorus` text (an export, or a player's save, whose own pending orders come along) read back: the options
 * of its game, its line of moves, and its session snapshot. The meta's `event` is the game's name. The file's
 * checksum and its history replayed through the rules are checked (`tactorus/…` codes, with the line).
 */
export async function importTactorusGame(
  format: string,
  text: string,
  optionsOf: OptionsOfStart,
): Promise<Result<ImportedRecord<TactorusState, TactorusMove>, InputError>> {
  if (format !== TACTORUS_GAME.id) return err(unknownFormat(format));
  const file = await parseGameFile(text);
  if (!file.ok) return file;
  const played = sessionFromFile(file.value);
  if (!played.ok) return played;
  const core = played.value.core;
  const { record, settings } = file.value;
  return ok({
    options: optionsOf(record.startBoard, record.startRules),
    history: historyOf(core),
    meta: settings.name === NO_NAME ? {} : { event: settings.name },
    snapshot: core.toJSON(),
  });
}
