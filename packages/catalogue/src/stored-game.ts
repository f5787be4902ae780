/**
 * A game as a server or a save keeps it: the family, the options it was set up with, and its session's snapshot.
 * With the catalogue alone this restores every game of every kind: the options set the game up again, and the
 * session replays its line through the game's own notation.
 *
 *   { "format": "tactica-game", "formatVersion": 1, "family": "draughts",
 *     "options": { "variant": "russian", "giveaway": false, "position": "" }, "session": { … } }
 */
import {
  err,
  inputError,
  ok,
  type InputError,
  type Result,
  type Session,
  type SimultaneousSession,
} from '@tactica/core';
import {
  isGameFamily,
  type AnyGameEntry,
  type AnyGameSetup,
  type GameFamily,
  type OptionValues,
  type StatusBase,
} from './types.js';

export const STORED_GAME_FORMAT = 'tactica-game';

/**
 * A type, not an interface: a type's keys count as an index signature, so a store that takes JSON documents
 * (`JsonValue`) can be handed a `StoredGame` with a checked assertion rather than through `unknown`.
 */
export type StoredGame = {
  readonly format: typeof STORED_GAME_FORMAT;
  readonly formatVersion: 1;
  readonly family: GameFamily;
  readonly options: OptionValues;
  /** The session's snapshot (`session.toJSON()`). */
  readonly session: unknown;
};

/** A restored game: its setup and its session (sequential or simultaneous, as the setup's `dynamics` says). */
export type RestoredGame =
  | {
      readonly dynamics: 'sequential';
      readonly setup: AnyGameSetup & { readonly dynamics: 'sequential' };
      readonly session: Session<unknown, unknown, StatusBase>;
    }
  | {
      readonly dynamics: 'simultaneous';
      readonly setup: AnyGameSetup & { readonly dynamics: 'simultaneous' };
      readonly session: SimultaneousSession<unknown, unknown, StatusBase>;
    };

/** The stored form of a session of `setup`. */
export function storeGame(setup: Pick<AnyGameSetup, 'family' | 'options'>, session: { toJSON(): unknown }): StoredGame {
  return { ...envelopeOf(setup), session: session.toJSON() };
}

/** A stored game's fields but its session. */
function envelopeOf(setup: Pick<AnyGameSetup, 'family' | 'options'>): Omit<StoredGame, 'session'> {
  return { format: STORED_GAME_FORMAT, formatVersion: 1, family: setup.family, options: setup.options };
}

/**
 * `JSON.stringify(storeGame(setup, session))` as `readStoredGame` reads it back, written through the session's own
 * `toJSONText` where it has one (a sequential session writes its moves' text extended from the last time): a server
 * writes this at every move.
 */
export function storedGameText(
  setup: Pick<AnyGameSetup, 'family' | 'options'>,
  session: { toJSON(): unknown; toJSONText?(): string },
): string {
  const envelope = JSON.stringify(envelopeOf(setup));
  const body = session.toJSONText ? session.toJSONText() : JSON.stringify(session.toJSON());
  return `${envelope.slice(0, -1)},"session":${body}}`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function bad(field: string, problem: string): InputError {
  return inputError('stored/bad-field', `${field}: ${problem}`, { input: field });
}

/** Checks the envelope of a stored game (an object or its JSON text); the session inside is checked on restore. */
export function readStoredGame(input: unknown): Result<StoredGame, InputError> {
  let v = input;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v) as unknown;
    } catch (e) {
      return err(inputError('stored/bad-json', `the stored game is not JSON: ${(e as Error).message}`));
    }
  }
  if (!isRecord(v)) return err(bad('', 'a stored game is a JSON object'));
  if (v.format !== STORED_GAME_FORMAT) return err(bad('format', `must be "${STORED_GAME_FORMAT}"`));
  if (v.formatVersion !== 1) return err(bad('formatVersion', 'must be 1 (the only version so far)'));
  if (!isGameFamily(v.family)) return err(bad('family', `unknown game family ${JSON.stringify(v.family)}`));
  if (!isRecord(v.options)) return err(bad('options', 'must be an object'));
  if (v.session === undefined) return err(bad('session', 'is missing'));
  return ok({
    format: STORED_GAME_FORMAT,
    formatVersion: 1,
    family: v.family,
    options: v.options as OptionValues,
    session: v.session,
  });
}

/** Restores a stored game with its family's entry: the setup from the options, the session from its snapshot. */
export function restoreWith(entry: AnyGameEntry, stored: StoredGame): Result<RestoredGame, InputError> {
  const setup = entry.setup(stored.options);
  if (!setup.ok) return err(inputError(setup.error.code, `options: ${setup.error.message}`, { input: 'options' }));
  const s = setup.value;
  if (s.dynamics === 'sequential') {
    const session = s.restoreSession(stored.session);
    if (!session.ok) return session;
    return ok({ dynamics: 'sequential', setup: s, session: session.value });
  }
  const session = s.restoreSession(stored.session);
  if (!session.ok) return session;
  return ok({ dynamics: 'simultaneous', setup: s, session: session.value });
}
