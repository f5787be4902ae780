/**
 * Saved unfinished games (manual, "Save and Load"): the one-line header the player types, the computer's skill
 * level when the program plays ("If the program is playing, it plays at the same skill level that was originally
 * specified"), and the game so far as a record, which replays into the position (and the takeback history).
 *
 *   Force 400 saved game
 *   Title: Friday night, move 12
 *   Computer: Black, level 3        (or "Computer: none")
 *   <the game record: header, date, players, handicaps, moves>
 */
import { err, inputError, ok, type InputError, type Player, type Result } from '@tactica/core';
import { SIDE_NAMES } from './board.js';
import { formatRecord, parseRecord, type GameRecord } from './record.js';
import { replayRecord, type Replay } from './replay.js';
import type { Force400Code } from './codes.js';

export const SAVED_GAME_MAGIC = 'Force 400 saved game';

/** The program's skill levels run 0 to 6 (manual, "Miscellaneous"), and level 7 above them **(ours)**. */
export const MAX_LEVEL = 7;

export interface ComputerSeat {
  readonly side: Player;
  readonly level: number;
}

export interface SavedGame {
  readonly title: string;
  /** Which side the program plays and at what level; null for two human players. */
  readonly computer: ComputerSeat | null;
  /** The game so far (no result: only unfinished games are saved). */
  readonly record: GameRecord;
}

const PREAMBLE_LINES = 3;

export function formatSavedGame(g: SavedGame): string {
  const computer = g.computer ? `${SIDE_NAMES[g.computer.side]}, level ${g.computer.level}` : 'none';
  return `${SAVED_GAME_MAGIC}\nTitle: ${g.title.replace(/\s+/g, ' ').trim()}\nComputer: ${computer}\n${formatRecord(g.record)}`;
}

/** Reads a saved game and replays its record; errors name the line in the saved text. */
export function parseSavedGame(text: string): Result<{ saved: SavedGame; replay: Replay }, InputError> {
  const lines = text.split(/\r\n|\r|\n/);
  const fail = (code: Force400Code, message: string, line: number): Result<never, InputError> =>
    err(inputError(code, message, { line, input: (lines[line - 1] ?? '').slice(0, 80) }));
  if ((lines[0] ?? '').trim() !== SAVED_GAME_MAGIC) {
    return fail('save/not-a-save', `A Force 400 saved game starts with "${SAVED_GAME_MAGIC}".`, 1);
  }
  const title = /^Title:\s?(.*)$/.exec(lines[1] ?? '');
  if (!title) return fail('save/bad-line', 'Expected "Title: <one line>".', 2);
  const comp = /^Computer:\s*(?:(none)|(White|Black),\s*level\s+([0-9]+))\s*$/i.exec(lines[2] ?? '');
  if (!comp) return fail('save/bad-line', 'Expected "Computer: none" or "Computer: White|Black, level N".', 3);
  let computer: ComputerSeat | null = null;
  if (!comp[1]) {
    const level = Number(comp[3]);
    if (level > MAX_LEVEL)
      return fail('save/bad-level', `The program's levels are 0 to ${MAX_LEVEL}, not ${level}.`, 3);
    computer = { side: (comp[2] as string).toLowerCase() === 'white' ? 0 : 1, level };
  }
  const body = lines.slice(PREAMBLE_LINES).join('\n');
  const shift = (e: InputError): InputError => (e.line === undefined ? e : { ...e, line: e.line + PREAMBLE_LINES });
  const parsed = parseRecord(body);
  if (!parsed.ok) return err(shift(parsed.error));
  const replay = replayRecord(parsed.value);
  if (!replay.ok) return err(shift(replay.error));
  if (replay.value.final.ended) return fail('save/finished', 'Only unfinished games can be saved.', 1);
  return ok({ saved: { title: title[1] as string, computer, record: parsed.value.record }, replay: replay.value });
}
