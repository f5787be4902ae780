/** The tournaments on SQLite or PostgreSQL (the `tournaments`, `tournament_entries`, `tournament_pairings` tables). */
import type { Selectable } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { TournamentEntriesTable, TournamentPairingsTable, TournamentsTable } from '../db/schema.js';
import type { Executor } from '../storage/kysely-storage.js';
import { termsColumns, termsOf } from '../storage/terms-columns.js';
import type { TournamentKind } from './pairing/index.js';
import type {
  NewEntry,
  NewStoredPairing,
  NewTournament,
  StoredEntry,
  StoredPairing,
  StoredTournament,
  TournamentChange,
  TournamentRepository,
  TournamentStatus,
} from './tournament-repository.js';

function tournamentOf(r: Selectable<TournamentsTable>): StoredTournament {
  return {
    id: r.id,
    name: r.name,
    organiserId: r.organiser_id,
    kind: r.kind as TournamentKind,
    ...termsOf(r),
    variantId: r.variant_id,
    rounds: r.rounds,
    durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
    startsAt: r.starts_at === null ? null : Number(r.starts_at),
    maxEntrants: r.max_entrants,
    createdAt: Number(r.created_at),
    status: r.status as TournamentStatus,
    round: r.round,
    startedAt: r.started_at === null ? null : Number(r.started_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
  };
}

function entryOf(r: Selectable<TournamentEntriesTable>): StoredEntry {
  return {
    tournamentId: r.tournament_id,
    no: r.no,
    userId: r.user_id,
    level: r.level,
    joinedAt: Number(r.joined_at),
    seed: r.seed,
    withdrawn: r.withdrawn === 1,
    score: Number(r.score),
  };
}

function pairingOf(r: Selectable<TournamentPairingsTable>): StoredPairing {
  return {
    tournamentId: r.tournament_id,
    round: r.round,
    board: r.board,
    leg: r.leg,
    seats: [r.seat0, r.seat1],
    gameId: r.game_id,
    result:
      r.score0 === null || r.score1 === null
        ? null
        : { score: [Number(r.score0), Number(r.score1)], ...(r.forfeit === 1 ? { forfeit: true } : {}) },
  };
}

const LIVE: readonly TournamentStatus[] = ['open', 'running'];

export class KyselyTournaments implements TournamentRepository {
  constructor(
    private readonly db: Executor,
    private readonly dialect: Dialect,
  ) {}

  async create(t: NewTournament): Promise<number> {
    const row = await this.db
      .insertInto('tournaments')
      .values({
        name: t.name,
        organiser_id: t.organiserId,
        kind: t.kind,
        ...termsColumns(t),
        variant_id: t.variantId,
        rounds: t.rounds,
        duration_ms: t.durationMs,
        starts_at: t.startsAt,
        max_entrants: t.maxEntrants,
        status: 'open',
        round: 0,
        created_at: t.createdAt,
        started_at: null,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async get(id: number): Promise<StoredTournament | undefined> {
    const row = await this.db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
    return row && tournamentOf(row);
  }

  async hold(id: number): Promise<StoredTournament | undefined> {
    let q = this.db.selectFrom('tournaments').selectAll().where('id', '=', id);
    if (this.dialect === 'postgres' && this.db.isTransaction) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    return row && tournamentOf(row);
  }

  async list(statuses: readonly TournamentStatus[], limit: number): Promise<StoredTournament[]> {
    if (statuses.length === 0) return [];
    const rows = await this.db
      .selectFrom('tournaments')
      .selectAll()
      .where('status', 'in', [...statuses])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(tournamentOf);
  }

  async countLiveBy(organiserId: string): Promise<number> {
    // PostgreSQL: the organiser's row locked first, so that the count holds until the transaction ends.
    if (this.dialect === 'postgres' && this.db.isTransaction) {
      await this.db.selectFrom('users').select('id').where('id', '=', organiserId).forUpdate().execute();
    }
    const row = await this.db
      .selectFrom('tournaments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organiser_id', '=', organiserId)
      .where('status', 'in', [...LIVE])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async update(id: number, change: TournamentChange): Promise<void> {
    const set = {
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.round !== undefined ? { round: change.round } : {}),
      ...(change.rounds !== undefined ? { rounds: change.rounds } : {}),
      ...(change.startedAt !== undefined ? { started_at: change.startedAt } : {}),
      ...(change.finishedAt !== undefined ? { finished_at: change.finishedAt } : {}),
    };
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('tournaments').set(set).where('id', '=', id).execute();
  }

  async dueToStart(now: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('tournaments')
      .select('id')
      .where('status', '=', 'open')
      .where('starts_at', 'is not', null)
      .where('starts_at', '<=', now)
      .orderBy('starts_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async running(afterId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('tournaments')
      .select('id')
      .where('status', '=', 'running')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async addEntry(entry: NewEntry): Promise<number | undefined> {
    if (entry.userId !== null) {
      const there = await this.db
        .selectFrom('tournament_entries')
        .select('no')
        .where('tournament_id', '=', entry.tournamentId)
        .where('user_id', '=', entry.userId)
        .executeTakeFirst();
      if (there) return undefined;
    }
    const last = await this.db
      .selectFrom('tournament_entries')
      .select((eb) => eb.fn.max<number | null>('no').as('no'))
      .where('tournament_id', '=', entry.tournamentId)
      .executeTakeFirst();
    const no = Number(last?.no ?? 0) + 1;
    await this.db
      .insertInto('tournament_entries')
      .values({
        tournament_id: entry.tournamentId,
        no,
        user_id: entry.userId,
        level: entry.level,
        joined_at: entry.joinedAt,
        seed: null,
        withdrawn: 0,
        score: 0,
      })
      .execute();
    return no;
  }

  async removeEntry(tournamentId: number, no: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('tournament_entries')
      .where('tournament_id', '=', tournamentId)
      .where('no', '=', no)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  async entries(tournamentId: number): Promise<StoredEntry[]> {
    const rows = await this.db
      .selectFrom('tournament_entries')
      .selectAll()
      .where('tournament_id', '=', tournamentId)
      .orderBy('no')
      .execute();
    return rows.map(entryOf);
  }

  async entryCounts(ids: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>(ids.map((id) => [id, 0]));
    if (ids.length === 0) return out;
    const rows = await this.db
      .selectFrom('tournament_entries')
      .select(['tournament_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tournament_id', 'in', [...ids])
      .groupBy('tournament_id')
      .execute();
    for (const r of rows) out.set(r.tournament_id, Number(r.n));
    return out;
  }

  async entriesOf(userId: string): Promise<{ tournamentId: number; no: number }[]> {
    const rows = await this.db
      .selectFrom('tournament_entries as e')
      .innerJoin('tournaments as t', 't.id', 'e.tournament_id')
      .select(['e.tournament_id', 'e.no'])
      .where('e.user_id', '=', userId)
      .where('t.status', 'in', [...LIVE])
      .orderBy('e.tournament_id')
      .execute();
    return rows.map((r) => ({ tournamentId: r.tournament_id, no: r.no }));
  }

  async setWithdrawn(tournamentId: number, no: number): Promise<void> {
    await this.db
      .updateTable('tournament_entries')
      .set({ withdrawn: 1 })
      .where('tournament_id', '=', tournamentId)
      .where('no', '=', no)
      .execute();
  }

  async setSeeds(tournamentId: number, seeds: ReadonlyMap<number, number>): Promise<void> {
    for (const [no, seed] of seeds) {
      await this.db
        .updateTable('tournament_entries')
        .set({ seed })
        .where('tournament_id', '=', tournamentId)
        .where('no', '=', no)
        .execute();
    }
  }

  async setScores(tournamentId: number, scores: ReadonlyMap<number, number>): Promise<void> {
    for (const [no, score] of scores) {
      await this.db
        .updateTable('tournament_entries')
        .set({ score })
        .where('tournament_id', '=', tournamentId)
        .where('no', '=', no)
        .where('score', '!=', score)
        .execute();
    }
  }

  async addPairings(tournamentId: number, pairings: readonly NewStoredPairing[]): Promise<void> {
    if (pairings.length === 0) return;
    await this.db
      .insertInto('tournament_pairings')
      .values(
        pairings.map((p) => ({
          tournament_id: tournamentId,
          round: p.round,
          board: p.board,
          leg: p.leg,
          seat0: p.seats[0],
          seat1: p.seats[1],
          game_id: p.gameId,
          score0: p.result?.score[0] ?? null,
          score1: p.result?.score[1] ?? null,
          forfeit: p.result?.forfeit ? 1 : 0,
        })),
      )
      .execute();
  }

  async pairings(tournamentId: number): Promise<StoredPairing[]> {
    const rows = await this.db
      .selectFrom('tournament_pairings')
      .selectAll()
      .where('tournament_id', '=', tournamentId)
      .orderBy('round')
      .orderBy('board')
      .execute();
    return rows.map(pairingOf);
  }

  async setResult(
    tournamentId: number,
    round: number,
    board: number,
    result: { score: readonly [number, number]; forfeit?: boolean },
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('tournament_pairings')
      .set({ score0: result.score[0], score1: result.score[1], forfeit: result.forfeit ? 1 : 0 })
      .where('tournament_id', '=', tournamentId)
      .where('round', '=', round)
      .where('board', '=', board)
      .where('score0', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async pairingOfGame(gameId: number): Promise<StoredPairing | undefined> {
    const row = await this.db
      .selectFrom('tournament_pairings')
      .selectAll()
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return row && pairingOf(row);
  }
}
