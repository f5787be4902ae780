/**
 * Challenges and seeks: a challenge names its opponent, a seek is open to anyone. Accepting makes the game in the
 * same transaction, and only while the challenge is still open, so two players accepting one seek at once get
 * one game and one refusal.
 */
import { entryOf } from '@tactica/catalogue/all';
import { takesLiveClock, type GameFamily } from '@tactica/catalogue';
import type { Accounts, User } from '../accounts/accounts.js';
import type { ChangeEvent } from '../bus/change-bus.js';
import { DomainError, fromInputError, notFound } from '../errors.js';
import { readControl } from '../games/control.js';
import type { LiveGame } from '../games/live-game.js';
import type { PeopleQuota } from '../games/people-quota.js';
import type { GameService, SeatHolder } from '../games/service.js';
import type { ChallengeView, SeatChoice } from '../protocol/index.js';
import type { Notify, Repositories, Storage } from '../storage/ports.js';
import type { NewChallenge, StoredChallenge } from './challenge-repository.js';
import { matchKeyOf } from './match-key.js';

export type { ChallengeView } from '../protocol/index.js';

export interface ChallengeRequest {
  readonly family: string;
  readonly options?: unknown;
  readonly control?: unknown;
  readonly rated?: boolean;
  /** The seat the challenger wants. */
  readonly seat?: SeatChoice;
  /** Who is challenged; absent for an open seek. */
  readonly opponent?: string;
  /**
   * Engine help (recommendations, analysis, hints) allowed to both players during the game: the challenger offers
   * it, the accepter sees it before accepting. Casual games only (issue 39).
   */
  readonly engineHelp?: boolean;
}

/** What a challenge is, checked, before it is stored: ./pairing.ts adds its quick-pairing requests from it too. */
export type PreparedChallenge = Omit<NewChallenge, 'pairing' | 'createdAt'>;

const OPEN_LIMIT = 20;
/** The most challenges a listing shows. */
const LIST_LIMIT = 200;

export class Challenges {
  constructor(
    private readonly storage: Storage,
    private readonly accounts: Accounts,
    private readonly games: GameService,
    private readonly now: () => number = Date.now,
    /** The cap on each player's games between people in progress, when the server has one. */
    private readonly quota?: PeopleQuota,
  ) {}

  async create(user: User, request: ChallengeRequest): Promise<ChallengeView> {
    const { values: prepared, opponent } = await this.prepare(user, request);
    const values: NewChallenge = { ...prepared, pairing: false, createdAt: this.now() };
    const id = await this.storage.transaction(async (repos, notify) => {
      // The limit counted in the transaction that adds, so that challenges made at once cannot all pass it (the
      // repository's count holds until the transaction ends).
      await checkOpenLimit(repos, user);
      // A challenger at the cap could not start the game if it were accepted now: refused when posted, not later
      // when someone accepts it (the opponent's count is theirs to change before they accept: checked then).
      await this.quota?.check(repos, user);
      const added = await repos.challenges.add(values);
      notify({ kind: 'lobby' });
      return added;
    });
    // The challenge as written, not read back: both names are at hand.
    const names = new Map([[user.id, user.name]]);
    if (opponent) names.set(opponent.id, opponent.name);
    return viewOf({ ...values, id, status: 'open', gameId: null }, names);
  }

  /** Checks a request: its game, options and clock by the catalogue, its opponent, engine help only if casual. */
  async prepare(user: User, request: ChallengeRequest): Promise<{ values: PreparedChallenge; opponent?: User }> {
    const entry = entryOf(request.family);
    if (!entry.ok) throw fromInputError(entry.error, 'family');
    const setup = entry.value.setup(request.options);
    if (!setup.ok) throw fromInputError(setup.error, 'options');
    const control = readControl(request.control);
    if (control.kind === 'live' && !takesLiveClock(setup.value)) {
      throw new DomainError('control/no-clock', `${entry.value.name} is played without a live clock`, 'control');
    }
    let opponent: User | undefined;
    if (request.opponent !== undefined) {
      opponent = await this.accounts.findByName(request.opponent);
      if (!opponent) throw new DomainError('challenge/unknown-player', `no player ${request.opponent}`, 'opponent');
      if (opponent.id === user.id) throw new DomainError('challenge/self', 'you cannot challenge yourself', 'opponent');
    }
    const rated = request.rated === true;
    const engineHelp = request.engineHelp === true;
    if (engineHelp && rated) {
      throw new DomainError(
        'challenge/engine-help-rated',
        'engine help can be allowed in casual games only, never in a rated one',
        'engineHelp',
      );
    }
    const family = entry.value.family;
    const options = setup.value.options;
    const values: PreparedChallenge = {
      challengerId: user.id,
      challengedId: opponent?.id ?? null,
      family,
      options,
      control,
      rated,
      seat: request.seat ?? 'random',
      engineHelp,
      // A seek is matched by its game and clock; one with engine help only by a player who chose it in the lobby.
      matchKey: opponent || engineHelp ? null : matchKeyOf({ family, options, control, rated }),
    };
    return opponent ? { values, opponent } : { values };
  }

  async get(id: number): Promise<ChallengeView> {
    const challenge = await this.storage.repos.challenges.get(id);
    if (!challenge) throw notFound(`challenge ${id}`);
    return (await this.viewsOf(this.storage.repos, [challenge]))[0] as ChallengeView;
  }

  /** Open seeks, and the challenges to and from `user`. */
  async list(user: User | undefined): Promise<ChallengeView[]> {
    return this.viewsOf(this.storage.repos, await this.storage.repos.challenges.listOpen(user?.id, LIST_LIMIT));
  }

  async accept(id: number, user: User): Promise<{ challenge: ChallengeView; game: LiveGame }> {
    const accepted = await this.storage.transaction(async (repos, notify) => {
      const row = await repos.challenges.get(id);
      if (!row) throw notFound(`challenge ${id}`);
      return this.acceptWithin(repos, notify, row, user);
    });
    this.games.committed(accepted.game);
    return accepted;
  }

  /**
   * Accepts `row` for `user` in the caller's transaction: the game is made and the challenger told. The caller
   * reports the game once the transaction commits (`games.committed`).
   */
  async acceptWithin(
    repos: Repositories,
    notify: Notify,
    row: StoredChallenge,
    user: User,
  ): Promise<{ challenge: ChallengeView; game: LiveGame }> {
    if (row.status !== 'open') throw new DomainError('challenge/closed', `the challenge is ${row.status}`);
    if (row.challengerId === user.id) throw new DomainError('challenge/self', 'you cannot accept your own challenge');
    if (row.challengedId !== null && row.challengedId !== user.id) {
      throw new DomainError('challenge/not-yours', 'this challenge is for someone else');
    }
    const challenger = await repos.accounts.userById(row.challengerId);
    if (!challenger) throw notFound(`challenge ${row.id}`);
    const challengerSeat = row.seat === 'random' ? (Math.random() < 0.5 ? 0 : 1) : Number(row.seat);
    const a: SeatHolder = { user: challenger };
    const b: SeatHolder = { user };
    const seats: [SeatHolder, SeatHolder] = challengerSeat === 0 ? [a, b] : [b, a];
    const made = await this.games.create(
      {
        family: row.family as GameFamily,
        options: row.options,
        seats,
        control: row.control,
        rated: row.rated,
        engineHelp: row.engineHelp,
      },
      { repos, notify },
    );
    if (!(await repos.challenges.claim(row.id, made.id))) {
      throw new DomainError('challenge/closed', 'the challenge was just taken');
    }
    notify({ kind: 'lobby' });
    notify(startedFor(challenger.id, made.id));
    const names = new Map([
      [challenger.id, challenger.name],
      [user.id, user.name],
    ]);
    return { challenge: viewOf({ ...row, status: 'accepted', gameId: made.id }, names), game: made };
  }

  /** The challenged player says no, or the challenger takes it back. */
  async close(id: number, user: User, how: 'declined' | 'cancelled'): Promise<ChallengeView> {
    await this.storage.transaction(async (repos, notify) => {
      const row = await repos.challenges.get(id);
      if (!row) throw notFound(`challenge ${id}`);
      if (row.status !== 'open') throw new DomainError('challenge/closed', `the challenge is ${row.status}`);
      const allowed = how === 'cancelled' ? row.challengerId === user.id : row.challengedId === user.id;
      if (!allowed) {
        throw new DomainError(
          'challenge/not-yours',
          how === 'cancelled' ? 'only the challenger can cancel' : 'only the challenged player can decline',
        );
      }
      await repos.challenges.close(id, how);
      notify({ kind: 'lobby' });
    });
    return this.get(id);
  }

  async viewsOf(repos: Repositories, rows: readonly StoredChallenge[]): Promise<ChallengeView[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.challengerId, r.challengedId]).filter((x): x is string => !!x))];
    const names = await repos.accounts.namesOf(ids);
    return rows.map((r) => viewOf(r, names));
  }
}

/** A challenge as its players see it, with their names (by user id). */
export function viewOf(r: StoredChallenge, names: ReadonlyMap<string, string>): ChallengeView {
  return {
    id: r.id,
    challenger: names.get(r.challengerId) ?? '?',
    opponent: r.challengedId ? (names.get(r.challengedId) ?? '?') : null,
    family: r.family,
    options: r.options,
    control: r.control,
    rated: r.rated,
    seat: r.seat,
    status: r.status,
    gameId: r.gameId,
    createdAt: r.createdAt,
    engineHelp: r.engineHelp,
    pairing: r.pairing,
  };
}

/** Refuses a challenge past the user's open ones (`OPEN_LIMIT`), counted so that it holds in `repos`' transaction. */
export async function checkOpenLimit(repos: Repositories, user: User): Promise<void> {
  if ((await repos.challenges.countOpenOf(user.id)) >= OPEN_LIMIT) {
    throw new DomainError('challenge/too-many', `at most ${OPEN_LIMIT} open challenges at a time`);
  }
}

/**
 * The challenger is told at once that their challenge was taken, on every page they have open (the
 * stream sends them a `started` message naming the game), so that their clock does not run while they wait in the
 * lobby. A lobby event naming the user and the game: every instance hears it whole.
 */
function startedFor(challengerId: string, gameId: number): ChangeEvent {
  return { kind: 'lobby', userId: challengerId, gameId };
}
