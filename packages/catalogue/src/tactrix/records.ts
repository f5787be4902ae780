/**
 * Tactrix! games as the game's own saved-game text (`packages/tactrix/src/record.ts`, the same text `tactica play
 * tactrix` saves and loads): a line of play written with its start and result, and a record read back as the options
 * of its game (the start position) and its line of play.
 */
import {
  current,
  err,
  inputError,
  lineFromStates,
  ok,
  type History,
  type InputError,
  type Result,
} from '@tactica/core';
import {
  formatPosition,
  formatRecord,
  initialState,
  parseRecord,
  type TactrixMove,
  type TactrixState,
} from '@tactica/tactrix';
import type { ImportedRecord, RecordFormatInfo, RecordMeta } from '../types.js';

type H = History<TactrixState, TactrixMove>;

export const TACTRIX_RECORD: RecordFormatInfo = {
  id: 'tactrix-record',
  name: 'Tactrix! saved game',
  // The original saved to "<name>.tac" (manual, "The Interface"); the text inside is ours.
  extension: 'tac',
  // (ours) plain text a person can read in a mail or a browser tab.
  mediaType: 'text/plain',
};

export function unknownFormat(format: string): InputError {
  return inputError('record/unknown-format', `Tactrix! records are "${TACTRIX_RECORD.id}", not "${format}"`, {
    input: format,
  });
}

/**
 * The line of play up to the cursor (moves taken back left out). The position at the cursor carries a resignation or
 * an agreed draw into the Result line, as the terminal's save does.
 */
export function exportTactrixRecord(h: H, meta: RecordMeta = {}): string {
  return formatRecord(h.start, h.moves.slice(0, h.cursor), current(h), meta.players);
}

/** The start position as the `position` option: empty for the standard start. */
export function positionOption(start: TactrixState): string {
  const text = formatPosition(start);
  return text === formatPosition(initialState()) ? '' : text;
}

/** A saved game as its options and its line of play, at its end; errors carry the record's line and column. */
export function readTactrixRecord(
  format: string,
  text: string,
): Result<ImportedRecord<TactrixState, TactrixMove>, InputError> {
  if (format !== TACTRIX_RECORD.id) return err(unknownFormat(format));
  const r = parseRecord(text);
  if (!r.ok) return r;
  const { start, states, moves, players } = r.value;
  return ok({
    options: { position: positionOption(start) },
    history: lineFromStates(states, moves),
    // The record names no event or date; its players when it has their lines (a side left out: its colour).
    meta: players ? { players: [players[0] ?? 'White', players[1] ?? 'Black'] } : {},
  });
}
