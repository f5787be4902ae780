/**
 * Every game's entry, loaded at once: for Node programs that serve all five games (the terminal, the server, the
 * e-mail gateway). A browser page loads one game with `loadEntry` instead.
 */
import { err, inputError, type InputError, type Result } from '@tactica/core';
import { draughtsEntry } from './draughts/entry.js';
import { force400Entry } from './force400/entry.js';
import { tactrixEntry } from './tactrix/entry.js';
import { tacticsEntry } from './tactics/entry.js';
import { tactorusEntry } from './tactorus/entry.js';
import { readStoredGame, restoreWith, type RestoredGame } from './stored-game.js';
import { GAME_FAMILIES, isGameFamily, type AnyGameEntry, type GameFamily } from './types.js';

export const CATALOGUE: Readonly<Record<GameFamily, AnyGameEntry>> = {
  draughts: draughtsEntry,
  force400: force400Entry,
  tactrix: tactrixEntry,
  tactics: tacticsEntry,
  tactorus: tactorusEntry,
};

/** Every entry in menu order. */
export const ENTRIES: readonly AnyGameEntry[] = GAME_FAMILIES.map((f) => CATALOGUE[f]);

export function entryOf(name: unknown): Result<AnyGameEntry, InputError> {
  const key = typeof name === 'string' ? name.trim().toLowerCase() : name;
  if (!isGameFamily(key)) {
    return err(
      inputError('catalogue/unknown-game', `unknown game ${JSON.stringify(name)}: ${GAME_FAMILIES.join(', ')}`, {
        input: String(name),
      }),
    );
  }
  return { ok: true, value: CATALOGUE[key] };
}

/** Restores a stored game (an object or its JSON text) with every entry at hand. */
export function restoreStoredGame(stored: unknown): Result<RestoredGame, InputError> {
  const read = readStoredGame(stored);
  if (!read.ok) return read;
  const entry = entryOf(read.value.family);
  if (!entry.ok) return entry;
  return restoreWith(entry.value, read.value);
}
