/**
 * Tournaments as players and organisers use them: create, list, show (standings, crosstable, rounds), join and
 * leave, add computer players, start, withdraw, and each player's next game. Coded refusals (`tournament/…`);
 * nobody acts for another player: each call acts for the user who sent it, and only the organiser starts, cancels
 * or adds the computer. The running of rounds is the director's (./director.ts).
 */
import { entryOf } from '@tactica/catalogue/all';
import { takesLiveClock } from '@tactica/catalogue';
import type { User } from '../accounts/accounts.js';
import { DomainError, fromInputError, notFound } from '../errors.js';
import { readControl } from '../games/control.js';
import type { Repositories, Storage } from '../storage/ports.js';
import { entrantId, entrantsOf, pairingsOf, type TournamentDirector } from './director.js';
import { TOURNAMENT_LIMITS, TOURNAMENT_LIST_LIMIT, TOURNAMENT_NAME_LENGTH, type TournamentLimits } from './limits.js';
import {
  crosstableOf,
  nextStep,
  roundRobinRounds,
  standingsOf,
  TOURNAMENT_KINDS,
  type CrossCell,
  type Entrant,
  type Pairing,
  type Standing,
  type TournamentKind,
} from './pairing/index.js';
import type { NewTournament, StoredEntry, StoredTournament, TournamentStatus } from './tournament-repository.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface TournamentRequest {
  readonly name?: unknown;
  readonly kind?: unknown;
  readonly family?: unknown;
  readonly options?: unknown;
  readonly control?: unknown;
  readonly rated?: unknown;
  /** Swiss: the rounds to play. */
  readonly rounds?: unknown;
  /** Arena: how long it runs. */
  readonly minutes?: unknown;
  /** When the server starts it (ms since the epoch); absent: the organiser does. */
  readonly startsAt?: unknown;
  readonly maxEntrants?: unknown;
}

/** A tournament in a listing. */
export interface TournamentSummary {
  readonly id: number;
  readonly name: string;
  readonly kind: TournamentKind;
  readonly family: string;
  readonly variantId: string;
  readonly options: unknown;
  readonly control: unknown;
  readonly rated: boolean;
  readonly status: TournamentStatus;
  readonly organiser: string;
  readonly round: number;
  readonly rounds: number;
  readonly minutes: number | null;
  readonly startsAt: number | null;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  readonly entrants: number;
  readonly maxEntrants: number;
}

/** An entrant as shown: a person's name, or the computer at a level ("Computer (novice) #3"). */
interface EntrantView {
  readonly no: number;
  readonly name: string;
  readonly computer: boolean;
  readonly level: string | null;
  readonly seed: number | null;
  readonly withdrawn: boolean;
}

interface PairingView {
  readonly round: number;
  readonly board: number;
  readonly leg: number;
  /** Entry numbers in seat 0 and seat 1 (null: a bye). */
  readonly seats: readonly [number, number | null];
  readonly gameId: number | null;
  readonly score: readonly [number, number] | null;
  readonly forfeit: boolean;
}

export interface TournamentView extends TournamentSummary {
  readonly entries: readonly EntrantView[];
  /** Best first, with the tie-breaks (docs/server.md "Tournaments"); entry numbers as `no`. */
  readonly standings: readonly (Omit<Standing, 'id'> & { readonly no: number; readonly name: string })[];
  /** Each entrant's games round by round, rows in the standings' order. */
  readonly crosstable: readonly {
    readonly no: number;
    readonly cells: readonly (Omit<CrossCell, 'opponent'> & { readonly opponent: number | null })[];
  }[];
  readonly pairings: readonly PairingView[];
}

/** A game of a player's waiting in a tournament. */
export interface NextGame {
  readonly tournamentId: number;
  readonly name: string;
  readonly round: number;
  readonly gameId: number;
  readonly opponent: string;
}

function bad(message: string, field: string): DomainError {
  return new DomainError('tournament/bad-request', message, field);
}

function wholeNumber(v: unknown, field: string, min: number, max: number, fallback?: number): number {
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw bad(`${field} must be a whole number from ${min} to ${max}`, field);
  }
  return v;
}

export class Tournaments {
  readonly limits: TournamentLimits;

  constructor(
    private readonly storage: Storage,
    readonly director: TournamentDirector,
    private readonly now: () => number = Date.now,
    limits: Partial<TournamentLimits> = {},
  ) {
    this.limits = { ...TOURNAMENT_LIMITS, ...limits };
  }

  /** Reads and checks a request into a tournament to store: every field bounded, the game set up by the catalogue. */
  private read(user: User, r: TournamentRequest): NewTournament {
    const L = this.limits;
    if (typeof r.name !== 'string' || r.name.trim() === '' || r.name.length > TOURNAMENT_NAME_LENGTH) {
      throw bad(`a name of 1 to ${TOURNAMENT_NAME_LENGTH} characters`, 'name');
    }
    if (!(TOURNAMENT_KINDS as readonly unknown[]).includes(r.kind)) {
      throw bad(`kind is one of ${TOURNAMENT_KINDS.join(', ')}`, 'kind');
    }
    const kind = r.kind as TournamentKind;
    if (typeof r.family !== 'string') throw bad('family names the game', 'family');
    const entry = entryOf(r.family);
    if (!entry.ok) throw fromInputError(entry.error, 'family');
    const setup = entry.value.setup(r.options);
    if (!setup.ok) throw fromInputError(setup.error, 'options');
    const control = readControl(r.control);
    if (control.kind === 'live' && !takesLiveClock(setup.value)) {
      throw new DomainError('control/no-clock', `${entry.value.name} is played without a live clock`, 'control');
    }
    if (kind === 'arena' && control.kind !== 'live' && takesLiveClock(setup.value)) {
      // An arena is a live event: its games are played while it runs.
      throw bad('an arena is played with a live clock', 'control');
    }
    const maxEntrants = wholeNumber(
      r.maxEntrants,
      'maxEntrants',
      2,
      kind === 'round-robin' ? Math.min(L.maxEntrants, L.maxRounds + 1) : L.maxEntrants,
      kind === 'round-robin' ? Math.min(L.maxEntrants, L.maxRounds + 1) : L.maxEntrants,
    );
    const now = this.now();
    let startsAt: number | null = null;
    if (r.startsAt !== undefined && r.startsAt !== null) {
      startsAt = wholeNumber(r.startsAt, 'startsAt', now, now + L.maxStartDays * DAY_MS);
    }
    return {
      name: r.name.trim(),
      organiserId: user.id,
      kind,
      family: entry.value.family,
      options: setup.value.options,
      variantId: setup.value.variantId,
      control,
      rated: r.rated === true,
      rounds: kind === 'swiss' ? wholeNumber(r.rounds, 'rounds', 1, L.maxRounds, Math.min(5, L.maxRounds)) : 0,
      durationMs: kind === 'arena' ? wholeNumber(r.minutes, 'minutes', 1, L.maxArenaMinutes, 60) * MINUTE_MS : null,
      startsAt,
      maxEntrants,
      createdAt: now,
    };
  }

  async create(user: User, request: TournamentRequest): Promise<TournamentView> {
    const values = this.read(user, request);
    const id = await this.storage.transaction(async (repos, notify) => {
      // Counted in the transaction that adds (the count holds until it ends), so creations at once cannot all pass.
      if ((await repos.tournaments.countLiveBy(user.id)) >= this.limits.perOrganiser) {
        throw new DomainError(
          'tournament/too-many',
          `at most ${this.limits.perOrganiser} tournaments of yours open or running at a time`,
        );
      }
      const made = await repos.tournaments.create(values);
      notify({ kind: 'lobby' });
      return made;
    });
    return this.show(id);
  }

  async list(status?: TournamentStatus): Promise<TournamentSummary[]> {
    const statuses: readonly TournamentStatus[] = status ? [status] : ['open', 'running', 'finished'];
    const rows = await this.storage.repos.tournaments.list(statuses, TOURNAMENT_LIST_LIMIT);
    const names = await this.storage.repos.accounts.namesOf([...new Set(rows.map((t) => t.organiserId))]);
    const counts = await this.storage.repos.tournaments.entryCounts(rows.map((t) => t.id));
    return rows.map((t) => summaryOf(t, names, counts.get(t.id) ?? 0));
  }

  async show(id: number): Promise<TournamentView> {
    const repos = this.storage.repos;
    const t = await repos.tournaments.get(id);
    if (!t) throw notFound(`tournament ${id}`);
    const entries = await repos.tournaments.entries(id);
    const stored = await repos.tournaments.pairings(id);
    const userIds = [t.organiserId, ...entries.flatMap((e) => (e.userId ? [e.userId] : []))];
    const names = await repos.accounts.namesOf([...new Set(userIds)]);
    const entrants = entrantsOf(entries);
    const pairings = pairingsOf(stored);
    const standings = standingsOf(
      t.kind,
      entrants,
      pairings,
      t.kind === 'knockout' ? knockoutWinner(t, entrants, pairings) : undefined,
    );
    const nameOf = new Map(entries.map((e) => [entrantId(e.no), entryName(e, names)]));
    const crosstable = crosstableOf(
      standings.map((s) => s.id),
      pairings,
    );
    return {
      ...summaryOf(t, names, entries.length),
      entries: entries.map((e) => ({
        no: e.no,
        name: entryName(e, names),
        computer: e.userId === null,
        level: e.level,
        seed: e.seed,
        withdrawn: e.withdrawn,
      })),
      standings: standings.map(({ id: no, ...s }) => ({ ...s, no: Number(no), name: nameOf.get(no) ?? '?' })),
      crosstable: crosstable.map((row) => ({
        no: Number(row.id),
        cells: row.cells.map((c) => ({ ...c, opponent: c.opponent === null ? null : Number(c.opponent) })),
      })),
      pairings: stored.map((p) => ({
        round: p.round,
        board: p.board,
        leg: p.leg,
        seats: p.seats,
        gameId: p.gameId,
        score: p.result?.score ?? null,
        forfeit: p.result?.forfeit === true,
      })),
    };
  }

  /** The user enters an open tournament. */
  async join(id: number, user: User): Promise<TournamentView> {
    await this.storage.transaction(async (repos, notify) => {
      const t = await this.openHeld(repos, id);
      await this.checkRoom(repos, t, 1);
      if ((await repos.tournaments.entriesOf(user.id)).length >= this.limits.perPlayer) {
        throw new DomainError(
          'tournament/too-many',
          `at most ${this.limits.perPlayer} tournaments open or running at a time for each player`,
        );
      }
      const no = await repos.tournaments.addEntry({
        tournamentId: id,
        userId: user.id,
        level: null,
        joinedAt: this.now(),
      });
      if (no === undefined) throw new DomainError('tournament/already-in', 'you are in this tournament already');
      notify({ kind: 'lobby' });
    });
    return this.show(id);
  }

  /** The organiser enters the computer, `count` times at `level`, in an open tournament. */
  async addComputers(id: number, user: User, level: unknown, count: unknown): Promise<TournamentView> {
    const n = wholeNumber(count, 'count', 1, this.limits.maxEntrants, 1);
    await this.storage.transaction(async (repos, notify) => {
      const t = await this.openHeld(repos, id);
      mustOrganise(t, user, 'add computer players');
      const entry = entryOf(t.family);
      if (!entry.ok) throw fromInputError(entry.error, 'family');
      const setup = entry.value.setup(t.options);
      if (!setup.ok) throw fromInputError(setup.error, 'options');
      if (typeof level !== 'string' || !setup.value.levels.some((l) => l.id === level)) {
        throw new DomainError(
          'game/bad-level',
          `${entry.value.name} levels are ${setup.value.levels.map((l) => l.id).join(', ')}`,
          'level',
        );
      }
      await this.checkRoom(repos, t, n);
      for (let i = 0; i < n; i++) {
        await repos.tournaments.addEntry({ tournamentId: id, userId: null, level, joinedAt: this.now() });
      }
      notify({ kind: 'lobby' });
    });
    return this.show(id);
  }

  /**
   * The user leaves: before the start their entry is taken out; once it runs, they withdraw (not paired again,
   * their games in progress forfeited). The organiser may take a computer entry out (`no`) the same way.
   */
  async leave(id: number, user: User, no?: number): Promise<TournamentView> {
    const t = await this.storage.repos.tournaments.get(id);
    if (!t) throw notFound(`tournament ${id}`);
    const entries = await this.storage.repos.tournaments.entries(id);
    const entry = no === undefined ? entries.find((e) => e.userId === user.id) : entries.find((e) => e.no === no);
    if (!entry)
      throw new DomainError(
        'tournament/not-in',
        no === undefined ? 'you are not in this tournament' : `no entry ${no}`,
      );
    if (entry.userId !== user.id && !(entry.userId === null && t.organiserId === user.id)) {
      throw new DomainError('tournament/not-yours', 'you may withdraw only yourself (or, as organiser, a computer)');
    }
    if (t.status === 'open') {
      await this.storage.transaction(async (repos, notify) => {
        await this.openHeld(repos, id);
        await repos.tournaments.removeEntry(id, entry.no);
        notify({ kind: 'lobby' });
      });
    } else if (t.status === 'running') {
      if (entry.withdrawn) throw new DomainError('tournament/not-in', 'withdrawn already');
      await this.director.withdraw(id, entry.no);
    } else {
      throw new DomainError('tournament/over', `the tournament is ${t.status}`);
    }
    return this.show(id);
  }

  /** The organiser starts an open tournament now (at least two entrants). */
  async start(id: number, user: User): Promise<TournamentView> {
    const t = await this.director.startById(id, (held) => {
      mustOrganise(held, user, 'start it');
      if (held.status !== 'open') throw new DomainError('tournament/not-open', `the tournament is ${held.status}`);
    });
    if (t.status === 'open')
      throw new DomainError('tournament/too-few', 'a tournament starts with two entrants or more');
    return this.show(id);
  }

  /** The organiser cancels an open tournament. */
  async cancel(id: number, user: User): Promise<TournamentView> {
    await this.storage.transaction(async (repos, notify) => {
      const t = await this.openHeld(repos, id);
      mustOrganise(t, user, 'cancel it');
      await repos.tournaments.update(id, { status: 'cancelled', finishedAt: this.now() });
      notify({ kind: 'lobby' });
    });
    return this.show(id);
  }

  /** The user's games waiting in running tournaments, the oldest tournament first. */
  async nextGames(user: User): Promise<NextGame[]> {
    const repos = this.storage.repos;
    const out: NextGame[] = [];
    for (const { tournamentId, no } of await repos.tournaments.entriesOf(user.id)) {
      const t = await repos.tournaments.get(tournamentId);
      if (t?.status !== 'running') continue;
      const mine = (await repos.tournaments.pairings(tournamentId)).filter(
        (p) => !p.result && p.gameId !== null && (p.seats[0] === no || p.seats[1] === no),
      );
      if (mine.length === 0) continue;
      const entries = await repos.tournaments.entries(tournamentId);
      const names = await repos.accounts.namesOf(entries.flatMap((e) => (e.userId ? [e.userId] : [])));
      for (const p of mine) {
        const other = entries.find((e) => e.no === (p.seats[0] === no ? p.seats[1] : p.seats[0]));
        out.push({
          tournamentId,
          name: t.name,
          round: p.round,
          gameId: p.gameId as number,
          opponent: other ? entryName(other, names) : '?',
        });
      }
    }
    return out;
  }

  private async openHeld(repos: Repositories, id: number) {
    const t = await repos.tournaments.hold(id);
    if (!t) throw notFound(`tournament ${id}`);
    if (t.status !== 'open') throw new DomainError('tournament/not-open', `the tournament is ${t.status}`);
    return t;
  }

  private async checkRoom(repos: Repositories, t: StoredTournament, n: number) {
    const count = (await repos.tournaments.entries(t.id)).length;
    if (count + n > t.maxEntrants) {
      throw new DomainError('tournament/full', `the tournament takes at most ${t.maxEntrants} entrants`);
    }
  }
}

function mustOrganise(t: StoredTournament, user: User, what: string): void {
  if (t.organiserId !== user.id) throw new DomainError('tournament/not-organiser', `only the organiser may ${what}`);
}

function entryName(e: StoredEntry, names: ReadonlyMap<string, string>): string {
  return e.userId === null ? `Computer (${e.level ?? '?'}) #${e.no}` : (names.get(e.userId) ?? '?');
}

/** A finished knockout's winner, as its rules decide the last match (a replay, or the higher seed). */
function knockoutWinner(t: StoredTournament, entrants: Entrant[], pairings: Pairing[]): string | undefined {
  if (t.status !== 'finished') return undefined;
  const step = nextStep('knockout', entrants, pairings, { rounds: t.rounds, open: false });
  return step.kind === 'over' ? step.winner : undefined;
}

function summaryOf(t: StoredTournament, names: ReadonlyMap<string, string>, entrants: number): TournamentSummary {
  return {
    id: t.id,
    name: t.name,
    kind: t.kind,
    family: t.family,
    variantId: t.variantId,
    options: t.options,
    control: t.control,
    rated: t.rated,
    status: t.status,
    organiser: names.get(t.organiserId) ?? '?',
    round: t.round,
    rounds: t.kind === 'round-robin' && t.status === 'open' ? roundRobinRounds(entrants) : t.rounds,
    minutes: t.durationMs === null ? null : t.durationMs / MINUTE_MS,
    startsAt: t.startsAt,
    startedAt: t.startedAt,
    finishedAt: t.finishedAt,
    entrants,
    maxEntrants: t.maxEntrants,
  };
}
