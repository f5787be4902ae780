/**
 * A game as the server holds it in memory: its row's fields and its session, restored from the stored game (its
 * head and log put together: ./move-log.ts) with the catalogue alone. The rows are the truth; this is a cache of
 * them keyed by version.
 */
import { type Player } from '@tactica/core';
import { restoreStoredGame } from '@tactica/catalogue/all';
import { playersToAct as playersToActIn, type GameFamily, type RestoredGame } from '@tactica/catalogue';
import type { User } from '../accounts/accounts.js';
import { DomainError } from '../errors.js';
import { readControl, type TimeControlSpec } from './control.js';
import type { StoredGame } from './game-repository.js';

/** What the server keeps beside the session. */
export interface GameMeta {
  /** When the current turn (or round) began: correspondence deadlines count from here. */
  readonly turnSince: number;
  /** A takeback asked for and not yet answered. */
  readonly takeback?: { readonly by: Player };
  /** The version at which the player to move was reminded (correspondence): one reminder a turn. */
  readonly nagged?: number;
  /** The vacation this turn's start was moved for (./vacation.ts): coming back early takes back the rest. */
  readonly away?: { readonly user: string; readonly since: number; readonly until: number };
  /**
   * How many of the game's changes each audience did not see: a Tactorus player's orders before `done` are a change
   * of theirs alone. Each audience counts versions of its own (`versionFor`), raised only by the changes it sees,
   * so it learns neither when nor how often the other side edits. Absent: every change was public.
   */
  readonly hidden?: { readonly public: number; readonly seats: readonly [number, number] };
  /** The last change was seen by this seat alone (a draft edit): nobody else is told of it. */
  readonly privateTo?: Player;
  /** Both players agreed at the challenge to engine help during the game (casual games between people only). */
  readonly engineHelp?: true;
  /** The tournament the game was paired for (../tournaments/director.ts). */
  readonly tournament?: number;
}

export interface LiveGame {
  readonly id: number;
  readonly version: number;
  readonly family: GameFamily;
  readonly rated: boolean;
  readonly finished: boolean;
  readonly users: readonly [User | null, User | null];
  readonly levels: readonly [string | null, string | null];
  readonly control: TimeControlSpec;
  readonly meta: GameMeta;
  readonly restored: RestoredGame;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/**
 * Restores a game from its record and its stored game (`joinStoredGame` of the record's head and log); one that no
 * longer restores is a damaged game, refused with a coded error.
 */
export function liveGameOf(record: Omit<StoredGame, 'log'>, stored: unknown): LiveGame {
  const restored = restoreStoredGame(stored);
  if (!restored.ok) {
    throw new DomainError('game/damaged', `game ${record.id} cannot be restored: ${restored.error.message}`);
  }
  const user = (id: string | null, name: string | null): User | null => (id && name ? { id, name } : null);
  return {
    id: record.id,
    version: record.version,
    family: record.family as GameFamily,
    rated: record.rated,
    finished: record.status === 'finished',
    users: [user(record.users[0], record.names[0]), user(record.users[1], record.names[1])],
    levels: record.levels,
    control: readControl(JSON.parse(record.control) as unknown),
    meta: JSON.parse(record.meta) as GameMeta,
    restored: restored.value,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/**
 * The game's version as `viewer` (a seat, or undefined: a spectator) knows it: the versions of the changes they
 * saw, counted without the ones they did not (`GameMeta.hidden`). What views and acknowledgements show, and what a
 * command names.
 */
export function versionFor(game: Pick<LiveGame, 'version' | 'meta'>, viewer: Player | undefined): number {
  const h = game.meta.hidden;
  if (!h) return game.version;
  return game.version - (viewer === undefined ? h.public : h.seats[viewer]);
}

/** The seat `user` plays in this game, if any. */
export function seatOf(game: LiveGame, user: User | undefined): Player | undefined {
  if (!user) return undefined;
  const mine = ([0, 1] as const).filter((p) => game.users[p]?.id === user.id);
  // Playing both sides (an imported game to analyse): the seat to act.
  if (mine.length === 2) return playersToAct(game)[0] ?? 0;
  return mine[0];
}

/** Who is to act now: the player to move, or in a round those who have not submitted. */
export function playersToAct(game: Pick<LiveGame, 'restored'>): readonly Player[] {
  return playersToActIn(game.restored);
}
