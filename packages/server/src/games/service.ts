/**
 * Games on the server: created from the catalogue, changed only by commands, each command one transaction that
 * checks the version it was meant for and raises it (a compare-and-set on the row), acknowledged only once
 * committed. Views are rendered per viewer from the same data; timeouts and the computer's moves are commands
 * like the players'.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { History, SeatSpec, SessionSeats } from '@tactica/core';
import { entryOf } from '@tactica/catalogue/all';
import {
  GAME_LISTINGS,
  positionsHeld,
  roundPlay,
  sequentialPlay,
  startPlay,
  storeGame,
  takesLiveClock,
  withRecordLine,
  type AnyGameSetup,
  type GameFamily,
  type RestoredGame,
} from '@tactica/catalogue';
import type { ChangeFeed, User } from '../accounts/accounts.js';
import type { ChangeEvent } from '../bus/change-bus.js';
import type { Database } from '../db/database.js';
import { DomainError, fromInputError, notFound } from '../errors.js';
import { rateGame } from '../ratings/rate-game.js';
import { kyselyStorage } from '../storage/kysely-storage.js';
import type { Notify, Repositories, Storage } from '../storage/ports.js';
import { DAY_MS, sessionClock, type TimeControlSpec } from './control.js';
import { liveGameOf, playersToAct, seatOf, versionFor, type GameMeta, type LiveGame } from './live-game.js';
import { joinStoredGame, logChange, splitStoredGame, type SplitGame } from './move-log.js';
import { applyStep, stepOf } from './steps.js';
import type { GameChange } from './game-repository.js';
import { stepsPlayed, summaryColumns, summaryOf, type SummaryColumns } from './summary.js';
import { applyCommand, type GameCommand, type Transition } from './transitions.js';
import {
  awayInYear,
  checkAllowance,
  recordVacation,
  vacationOf,
  VACATION_CREDIT_BATCH,
  VACATION_DAYS_PER_YEAR,
  type AwayCredit,
} from './vacation.js';

/** Who sits in a seat when a game is made: a user, or the computer at a level. */
export type SeatHolder = { readonly user: User } | { readonly level: string };

export interface NewGame {
  readonly family: GameFamily;
  readonly options?: unknown;
  readonly seats: readonly [SeatHolder, SeatHolder];
  readonly control: TimeControlSpec;
  readonly rated: boolean;
  /** Engine help during the game, both players agreeing (a casual game between people only). */
  readonly engineHelp?: boolean;
  /** A line of play to continue (an imported record; sequential games). */
  readonly history?: History<unknown, unknown>;
  /** The session snapshot of an imported record to continue (simultaneous games). */
  readonly snapshot?: unknown;
  /**
   * The tournament the game is paired for (../tournaments/director.ts): its games against the computer are the
   * tournament's, bounded by its own limits, and not counted in the player's share of the computer.
   */
  readonly tournament?: number;
}

const CACHE_LIMIT = 5_000;

/**
 * What a position weighs in the game cache beyond the game's fixed part (GAME_BYTES) is each game's own figure
 * (the catalogue listing's `positionBytes`, measured): a line holds its start, its cursor, its tip and a checkpoint
 * state every 64 plies (core's `History`), not every state — which weighed 2.7–3.5 kB a position before.
 */
const positionBytes = new Map(GAME_LISTINGS.map((l) => [l.family, l.positionBytes]));

/**
 * A game's fixed part in the cache, whatever its length: its setup, meta, the LiveGame, and the few states its line
 * holds (its start, the state at the cursor and the one before, the tip), with what is remembered on them. A game
 * just begun weighed 5–14 kB (Force 400's states the heaviest).
 */
const GAME_BYTES = 14_000;

/**
 * What the game cache may hold, in megabytes of estimated heap (`positionBytes`): 256 MB by default **(ours)**, so a
 * small server keeps its games in play and the recently seen ones without the heap growing with every game it has
 * ever served (every full collection traces what is held). `tactica serve --game-cache-mb N`. The least recently
 * changed go first (the games in play are set again at every move): finished and idle ones, read back from their
 * row if asked.
 */
const GAME_CACHE_MB = 256;

/** A cached game's estimated weight in bytes (the listing's `positionBytes`). */
export function weightOf(game: Pick<LiveGame, 'family' | 'restored'>): number {
  const n = positionsHeld(game.restored);
  return GAME_BYTES + n * (positionBytes.get(game.family) ?? 10_000);
}

/**
 * The most moves (plies; Tactorus: rounds) a game may hold **(ours)**: reading a game back from its row replays its
 * whole line, and a cached game weighs its positions: a Tactics game of 2,135 plies reads back in about 20 ms
 * (9.5 µs a position) and weighs 0.5 MB (bench/RESULTS.md). A record longer than this is refused at import; a game that
 * reaches it can only be ended (a resignation, a draw), not played on. `tactica serve --max-game-plies N`. Random
 * legal games of Tactics, the longest of the five, lasted at most 2,264 plies in 40 tries.
 */
const MAX_GAME_PLIES = 3_000;

export interface GameServiceOptions {
  /** The game cache's budget in megabytes (GAME_CACHE_MB; fractions allowed). */
  readonly cacheMb?: number;
  /** The most moves a game may hold (MAX_GAME_PLIES). */
  readonly maxPlies?: number;
  /**
   * Other instances share the storage and follow this one's changes by their steps (PostgreSQL): each change's
   * event then carries its step (./steps.ts). Default: none do.
   */
  readonly sharedStorage?: boolean;
}

/** A check every new game must pass, run in the transaction that stores it; it refuses the game by throwing. */
export type Admission = (repos: Repositories, spec: NewGame, now: number) => Promise<void>;

/** An open transaction a caller runs the service's work in: its repositories and where its events are noted. */
export interface InTransaction {
  readonly repos: Repositories;
  readonly notify: Notify;
}

/**
 * Each session's stored form, split into head and log (./move-log.ts): what a write of it stores, and, for the
 * session a write starts from, what its rows hold now (the log a move's rows are told apart from). Set when a
 * session is written (or first asked for, after a read or another instance's step); sessions are immutable values.
 * A sequential session's log is the list of its line's texts the session keeps anyway: nothing is copied.
 */
const splits = new WeakMap<object, SplitGame>();

/** A session's stored form, split (remembered: see `splits`). A Tactorus session is encoded once for it and the views. */
function splitOf(restored: RestoredGame): SplitGame {
  const known = splits.get(restored.session);
  if (known) return known;
  let stored: ReturnType<typeof storeGame>;
  const rounds = roundPlay(restored);
  if (rounds) {
    const encoded = rounds.session.toJSON();
    stepsPlayed(rounds.session, encoded.line);
    stored = storeGame(restored.setup, { toJSON: () => encoded });
  } else {
    stored = storeGame(restored.setup, restored.session);
  }
  const split = splitStoredGame(stored as unknown as Record<string, unknown>);
  splits.set(restored.session, split);
  return split;
}

/** A game's row fields that follow its session: the head and the summary the listings read; and its log. */
function storedFields(restored: RestoredGame): { fields: SummaryColumns & { head: string }; log: SplitGame['log'] } {
  const { head, log } = splitOf(restored);
  return { fields: { head, ...summaryColumns(summaryOf(restored)) }, log };
}

/** The due time of a game's next timeout: a live clock running out, a correspondence reminder or forfeit. */
export function deadlineOf(
  game: Pick<LiveGame, 'control' | 'meta' | 'restored' | 'version' | 'levels'>,
  now: number,
): number | null {
  const r = game.restored;
  if (r.session.outcome) return null;
  const c = game.control;
  const seq = sequentialPlay(r)?.session;
  if (c.kind === 'live' && seq) {
    const p = seq.toMove;
    if (p === undefined) return null;
    const left = seq.timeLeft(p, now);
    return Number.isFinite(left) ? now + Math.max(0, left) : null;
  }
  if (c.kind === 'correspondence') {
    // The computer answers at once: only a person's turn has a deadline.
    if (!playersToAct(game).some((p) => game.levels[p] === null)) return null;
    const reminded = game.meta.nagged !== undefined;
    return game.meta.turnSince + (reminded ? c.daysPerMove : c.nagDays) * DAY_MS;
  }
  return null;
}

/**
 * The transition's meta with who saw the change: a change private to one seat is counted as hidden from the other
 * seat and from spectators (`GameMeta.hidden`, kept for the rest of the game); any other change is seen by all.
 */
function withAudience(before: GameMeta, next: Transition): GameMeta {
  const { hidden: _h, privateTo: _p, ...meta } = next.meta;
  const h = before.hidden;
  const p = next.privateTo;
  if (p === undefined) return h ? { ...meta, hidden: h } : meta;
  const seats = h?.seats ?? [0, 0];
  const hidden = {
    public: (h?.public ?? 0) + 1,
    seats: p === 0 ? ([seats[0], seats[1] + 1] as const) : ([seats[0] + 1, seats[1]] as const),
  };
  return { ...meta, hidden, privateTo: p };
}

export class GameService {
  private readonly cache = new Map<number, LiveGame>();
  /** Each game's read of its row under way on this instance (`read`). */
  private readonly reading = new Map<number, Promise<LiveGame>>();
  /** Each game's write under way on this instance. */
  private readonly writing = new Map<number, Promise<LiveGame | undefined>>();
  /** Called after a change commits on this instance (the computer, the clock scheduler). */
  private readonly afterCommit = new Set<(game: LiveGame) => void>();
  /** Checks a new game must pass, run in the transaction that stores it (the computer's quota). */
  private readonly admissions = new Set<Admission>();

  /** The estimated bytes the cached games hold (see `positionBytes`). */
  private cachedBytes = 0;
  /** Games restored from their rows (a replay of the whole line each): for tests and `/api/health`. */
  restores = 0;
  /** The last restore's slot (`restoreTurn`). */
  private restoring: Promise<void> = Promise.resolve();
  /** The cache's budget in bytes. */
  readonly cacheBytes: number;
  /** The most moves a game may hold (MAX_GAME_PLIES). */
  readonly maxPlies: number;
  /** Whether each change's event carries its step for the other instances (`GameServiceOptions.sharedStorage`). */
  private readonly sharedStorage: boolean;

  /**
   * `storage` keeps the games; `changes` tells of every instance's committed changes (this one's too).
   */
  constructor(
    private readonly storage: Storage,
    changes: ChangeFeed,
    private readonly now: () => number = Date.now,
    options: GameServiceOptions = {},
  ) {
    this.cacheBytes = (options.cacheMb ?? GAME_CACHE_MB) * 2 ** 20;
    this.maxPlies = options.maxPlies ?? MAX_GAME_PLIES;
    this.sharedStorage = options.sharedStorage ?? false;
    // Subscribed before the stream hub and the gateway (they are made with this service), so that they find the
    // cached copy already brought up to the event's version.
    changes.onChange((e) => this.follow(e));
  }

  /** The service on a database: its Kysely storage, its change events, steps for other instances on PostgreSQL. */
  static onDatabase(database: Database, now: () => number = Date.now, options: GameServiceOptions = {}): GameService {
    return new GameService(kyselyStorage(database), database, now, {
      sharedStorage: database.dialect === 'postgres',
      ...options,
    });
  }

  /**
   * Another instance's change (PostgreSQL): the cached copy is played on by the event's step, or dropped when it
   * cannot be (no step, a version gap, a step that does not apply), so the next read loads it without asking
   * whether it is current. This instance's own changes are cached already (or are being written: left to the write).
   */
  private follow(e: ChangeEvent): void {
    if (e.kind !== 'game' || e.gameId === undefined || e.version === undefined) return;
    const cached = this.cache.get(e.gameId);
    if (!cached || cached.version >= e.version || this.writing.has(e.gameId)) return;
    const next = e.step === undefined ? undefined : applyStep(cached, e.version, e.step);
    if (next) this.remember(next);
    else this.forget(e.gameId);
  }

  onCommitted(listener: (game: LiveGame) => void): void {
    this.afterCommit.add(listener);
  }

  /** Adds a check every new game must pass; it refuses one by throwing, inside the transaction that stores it. */
  beforeCreate(check: Admission): void {
    this.admissions.add(check);
  }

  /** Sets a game up and stores it. */
  async create(spec: NewGame, inside?: InTransaction): Promise<LiveGame> {
    const entry = entryOf(spec.family);
    if (!entry.ok) throw fromInputError(entry.error, 'family');
    const setupR = entry.value.setup(spec.options);
    if (!setupR.ok) throw fromInputError(setupR.error, 'options');
    const setup: AnyGameSetup = setupR.value;
    const now = this.now();
    const levels = spec.seats.map((s) => ('level' in s ? s.level : null)) as [string | null, string | null];
    for (const level of levels) {
      if (level !== null && !setup.levels.some((l) => l.id === level)) {
        throw new DomainError(
          'game/bad-level',
          `${entry.value.name} levels are ${setup.levels.map((l) => l.id).join(', ')}`,
          'level',
        );
      }
    }
    const seatSpec = (s: SeatHolder): SeatSpec =>
      'level' in s ? { kind: 'computer', level: s.level } : { kind: 'human', name: s.user.name };
    const seats: SessionSeats = [seatSpec(spec.seats[0]), seatSpec(spec.seats[1])];
    const clock = sessionClock(spec.control);
    if (clock && !takesLiveClock(setup)) {
      throw new DomainError('control/no-clock', `${entry.value.name} is played without a live clock`, 'control');
    }
    const seed = Math.floor(Math.random() * 2 ** 31);
    const started = startPlay(setup, { seats, ...(clock ? { clock } : {}), seed, now });
    if (!started.ok) throw fromInputError(started.error);
    // An imported game: its moves played on, or its rounds as recorded, played on by these seats.
    const at = { expectedVersion: started.value.session.version, now, seats };
    const loaded = withRecordLine(started.value, spec, at);
    if (!loaded.ok) throw fromInputError(loaded.error, 'text');
    const restored = loaded.value;
    // The stored log counts too (a Tactorus record's steps: its commands and rounds).
    const length = Math.max(positionsHeld(restored) - 1, splitOf(restored).log.length);
    if (length > this.maxPlies) {
      throw new DomainError(
        'game/record-too-long',
        `the record holds ${length} moves; this server keeps games of at most ${this.maxPlies}`,
        'text',
      );
    }
    const users = spec.seats.map((s) => ('user' in s ? s.user : null)) as [User | null, User | null];
    const rated = spec.rated && users[0] !== null && users[1] !== null;
    if (spec.engineHelp && rated) {
      throw new DomainError('challenge/engine-help-rated', 'engine help is never allowed in a rated game');
    }
    const meta: GameMeta = {
      turnSince: now,
      ...(spec.engineHelp ? { engineHelp: true as const } : {}),
      ...(spec.tournament !== undefined ? { tournament: spec.tournament } : {}),
    };
    const draft = { control: spec.control, meta, restored, version: 1, levels };
    const stored = storedFields(restored);
    const record = {
      family: spec.family,
      variantId: setup.variantId,
      options: JSON.stringify(setup.options),
      rated,
      status: 'active',
      users: [users[0]?.id ?? null, users[1]?.id ?? null],
      levels,
      version: 1,
      head: stored.fields.head,
      plies: stored.fields.plies,
      lastMove: stored.fields.last_move,
      toAct: stored.fields.to_act,
      control: JSON.stringify(spec.control),
      deadlineAt: deadlineOf(draft, now),
      meta: JSON.stringify(meta),
      result: null,
      createdAt: now,
      updatedAt: now,
      log: stored.log,
    } as const;
    const insert = async (repos: Repositories, notify: Notify): Promise<number> => {
      for (const admit of this.admissions) await admit(repos, spec, now);
      const id = await repos.games.insert(record);
      notify({ kind: 'game', gameId: id, version: 1 });
      notify({ kind: 'lobby' });
      return id;
    };
    const id = inside ? await insert(inside.repos, inside.notify) : await this.storage.transaction(insert);
    const game: LiveGame = {
      id,
      version: 1,
      family: spec.family,
      rated,
      finished: false,
      users,
      levels,
      control: spec.control,
      meta,
      restored,
      createdAt: now,
      updatedAt: now,
    };
    // Inside a caller's transaction the caller reports the game once it commits (`committed`).
    if (!inside) this.committed(game);
    return game;
  }

  /**
   * The game as stored now (from the cache when its version is the stored one). `version`: the caller knows the game
   * has reached it (an event said so): a cached copy at it or beyond is taken as it is, an older one is known stale
   * and the game is read at once, without first asking for its version. `fresh`: read from the row whatever the
   * cache holds, with a read of this call's own (one already under way may have started before a change the caller
   * knows of). `watched`: the caller hears every change of the game from now on (a stream subscriber, watching
   * before it reads), so a cached copy serves as it is: a change it lacks is on its way to the caller as an event.
   */
  async load(id: number, options: { fresh?: boolean; version?: number; watched?: boolean } = {}): Promise<LiveGame> {
    const cached = this.cache.get(id);
    if (cached && !options.fresh) {
      if (options.watched) return cached;
      if (options.version !== undefined) {
        if (cached.version >= options.version) return cached;
      } else {
        const version = await this.storage.repos.games.versionOf(id);
        if (version === undefined) throw notFound(`game ${id}`);
        if (version === cached.version) return cached;
      }
    }
    let game = await this.read(id, !options.fresh);
    // A read that was under way before the change the caller heard of: read again.
    if (options.version !== undefined && game.version < options.version) game = await this.read(id, false);
    return game;
  }

  /**
   * The game's row read and cached, `shared`: joining a read of the same game already under way (a new game's
   * subscription and its first command come together, and each would read it). A copy cached meanwhile at a newer
   * version (committed here, or followed from another instance) is kept, never replaced by the older row.
   */
  private async read(id: number, shared: boolean): Promise<LiveGame> {
    let reading = shared ? this.reading.get(id) : undefined;
    if (!reading) {
      const started = this.loadIn(id);
      reading = started;
      this.reading.set(id, started);
      void started
        .finally(() => {
          if (this.reading.get(id) === started) this.reading.delete(id);
        })
        .catch(() => undefined);
    }
    const game = await reading;
    const current = this.cache.get(id);
    if (current && current.version >= game.version) return current;
    this.remember(game);
    return game;
  }

  /** Refused with `not-found` unless the game exists: a check that restores nothing (the chat's listing). */
  async mustExist(id: number): Promise<void> {
    if (this.cache.has(id)) return;
    if ((await this.storage.repos.games.versionOf(id)) === undefined) throw notFound(`game ${id}`);
  }

  /**
   * The game as stored: its head and its log read together (one snapshot of the storage, whatever commits
   * meanwhile), put together and restored. `repos`: inside a caller's transaction (which holds the game, for
   * instance); outside one, each restore waits for this instance's next slot (`restoreTurn`).
   */
  async loadIn(id: number, repos?: Repositories): Promise<LiveGame> {
    const stored = await (repos ?? this.storage.repos).games.read(id);
    if (!stored) throw notFound(`game ${id}`);
    if (!stored.log) throw new DomainError('game/damaged', `game ${id} cannot be restored: its log misses moves`);
    const whole = joinStoredGame(id, stored.head, stored.log);
    // Inside a caller's transaction (the scheduler's, holding SQLite's only writer) a restore does not queue behind
    // the requests' restores: the moves' writes wait for that transaction.
    if (!repos) await this.restoreTurn();
    this.restores++;
    // The rows read are not kept: the next write tells its rows apart from the restored session's own texts (the
    // same moves, which the views keep anyway), not from a second copy of the log held beside them.
    return liveGameOf(stored, whole);
  }

  /**
   * Waits for this instance's next restore slot: one restore a turn of the event loop, so whatever else is waiting
   * (a health check, another player's move) runs between two restores, never behind a burst of them. A restore
   * replays the whole line (bounded by MAX_GAME_PLIES); many asked at once would otherwise run back to back.
   */
  private restoreTurn(): Promise<void> {
    const turn = this.restoring.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
    this.restoring = turn;
    return turn;
  }

  /**
   * The game at `version` when this instance has it or is writing it, without a query: PostgreSQL may deliver a
   * change's notification before the instance that made the change has heard its own commit.
   */
  async settled(id: number, version: number | undefined): Promise<LiveGame | undefined> {
    const known = this.cached(id, version);
    if (known) return known;
    const writing = this.writing.get(id);
    if (!writing) return undefined;
    await writing.catch(() => undefined);
    // The command that wrote it takes its result in first (it awaited first), so the cache has it now.
    return this.cached(id, version);
  }

  /** A cached game when its version is known current (after an event), without a query. */
  cached(id: number, version?: number): LiveGame | undefined {
    const g = this.cache.get(id);
    return g && (version === undefined || g.version === version) ? g : undefined;
  }

  /**
   * A player's command on the version they saw. Refused with `game/stale-version` (409) when the game has moved
   * on since: the command then changes nothing.
   */
  async command(id: number, user: User, expectedVersion: number, cmd: GameCommand): Promise<LiveGame> {
    return this.change(
      id,
      expectedVersion,
      (game, now) => {
        const seat = seatOf(game, user);
        if (seat === undefined) throw new DomainError('game/not-a-player', 'you do not play in this game');
        return applyCommand(game, seat, cmd, now);
      },
      user,
    );
  }

  /**
   * Changes a game by a pure transition, as one compare-and-set: the row is written only if it still has the
   * version the transition was computed from. A lost race is retried on the fresh game, where the expected
   * version then no longer matches. `by`: the player whose command it is; `expectedVersion` is then the version
   * as they know it (`versionFor`), which changes they did not see leave as it was.
   */
  async change(
    id: number,
    expectedVersion: number | undefined,
    transition: (game: LiveGame, now: number) => Transition | undefined,
    by?: User,
  ): Promise<LiveGame> {
    const seen = (g: LiveGame): number => (by ? versionFor(g, seatOf(g, by)) : g.version);
    for (let attempt = 0; attempt < 3; attempt++) {
      // First from the cache without a query: the write's compare-and-set catches a stale cache, and a version
      // that seems wrong is checked against the row before the command is refused.
      const cached = attempt === 0 ? this.cache.get(id) : undefined;
      // Not cached: a read under way may serve (a new game's subscription reads it as its first command comes).
      let game = cached ?? (await this.read(id, attempt === 0));
      if (expectedVersion !== undefined && seen(game) !== expectedVersion && attempt === 0) {
        game = await this.load(id, { fresh: true });
      }
      if (expectedVersion !== undefined && seen(game) !== expectedVersion) {
        throw new DomainError(
          'game/stale-version',
          `the game is at version ${seen(game)}, the command was meant for version ${expectedVersion}`,
          'version',
        );
      }
      const now = this.now();
      const computed = transition(game, now);
      if (!computed) return game;
      this.checkLength(game, computed);
      const next = await this.afterVacations(game, computed, now);
      const writing = this.write(game, next, now);
      this.writing.set(id, writing);
      let written: LiveGame | undefined;
      try {
        written = await writing;
      } finally {
        if (this.writing.get(id) === writing) this.writing.delete(id);
      }
      if (written) {
        this.committed(written);
        return written;
      }
      this.forget(id);
    }
    throw new DomainError('game/busy', 'the game changed while the command was applied; try again');
  }

  /** A game at the length limit is not played on (MAX_GAME_PLIES): only what ends it or shortens it is taken. */
  private checkLength(game: LiveGame, next: Transition): void {
    // The stored log counts too (Tactorus: its steps, commands and rounds taken back included).
    const plies = Math.max(positionsHeld(next.restored) - 1, splitOf(next.restored).log.length);
    const before = Math.max(positionsHeld(game.restored) - 1, splitOf(game.restored).log.length);
    if (plies <= this.maxPlies || plies <= before || next.restored.session.outcome) return;
    throw new DomainError(
      'game/too-long',
      `the game has reached this server's limit of ${this.maxPlies} moves: it can only be ended (resign, or agree a draw)`,
    );
  }

  /**
   * Writes a transition: in one compare-and-set statement (the hot path of every move, batched with the others),
   * or for a rated game that ends, in a transaction with its ratings.
   */
  private async write(game: LiveGame, next: Transition, now: number): Promise<LiveGame | undefined> {
    const ends = next.restored.session.outcome !== undefined && !game.finished;
    // A rated game's end writes its players' ratings with it; any other change is the one compare-and-set (an
    // unrated game's end also tells the lobby, in the same statement).
    if (ends && game.rated) {
      return this.storage.transaction((repos) => this.writeIn(repos, game, next, now));
    }
    const { updated, change } = this.nextRow(game, next, now);
    const events: ChangeEvent[] = [this.changeOf(game, updated)];
    if (ends) events.push({ kind: 'lobby' });
    const changed = await this.storage.repos.games.update(game.id, game.version, change, events);
    return changed ? updated : undefined;
  }

  /** A game's change event, with the step the other instances follow it by (PostgreSQL: SQLite has no others). */
  private changeOf(game: LiveGame, updated: LiveGame): ChangeEvent {
    const event = { kind: 'game', gameId: game.id, version: updated.version } as const;
    const step = this.sharedStorage ? stepOf(game, updated) : undefined;
    return step ? { ...event, step } : event;
  }

  /**
   * The row's new fields for a transition, the log rows it changes (a move: its own row; nothing but the head when
   * the line is as it was), and the game as it will be.
   */
  private nextRow(game: LiveGame, next: Transition, now: number): { updated: LiveGame; change: GameChange } {
    const version = game.version + 1;
    const outcome = next.restored.session.outcome;
    const finished = outcome !== undefined;
    const meta = withAudience(game.meta, next);
    // A change of one player's alone leaves the time of the last change, which listings show, as it was.
    const updatedAt = next.privateTo === undefined ? now : game.updatedAt;
    const draft = { control: game.control, meta, restored: next.restored, version, levels: game.levels };
    const updated: LiveGame = { ...game, version, finished, meta, restored: next.restored, updatedAt };
    const stored = storedFields(next.restored);
    const log = logChange(splitOf(game.restored).log, stored.log);
    const change: GameChange = {
      version,
      head: stored.fields.head,
      plies: stored.fields.plies,
      lastMove: stored.fields.last_move,
      toAct: stored.fields.to_act,
      meta: JSON.stringify(meta),
      status: finished ? 'finished' : 'active',
      result: outcome ? JSON.stringify(outcome) : null,
      deadlineAt: deadlineOf(draft, now),
      updatedAt,
      ...(log ? { log } : {}),
    };
    return { updated, change };
  }

  /**
   * Writes a transition of `game` in the transaction of `repos` if the game still has its version (a
   * compare-and-set), with the ratings when a rated game ends. Call `committed` with the result once the transaction has committed.
   */
  async writeIn(repos: Repositories, game: LiveGame, next: Transition, now: number): Promise<LiveGame | undefined> {
    const { updated, change } = this.nextRow(game, next, now);
    const ends = updated.finished && !game.finished;
    const events: ChangeEvent[] = [this.changeOf(game, updated)];
    if (ends) events.unshift({ kind: 'lobby' });
    if (!(await repos.games.update(game.id, game.version, change, events))) return undefined;
    const [a, b] = game.users;
    const outcome = updated.restored.session.outcome;
    if (ends && game.rated && a && b && outcome) {
      await rateGame(repos.ratings, { family: game.family, players: [a.id, b.id], outcome }, now);
    }
    return updated;
  }

  /** After a write's transaction committed: the cache and this instance's listeners learn of it. */
  committed(game: LiveGame): void {
    this.remember(game);
    for (const l of this.afterCommit) l(game);
  }

  /** Days of vacation a user may take in any 365 days (`tactica serve --vacation-days`). */
  vacationDaysPerYear = VACATION_DAYS_PER_YEAR;

  /**
   * Goes on vacation until `until`, or comes back (null): see ./vacation.ts. A vacation under way ends first (the
   * time away counted, the credit for the days not taken taken back), so changing the end is coming back and going
   * away again; the allowance is checked before anything changes.
   */
  async setVacation(user: User, until: number | null): Promise<void> {
    const now = this.now();
    if (until !== null && (!Number.isFinite(until) || until < 0 || until > now + 366 * DAY_MS)) {
      throw new DomainError('account/bad-vacation', 'a vacation ends within a year', 'until');
    }
    const accounts = this.storage.repos.accounts;
    const current = await vacationOf(accounts, user.id);
    if (until !== null && until > now) {
      checkAllowance(await awayInYear(accounts, user.id, current, now), now, until, this.vacationDaysPerYear);
    }
    if (current.since !== null) {
      await recordVacation(accounts, user.id, current.since, Math.min(now, current.until ?? now), now);
    }
    await accounts.setVacation(user.id, { since: null, until: null });
    // Back early: the turns credited with this vacation lose the part not taken.
    if (current.since !== null && current.until !== null && current.until > now) {
      const since = current.since;
      await this.creditTurns(user, (away) => away?.user === user.id && away.since === since, now - current.until);
    }
    if (until === null || until <= now) return;
    await accounts.setVacation(user.id, { since: now, until });
    await this.creditTurns(user, () => true, until - now, { user: user.id, since: now, until });
  }

  /**
   * Moves by `credit` the start of every correspondence turn where `user` is to act and `credited(meta.away)`
   * holds, marking it with `away` (or unmarking it when there is none).
   */
  private async creditTurns(
    user: User,
    credited: (away: AwayCredit | undefined) => boolean,
    credit: number,
    away?: AwayCredit,
  ): Promise<void> {
    // A page of the user's games at a time (`VACATION_CREDIT_BATCH`), each its own change as a move is.
    let after = 0;
    for (;;) {
      const page = await this.storage.repos.games.activeIdsOf(user.id, after, VACATION_CREDIT_BATCH);
      for (const id of page) await this.change(id, undefined, (g) => creditedTurn(g, user, credited, credit, away));
      if (page.length < VACATION_CREDIT_BATCH) return;
      after = page[page.length - 1] as number;
      await nextTurn();
    }
  }

  /** A correspondence turn that begins while the player to act is away starts when they are due back. */
  private async afterVacations(game: LiveGame, next: Transition, now: number): Promise<Transition> {
    if (game.control.kind !== 'correspondence' || next.meta.turnSince !== now) return next;
    const ids = playersToAct({ restored: next.restored })
      .map((p) => game.users[p]?.id)
      .filter((x): x is string => x !== undefined);
    if (ids.length === 0) return next;
    const vacations = await this.storage.repos.accounts.vacationsOf(ids);
    let latest: { id: string; since: number | null; until: number | null } | undefined;
    for (const [id, v] of vacations) if ((v.until ?? 0) > (latest?.until ?? now)) latest = { id, ...v };
    if (!latest?.until) return next;
    const back = latest.until;
    // Marked with the vacation, so that coming back early starts the turn then.
    const away: AwayCredit | undefined =
      latest.since !== null ? { user: latest.id, since: latest.since, until: back } : undefined;
    return { ...next, meta: { ...next.meta, turnSince: back, ...(away ? { away } : {}) } };
  }

  /** The cache's size now: games held and their estimated bytes (for tests and `/api/health`). */
  cacheUse(): { games: number; bytes: number } {
    return { games: this.cache.size, bytes: this.cachedBytes };
  }

  private remember(game: LiveGame): void {
    this.forget(game.id);
    this.cache.set(game.id, game);
    this.cachedBytes += weightOf(game);
    // Oldest first (a Map keeps insertion order); the game just set stays.
    while (this.cache.size > 1 && (this.cache.size > CACHE_LIMIT || this.cachedBytes > this.cacheBytes)) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
  }

  private forget(id: number): void {
    const g = this.cache.get(id);
    if (!g) return;
    this.cachedBytes -= weightOf(g);
    this.cache.delete(id);
  }
}

/** A game's turn moved by `credit` for `creditTurns`, or undefined when it is not one to credit. */
function creditedTurn(
  g: LiveGame,
  user: User,
  credited: (away: AwayCredit | undefined) => boolean,
  credit: number,
  away: AwayCredit | undefined,
): Transition | undefined {
  const seat = seatOf(g, user);
  if (g.control.kind !== 'correspondence' || seat === undefined || !playersToAct(g).includes(seat)) return undefined;
  if (!credited(g.meta.away)) return undefined;
  const { away: _before, ...meta } = g.meta;
  return { restored: g.restored, meta: { ...meta, turnSince: g.meta.turnSince + credit, ...(away ? { away } : {}) } };
}
