/**
 * A game's options on the command line, read by the catalogue: the play commands hand the flags' values to the
 * entry's `setup(options)`, so an option is checked once, where the game is described, and its coded error comes
 * back here named by its flag.
 */
import { describeError, type InputError } from '@tactica/core';
import type { GameEntry, PieceModel, RecordFormatInfo, SequentialSetup, StatusBase } from '@tactica/catalogue';
import { CliError } from './io.js';

/** The flag that gives each catalogue option on this command (`{ position: '--position' }`). */
export type OptionFlags = Readonly<Record<string, string>>;

/**
 * The catalogue's error for an option, in the command line's words: `bad --variant: options/bad-value: must be one
 * of …` (the catalogue names the option key, `variant: …`; the user typed the flag).
 */
function optionErrorMessage(e: InputError, flags: OptionFlags): string {
  const key = e.input;
  const flag = key === undefined ? undefined : flags[key];
  if (key === undefined || flag === undefined) return describeError(e);
  const prefix = `${key}: `;
  const message = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
  return `bad ${flag}: ${describeError({ ...e, message })}`;
}

/**
 * The setup of a game played in turns (the terminal loop plays those) for the options given; a bad option is a
 * CliError naming its flag.
 */
export function setupFrom<S, M, V, St extends StatusBase, P extends PieceModel>(
  entry: GameEntry<S, M, V, St, P>,
  options: Readonly<Record<string, unknown>>,
  flags: OptionFlags = {},
): SequentialSetup<S, M, V, St, P> {
  const r = entry.setup(options);
  if (!r.ok) throw new CliError(optionErrorMessage(r.error, flags));
  if (r.value.dynamics !== 'sequential') throw new Error(`${entry.family} is not a game played in turns`);
  return r.value;
}

/** The record format a game's terminal saves and loads (`save`, `load`, `--load`): the first the entry lists. */
export function fileFormat(entry: { readonly family: string; readonly records: readonly RecordFormatInfo[] }): string {
  const format = entry.records[0];
  if (!format) throw new Error(`${entry.family} has no record format in the catalogue`);
  return format.id;
}
