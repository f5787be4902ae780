/**
 * @tactica/catalogue — the one place an interface (the terminal, the server, the e-mail gateway, the browser) looks a
 * game up: every game family and variant with its options schema, its status fields, its record formats, its board
 * model and `fromInput`, its computer levels and engine, and sessions that start, and restore from a stored
 * snapshot, with the catalogue alone.
 *
 *   import { GAME_LISTINGS, loadEntry, restoreGame, storeGame } from '@tactica/catalogue';
 *   const entry = await loadEntry('draughts');                      // only draughts is loaded
 *   const setup = unwrap(entry.setup({ variant: 'english' }));
 *   let session = unwrap(setup.newSession({ seed: 1, now: Date.now() }));
 *   const move = unwrap(setup.board.fromInput(session.position, { from: '11', to: '15' }));
 *   session = unwrap(session.play(0, move, { expectedVersion: session.version, now: Date.now() }));
 *   const stored = storeGame(setup, session);                       // JSON; later: unwrap(await restoreGame(stored))
 *
 * Each family is also its own entry point (`@tactica/catalogue/draughts` …) and `@tactica/catalogue/all` holds every
 * entry loaded at once (for Node programs that serve every game).
 */
import { err, inputError, type InputError, type Result } from '@tactica/core';
import { readStoredGame, restoreWith, type RestoredGame } from './stored-game.js';
import { GAME_FAMILIES, isGameFamily, type AnyGameEntry, type GameFamily } from './types.js';

export * from './types.js';
export { familyNamed, GAME_LISTINGS, listing, type GameListing } from './listing.js';
export { RULES_TEXT } from './rules-text.js';
export {
  byKind,
  commonCommand,
  exportPlay,
  forfeitIn,
  playersToAct,
  playsInRounds,
  playTurn,
  positionSeenBy,
  positionsHeld,
  roundPlay,
  sequentialPlay,
  takesLiveClock,
  turnKey,
  turnNumber,
  turnsPlayed,
  turnStart,
  turnWord,
  type CommonCommands,
  type HasDynamics,
  type RoundPlay,
  type SequentialPlay,
} from './play-reader.js';
export { startPlay, withRecordLine } from './play-start.js';
export { readOptions } from './options.js';
export { makeBoard } from './board.js';
export { loadComputer } from './computer.js';
export { reviewGame } from './review.js';
export {
  readStoredGame,
  restoreWith,
  storeGame,
  storedGameText,
  STORED_GAME_FORMAT,
  type RestoredGame,
  type StoredGame,
} from './stored-game.js';

/** Each family's entry, loaded on demand: a bundler makes each its own chunk. */
const LOADERS: Readonly<Record<GameFamily, () => Promise<AnyGameEntry>>> = {
  draughts: async () => (await import('./draughts/entry.js')).draughtsEntry,
  force400: async () => (await import('./force400/entry.js')).force400Entry,
  tactrix: async () => (await import('./tactrix/entry.js')).tactrixEntry,
  tactics: async () => (await import('./tactics/entry.js')).tacticsEntry,
  tactorus: async () => (await import('./tactorus/entry.js')).tactorusEntry,
};

/** Loads a family's entry (its rules package and its computer's levels). */
export async function loadEntry(family: GameFamily): Promise<AnyGameEntry> {
  return LOADERS[family]();
}

/** Loads a family's entry from an untrusted name (a request, a mail's subject). */
export async function findEntry(name: unknown): Promise<Result<AnyGameEntry, InputError>> {
  const key = typeof name === 'string' ? name.trim().toLowerCase() : name;
  if (!isGameFamily(key)) {
    return err(
      inputError('catalogue/unknown-game', `unknown game ${JSON.stringify(name)}: ${GAME_FAMILIES.join(', ')}`, {
        input: String(name),
      }),
    );
  }
  return { ok: true, value: await loadEntry(key) };
}

/** Restores a stored game (an object or its JSON text) with the catalogue alone. */
export async function restoreGame(stored: unknown): Promise<Result<RestoredGame, InputError>> {
  const read = readStoredGame(stored);
  if (!read.ok) return read;
  return restoreWith(await loadEntry(read.value.family), read.value);
}
export * from './codes.js';
