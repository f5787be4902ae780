/**
 * The options every `tactica play <game>` shares, defined once: who plays each seat (`--white`/`--black`, or
 * `--player-1`/`--player-2`), `--position`, `--load` (continue a saved game: the one name for it in all five
 * games) and `--seed`; and the readers of their values.
 */
import { existsSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { describeError, type History, type InputError, type Result } from '@tactica/core';
import type { GameEntry, PieceModel, SequentialSetup, StatusBase } from '@tactica/catalogue';
import { addSeatOptions, seatOptionName } from './ai/seats.js';
import { RECORD_FILE_MAX, readTextFile } from './input-files.js';
import { CliError } from './io.js';
import { fileFormat, setupFrom, type OptionFlags } from './setup-options.js';
import type { SaveLibrary } from './storage/save-library.js';
import { SAVE_REFERENCE_HELP } from './storage/save-references.js';
import { withExtension } from './terminal/loop.js';

/** What `--load` continues: a game file, a named save of the save library, or either. */
type LoadFrom = 'file' | 'save' | 'file-or-save';

export interface PlayOptionsSpec {
  /** The seats' names (the game's `info.players`): they name the seat options. */
  readonly seats: readonly [string, string];
  /** The computer's level ids, listed in the seat options' help. */
  readonly levels: readonly string[];
  /** What `--load` takes. */
  readonly load: LoadFrom;
  /** The kind of file `--load` reads, for its help (`PDN file`); "game file" by default. */
  readonly file?: string;
  /** How `--load <file>` shows its file (`file.pdn`); "file" by default. */
  readonly fileArg?: string;
  /** Offer `--position <text>`. */
  readonly position?: boolean;
  /** What else the seed decides besides the computer's choices (`time-out moves`). */
  readonly seedAlso?: string;
  /** Older spellings of `--load` that still work, left out of the help (`open` for `--open`). */
  readonly loadAliases?: readonly string[];
}

/** Adds the shared play options to a game's `play` command. Their values: `opts.load`, `opts.position`, … */
export function addPlayOptions(cmd: Command, spec: PlayOptionsSpec): Command {
  addSeatOptions(cmd, spec.seats, spec.levels);
  if (spec.position) cmd.option('--position <text>', 'start from this position text');
  const file = spec.file ?? 'game file';
  const what: Record<LoadFrom, string> = {
    file: `a ${file}`,
    save: `a named save (${SAVE_REFERENCE_HELP})`,
    'file-or-save': `a ${file}, or else a named save (${SAVE_REFERENCE_HELP})`,
  };
  const arg = spec.load === 'file' ? `<${spec.fileArg ?? 'file'}>` : `<${spec.load}>`;
  cmd.option(
    `--load ${arg}`,
    `continue a saved game: ${what[spec.load]}; it goes on against the computer it was saved against, unless ` +
      `--${seatOptionName(spec.seats[0])} or --${seatOptionName(spec.seats[1])} is given`,
  );
  for (const alias of spec.loadAliases ?? []) {
    // The old name sets the same value as --load, so the action reads one option whatever was typed.
    cmd.addOption(new Option(`--${alias} ${arg}`, `the same as --load`).hideHelp());
    cmd.on(`option:${alias}`, (value: string) => cmd.setOptionValueWithSource('load', value, 'cli'));
  }
  cmd.option(
    '--seed <n>',
    `seed for the computer's choices${spec.seedAlso ? ` and for ${spec.seedAlso}` : ''} (default: the clock)`,
  );
  return cmd;
}

/** `--seed`: a whole number that fits 32 bits; undefined when not given. */
export function seedOption(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (!/^\d{1,10}$/.test(text) || Number(text) > 0xffff_ffff) {
    throw new CliError(`--seed must be a whole number from 0 to 4294967295, not "${String(value)}"`);
  }
  return Number(text);
}

/** `--seed`, or the clock when it is not given. */
export function seedOrClock(value: unknown): number {
  return seedOption(value) ?? Date.now() >>> 0;
}

/** What reads a game file's text: the catalogue's `importRecord` (async) or a game's own reader. */
export type RecordReader<H> = (text: string) => Promise<Result<H, InputError>> | Result<H, InputError>;

/** A game file read through the game's record reader; a CliError names the file and what is wrong. */
export async function readGameFile<H>(file: string, read: RecordReader<H>): Promise<H> {
  const text = readTextFile(file, RECORD_FILE_MAX);
  const r = await read(text);
  if (!r.ok) throw new CliError(`${file}: ${describeError(r.error)}`);
  return r.value;
}

/**
 * The file `--load <name>` names: `name` itself, or else `name.<extension>` when that exists, as the game's `save`
 * adds the extension to a name without one (`save trx1` writes trx1.tac, `--load trx1` reads it); undefined when
 * neither exists.
 */
export function existingGameFile(name: string, extension: string | undefined): string | undefined {
  if (existsSync(name)) return name;
  const withIt = withExtension(name, extension);
  return withIt !== name && existsSync(withIt) ? withIt : undefined;
}

/**
 * `--load <file-or-save>`: the game file at that path (or with the game's extension added) if there is one, else the
 * named save by number or title.
 */
export async function loadFileOrSave<H>(
  ref: string,
  library: SaveLibrary,
  gameId: string,
  read: RecordReader<H>,
  extension?: string,
): Promise<H> {
  const file = existingGameFile(ref, extension);
  if (file !== undefined) return readGameFile(file, read);
  const save = library.open(ref, gameId);
  if (!save.ok) throw new CliError(`${ref}: no such file, and ${describeError(save.error)}`);
  const r = await read(save.value.payload);
  if (!r.ok) throw new CliError(`save "${save.value.title}": ${describeError(r.error)}`);
  return r.value;
}

/**
 * The game a `play` command plays: the game file or named save that `--load` names, set up with the options the
 * catalogue reads from its record (a record names its own start), or else the game the command's options set up.
 */
export async function gameToPlay<S, M, V, St extends StatusBase, P extends PieceModel>(
  entry: GameEntry<S, M, V, St, P>,
  load: string | undefined,
  library: SaveLibrary,
  options: Readonly<Record<string, unknown>>,
  flags: OptionFlags,
): Promise<{
  readonly setup: SequentialSetup<S, M, V, St, P>;
  readonly history?: History<S, M>;
  /** Who played each side, as the loaded record names them. */
  readonly players?: readonly [string, string];
}> {
  if (load === undefined) return { setup: setupFrom(entry, options, flags) };
  const format = fileFormat(entry);
  const extension = entry.records.find((r) => r.id === format)?.extension;
  const read = (text: string) => entry.importRecord(format, text);
  const loaded = await loadFileOrSave(load, library, entry.family, read, extension);
  return {
    setup: setupFrom(entry, loaded.options),
    history: loaded.history,
    ...(loaded.meta.players ? { players: loaded.meta.players } : {}),
  };
}
