/**
 * Challenges and seeks: a challenge names its opponent, a seek is open to anyone. Accepting makes the game in the
 * same transaction, and only while the challenge is still open, so two players accepting one seek at once get
 * one game and one refusal.
 */
import { entryOf } from '@tactica/catalogue/all';
import type { GameFamily } from '@tactica/catalogue';
import type { Accounts, User } from '../accounts/accounts.js';
import type { ChangeEvent, Database } from '../db/database.js';
import type { ChallengeRow } from '../db/schema.js';
import { ApiError, fromInputError, notFound } from '../errors.js';
import { readControl } from '../games/control.js';
import type { LiveGame } from '../games/live-game.js';
import type { GameService, SeatHolder } from '../games/service.js';
import type { ChallengeView, SeatChoice } from '../protocol/index.js';

export type { ChallengeView, SeatChoice } from '../protocol/index.js';

export interface ChallengeRequest {
  readonly family: string;
  readonly options?: unknown;
  readonly control?: unknown;
  readonly rated?: boolean;
  /** The seat the challenger wants. */
  readonly seat?: SeatChoice;
  /** Who is challenged; absent for an open seek. */
  readonly opponent?: string;
}

const OPEN_LIMIT = 20;

export class Challenges {
  constructor(
    private readonly database: Database,
    private readonly accounts: Accounts,
    private readonly games: GameService,
    private readonly now: () => number = Date.now,
  ) {}

  async create(user: User, request: ChallengeRequest): Promise<ChallengeView> {
    const entry = entryOf(request.family);
    if (!entry.ok) throw fromInputError(entry.error, 400, 'family');
    const setup = entry.value.setup(request.options);
    if (!setup.ok) throw fromInputError(setup.error, 400, 'options');
    const control = readControl(request.control);
    if (control.kind === 'live' && setup.value.dynamics === 'simultaneous') {
      throw new ApiError(400, 'control/no-clock', `${entry.value.name} is played without a live clock`, 'control');
    }
    let opponent: User | undefined;
    if (request.opponent !== undefined) {
      opponent = await this.accounts.findByName(request.opponent);
      if (!opponent) throw new ApiError(404, 'challenge/unknown-player', `no player ${request.opponent}`, 'opponent');
      if (opponent.id === user.id)
        throw new ApiError(400, 'challenge/self', 'you cannot challenge yourself', 'opponent');
    }
    const values = {
      challenger_id: user.id,
      challenged_id: opponent?.id ?? null,
      family: entry.value.family,
      options: JSON.stringify(setup.value.options),
      control: JSON.stringify(control),
      rated: request.rated ? 1 : 0,
      seat: request.seat ?? 'random',
      status: 'open',
      game_id: null,
      created_at: this.now(),
    };
    const id = await this.database.transaction(async (tx, notify) => {
      // The limit counted in the transaction that inserts, so that challenges made at once cannot all pass it: on
      // PostgreSQL the challenger's row is locked first (the count, a statement of its own, then sees what the
      // transaction that held the lock committed); SQLite runs one transaction at a time.
      if (this.database.dialect === 'postgres') {
        await tx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
      }
      const open = await tx
        .selectFrom('challenges')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('challenger_id', '=', user.id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(open?.n ?? 0) >= OPEN_LIMIT) {
        throw new ApiError(429, 'challenge/too-many', `at most ${OPEN_LIMIT} open challenges at a time`);
      }
      const row = await tx.insertInto('challenges').values(values).returning('id').executeTakeFirstOrThrow();
      notify({ kind: 'lobby' });
      return row.id;
    });
    // The row as written, not read back: both names are at hand.
    const names = new Map([[user.id, user.name]]);
    if (opponent) names.set(opponent.id, opponent.name);
    return viewOf({ ...values, id }, names);
  }

  async get(id: number): Promise<ChallengeView> {
    const row = await this.database.db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`challenge ${id}`);
    return (await this.viewsOf([row]))[0] as ChallengeView;
  }

  /** Open seeks, and the challenges to and from `user`. */
  async list(user: User | undefined): Promise<ChallengeView[]> {
    let q = this.database.db.selectFrom('challenges').selectAll().where('status', '=', 'open');
    q = user
      ? q.where((eb) =>
          eb.or([
            eb('challenged_id', 'is', null),
            eb('challenged_id', '=', user.id),
            eb('challenger_id', '=', user.id),
          ]),
        )
      : q.where('challenged_id', 'is', null);
    return this.viewsOf(await q.orderBy('id', 'desc').limit(200).execute());
  }

  async accept(id: number, user: User): Promise<{ challenge: ChallengeView; game: LiveGame }> {
    const accepted = await this.database.transaction(async (tx, notify) => {
      // The challenge with its challenger's name, in one read.
      const row = await tx
        .selectFrom('challenges')
        .innerJoin('users', 'users.id', 'challenges.challenger_id')
        .selectAll('challenges')
        .select('users.name as challenger_name')
        .where('challenges.id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound(`challenge ${id}`);
      if (row.status !== 'open') throw new ApiError(409, 'challenge/closed', `the challenge is ${row.status}`);
      if (row.challenger_id === user.id)
        throw new ApiError(400, 'challenge/self', 'you cannot accept your own challenge');
      if (row.challenged_id !== null && row.challenged_id !== user.id) {
        throw new ApiError(403, 'challenge/not-yours', 'this challenge is for someone else');
      }
      const challenger = { id: row.challenger_id, name: row.challenger_name };
      const challengerSeat = row.seat === 'random' ? (Math.random() < 0.5 ? 0 : 1) : Number(row.seat);
      const a: SeatHolder = { user: challenger };
      const b: SeatHolder = { user };
      const seats: [SeatHolder, SeatHolder] = challengerSeat === 0 ? [a, b] : [b, a];
      const made = await this.games.create(
        {
          family: row.family as GameFamily,
          options: JSON.parse(row.options) as unknown,
          seats,
          control: readControl(JSON.parse(row.control) as unknown),
          rated: row.rated === 1,
        },
        tx,
        notify,
      );
      const claimed = await tx
        .updateTable('challenges')
        .set({ status: 'accepted', game_id: made.id })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1)
        throw new ApiError(409, 'challenge/closed', 'the challenge was just taken');
      notify({ kind: 'lobby' });
      notify(startedFor(challenger.id, made.id));
      const { challenger_name: _name, ...challenge } = row;
      const names = new Map([
        [challenger.id, challenger.name],
        [user.id, user.name],
      ]);
      return { challenge: viewOf({ ...challenge, status: 'accepted', game_id: made.id }, names), game: made };
    });
    this.games.committed(accepted.game);
    return accepted;
  }

  /** The challenged player says no, or the challenger takes it back. */
  async close(id: number, user: User, how: 'declined' | 'cancelled'): Promise<ChallengeView> {
    await this.database.transaction(async (tx, notify) => {
      const row = await tx.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound(`challenge ${id}`);
      if (row.status !== 'open') throw new ApiError(409, 'challenge/closed', `the challenge is ${row.status}`);
      const allowed = how === 'cancelled' ? row.challenger_id === user.id : row.challenged_id === user.id;
      if (!allowed) {
        throw new ApiError(
          403,
          'challenge/not-yours',
          how === 'cancelled' ? 'only the challenger can cancel' : 'only the challenged player can decline',
        );
      }
      await tx
        .updateTable('challenges')
        .set({ status: how })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute();
      notify({ kind: 'lobby' });
    });
    return this.get(id);
  }

  private async viewsOf(rows: readonly ChallengeRow[]): Promise<ChallengeView[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.challenger_id, r.challenged_id]).filter((x): x is string => !!x))];
    const names = new Map<string, string>();
    if (ids.length > 0) {
      for (const u of await this.database.db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .execute()) {
        names.set(u.id, u.name);
      }
    }
    return rows.map((r) => viewOf(r, names));
  }
}

/** A challenge as its players see it, with their names (by user id). */
function viewOf(r: ChallengeRow, names: ReadonlyMap<string, string>): ChallengeView {
  return {
    id: r.id,
    challenger: names.get(r.challenger_id) ?? '?',
    opponent: r.challenged_id ? (names.get(r.challenged_id) ?? '?') : null,
    family: r.family,
    options: JSON.parse(r.options) as unknown,
    control: readControl(JSON.parse(r.control) as unknown),
    rated: r.rated === 1,
    seat: r.seat as SeatChoice,
    status: r.status,
    gameId: r.game_id,
    createdAt: r.created_at,
  };
}

/**
 * Issue 39: the challenger is told at once that their challenge was taken, on every page they have open (the
 * stream sends them a `started` message naming the game), so that their clock does not run while they wait in the
 * lobby. A lobby event naming the user and the game: every instance hears it whole.
 */
function startedFor(challengerId: string, gameId: number): ChangeEvent {
  return { kind: 'lobby', userId: challengerId, gameId };
}
