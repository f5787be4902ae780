/**
 * The repositories on the server's database (SQLite or PostgreSQL, ../db/database.ts) through Kysely: the one place,
 * with each repository's Kysely adapter, where SQL is written. Dialect branches stay inside the adapters.
 */
import type { Kysely, Transaction } from 'kysely';
import { KyselyAccounts } from '../accounts/kysely-accounts.js';
import { KyselyGames, type GameWrites } from '../games/kysely-games.js';
import { KyselyChallenges } from '../challenges/kysely-challenges.js';
import type { Database, Dialect } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import { KyselyMail } from '../pbm/kysely-mail.js';
import { KyselyRatings } from '../ratings/kysely-ratings.js';
import { KyselyReviews } from '../reviews/kysely-reviews.js';
import { KyselyTournaments } from '../tournaments/kysely-tournaments.js';
import type { Repositories, Storage } from './ports.js';

/** What an adapter runs its queries on: the database, or an open transaction. */
export type Executor = Kysely<Schema> | Transaction<Schema>;

/**
 * Builds each concern's Kysely repository on `db`: the database (`writes` its group commit for games' changes) or
 * an open transaction (`writes` its `notify`). A concern adds its adapter here.
 */
function makeKyselyRepositories(db: Executor, dialect: Dialect, writes: GameWrites): Repositories {
  return {
    games: new KyselyGames(db, dialect, writes),
    ratings: new KyselyRatings(db),
    accounts: new KyselyAccounts(db),
    challenges: new KyselyChallenges(db, dialect),
    mail: new KyselyMail(db),
    tournaments: new KyselyTournaments(db, dialect),
    reviews: new KyselyReviews(db),
  };
}

export function kyselyStorage(database: Database): Storage {
  return {
    repos: makeKyselyRepositories(database.db, database.dialect, { database }),
    transaction: (work) =>
      database.transaction((tx, notify) => work(makeKyselyRepositories(tx, database.dialect, { notify }), notify)),
  };
}
