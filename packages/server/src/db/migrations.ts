/**
 * One set of migrations for both databases (Kysely's schema builder speaks each dialect); only an identity column
 * differs in spelling. Applied in order at start-up; a database newer than this program is refused.
 */
import { Migrator, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { restoreStoredGame } from '@tactica/catalogue/all';
import { splitStoredGame } from '../games/move-log.js';
import { summaryColumns, summaryOf } from '../games/summary.js';
import type { Dialect } from './database.js';

type Db = Kysely<unknown>;

function identity(dialect: Dialect): (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return dialect === 'postgres'
    ? (col) => col.generatedByDefaultAsIdentity().primaryKey()
    : (col) => col.autoIncrement().primaryKey();
}

function migrations(dialect: Dialect): Record<string, Migration> {
  return { ...firstMigrations(dialect), ...laterMigrations(dialect) };
}

/** The schema as first released (001), saves (002) and play by mail (003). */
function firstMigrations(dialect: Dialect): Record<string, Migration> {
  const id = identity(dialect);
  return {
    '001-initial': {
      async up(db: Db) {
        await createAccountTables(db);
        await createGameTables(db, id);
        await createLobbyTables(db, id);
      },
    },
    '002-saves': {
      async up(db: Db) {
        // Each player's own library of saved games (the GameStore of the server); owner '' is the server's.
        await db.schema
          .createTable('saves')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('owner', 'text', (c) => c.notNull())
          .addColumn('family', 'text', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('title_key', 'text', (c) => c.notNull())
          .addColumn('summary', 'text', (c) => c.notNull())
          .addColumn('version', 'integer', (c) => c.notNull())
          .addColumn('saved_at', 'text', (c) => c.notNull())
          .addColumn('doc', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('saves_title')
          .on('saves')
          .columns(['owner', 'family', 'title_key'])
          .unique()
          .execute();
      },
    },
    '003-pbm': {
      async up(db: Db) {
        // The e-mail gateway (../pbm): addresses, settings, subscriptions, reply tokens, premoves, previews to
        // confirm, rate limits per sender, and the Message-IDs already carried out.
        await createPbmTables(db, id);
      },
    },
  };
}

type Identity = ReturnType<typeof identity>;
/** Instants are milliseconds since the epoch, wider than a 32-bit integer. */
const TIME = 'bigint';

/** 001: the players and their sign-in tokens. */
async function createAccountTables(db: Db): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('vacation_until', TIME)
    .execute();
  await db.schema
    .createTable('tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tokens_user').on('tokens').column('user_id').execute();
}

/** 001: the games, with the indexes the deadline sweep, the lobby and each player's list read them by. */
async function createGameTables(db: Db, id: Identity): Promise<void> {
  await db.schema
    .createTable('games')
    .addColumn('id', 'integer', id)
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('variant_id', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('rated', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('seat0_user', 'text', (c) => c.references('users.id'))
    .addColumn('seat1_user', 'text', (c) => c.references('users.id'))
    .addColumn('seat0_level', 'text')
    .addColumn('seat1_level', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('control', 'text', (c) => c.notNull())
    .addColumn('deadline_at', TIME)
    .addColumn('meta', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('games_deadline').on('games').column('deadline_at').execute();
  await db.schema.createIndex('games_status').on('games').columns(['status', 'updated_at']).execute();
  await db.schema.createIndex('games_seat0').on('games').column('seat0_user').execute();
  await db.schema.createIndex('games_seat1').on('games').column('seat1_user').execute();
}

/** 001: challenges, the chat beside each game, and ratings per family. */
async function createLobbyTables(db: Db, id: Identity): Promise<void> {
  await db.schema
    .createTable('challenges')
    .addColumn('id', 'integer', id)
    .addColumn('challenger_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('challenged_id', 'text', (c) => c.references('users.id'))
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('control', 'text', (c) => c.notNull())
    .addColumn('rated', 'integer', (c) => c.notNull())
    .addColumn('seat', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('game_id', 'integer', (c) => c.references('games.id'))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('challenges_status').on('challenges').column('status').execute();
  await db.schema
    .createTable('chat')
    .addColumn('id', 'integer', id)
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_game').on('chat').columns(['game_id', 'id']).execute();
  await db.schema
    .createTable('ratings')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('rating', 'double precision', (c) => c.notNull())
    .addColumn('deviation', 'double precision', (c) => c.notNull())
    .addColumn('volatility', 'double precision', (c) => c.notNull())
    .addColumn('games', 'integer', (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('ratings_pk', ['user_id', 'family'])
    .execute();
}

/** 003: the e-mail gateway's tables. */
async function createPbmTables(db: Db, id: Identity): Promise<void> {
  await db.schema
    .createTable('pbm_addresses')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pbm_addresses_user').on('pbm_addresses').column('user_id').execute();
  await db.schema
    .createTable('pbm_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('notify', 'text', (c) => c.notNull())
    .addColumn('game_limit', 'integer')
    .execute();
  await db.schema
    .createTable('pbm_subscriptions')
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('pbm_subscriptions_pk', ['game_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('pbm_tokens')
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('pbm_tokens_pk', ['game_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('pbm_queue')
    .addColumn('id', 'integer', id)
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('move', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pbm_queue_game').on('pbm_queue').columns(['game_id', 'user_id', 'id']).execute();
  await db.schema
    .createTable('pbm_pending')
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('move', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('pbm_pending_pk', ['game_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('pbm_rate')
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('window_start', TIME, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pbm_rate_pk', ['sender', 'window_start'])
    .execute();
  await db.schema
    .createTable('pbm_seen')
    .addColumn('message_key', 'text', (c) => c.primaryKey())
    .addColumn('seen_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pbm_seen_at').on('pbm_seen').column('seen_at').execute();
}

/** From games updated in place (004) on. */
function laterMigrations(dialect: Dialect): Record<string, Migration> {
  const time = 'bigint';
  return {
    '004-games-updated-in-place': {
      async up(db: Db) {
        // Every move sets `updated_at`, which this index held: SQLite rewrote an index entry a move, and PostgreSQL
        // could not update the row in place (a HOT update changes no indexed column), so every index of the table
        // took a new entry at every move. The lobby lists the games in progress newest first, by id.
        await db.schema.dropIndex('games_status').execute();
        await db.schema.createIndex('games_status').on('games').columns(['status', 'id']).execute();
        // Room on each page for a row's next version, where PostgreSQL's in-place updates put it.
        if (dialect === 'postgres') await sql`alter table games set (fillfactor = 70)`.execute(db);
      },
    },
    '005-pbm-address-confirm': {
      async up(db: Db) {
        // An address gets game mail, and is someone's, only once it has confirmed (pbm/store.ts): until then it is
        // a claim here, one per user and address, known by the hash of the token mailed to the address. Claims on
        // one address by several users may wait side by side; the one confirmed takes it, the others go.
        // Addresses already in pbm_addresses stay there: they were given before confirmations existed.
        await db.schema
          .createTable('pbm_address_claims')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('expires_at', time, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('pbm_address_claims_address').on('pbm_address_claims').column('address').execute();
        await db.schema.createIndex('pbm_address_claims_user').on('pbm_address_claims').column('user_id').execute();
        await db.schema
          .createIndex('pbm_address_claims_expiry')
          .on('pbm_address_claims')
          .column('expires_at')
          .execute();
      },
    },
    '006-vacation-quota': {
      async up(db: Db) {
        // Vacation credits the days actually away, within a yearly allowance: when the one under way began, and
        // the ones that ended (pruned after a year).
        await db.schema.alterTable('users').addColumn('vacation_since', time).execute();
        await db.schema
          .createTable('vacations')
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('started_at', time, (c) => c.notNull())
          .addColumn('ended_at', time, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('vacations_user').on('vacations').columns(['user_id', 'ended_at']).execute();
        // Each save's size, summed for the owner's quota without reading the documents.
        await db.schema
          .alterTable('saves')
          .addColumn('doc_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
        const size = dialect === 'postgres' ? sql`octet_length(doc)` : sql`length(cast(doc as blob))`;
        await sql`update saves set doc_bytes = ${size}`.execute(db);
      },
    },
    '007-game-summaries': {
      async up(db: Db) {
        // Each game's summary beside its snapshot, written with every change: the listings read these columns and
        // never restore a game (a restore replays the whole line; see ../games/summary.ts). No index: a move would
        // change an indexed column (see 004).
        await db.schema
          .alterTable('games')
          .addColumn('plies', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable('games').addColumn('last_move', 'text').execute();
        await db.schema
          .alterTable('games')
          .addColumn('to_act', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        await backFillSummaries(db as Kysely<SummaryRows>);
      },
    },
    '008-game-move-logs': {
      async up(db: Db) {
        // Games stored as what they are (../games/move-log.ts): the row keeps the head (the snapshot without its
        // moves, small and bounded), `game_moves` the log, one row per move. A move then appends its own row
        // instead of rewriting the whole game. SQLite: the work is one transaction (Kysely runs SQLite's
        // migrations without one), so a kill leaves the database as it was before or after, never half split.
        if (dialect === 'sqlite') {
          if (await splitAlready(db)) return;
          await db.transaction().execute((tx) => splitGames(tx, dialect));
        } else {
          await splitGames(db, dialect);
        }
      },
    },
    '009-pbm-broadcast': {
      async up(db: Db) {
        // pbmserv's broadcast reaches only the players who opted in (`broadcast userid password on`): 1 if so.
        await db.schema
          .alterTable('pbm_settings')
          .addColumn('broadcast', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
    },
    '010-pairing': {
      async up(db: Db) {
        // Issue 39: a challenge may allow engine help (casual games only); a seek may be a quick-pairing request;
        // every seek carries the key its game and clock are matched by (../challenges/pairing.ts).
        for (const column of ['engine_help', 'pairing']) {
          await db.schema
            .alterTable('challenges')
            .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
            .execute();
        }
        await db.schema.alterTable('challenges').addColumn('match_key', 'text').execute();
        await db.schema.createIndex('challenges_match').on('challenges').columns(['match_key', 'status']).execute();
      },
    },
    '011-turn-mail': {
      async up(db: Db) {
        // A player's opt-in to a mail when their turn comes in a correspondence game (../pbm/turn-mail.ts): 1 if so.
        await db.schema
          .alterTable('pbm_settings')
          .addColumn('turn_mail', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
    },
    '012-tournaments': tournamentsMigration(dialect),
    '013-reviews': reviewsMigration(),
    '014-bounded': {
      async up(db: Db) {
        // A user's subscriptions counted when they subscribe (../pbm/store.ts, MAX_SUBSCRIPTIONS_PER_USER).
        await db.schema.createIndex('pbm_subscriptions_user').on('pbm_subscriptions').column('user_id').execute();
      },
    },
    '015-review-claims': {
      async up(db: Db) {
        // The reviews being made, claimed by the instance making them (../reviews/review-repository.ts, `claim`).
        await db.schema
          .createTable('review_claims')
          .addColumn('game_id', 'integer', (c) => c.primaryKey().references('games.id').onDelete('cascade'))
          .addColumn('claimed_at', 'bigint', (c) => c.notNull())
          .execute();
      },
    },
  };
}

/** Tournaments, their entries and their pairings (../tournaments/), each pairing linked to its ordinary game. */
function tournamentsMigration(dialect: Dialect): Migration {
  const id = identity(dialect);
  const time = 'bigint';
  return {
    async up(db: Db) {
      // Tournaments, their entries and their pairings, each pairing linked to the ordinary game it is played as.
      await db.schema
        .createTable('tournaments')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('organiser_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('family', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('control', 'text', (c) => c.notNull())
        .addColumn('rated', 'integer', (c) => c.notNull())
        .addColumn('rounds', 'integer', (c) => c.notNull())
        .addColumn('duration_ms', time)
        .addColumn('starts_at', time)
        .addColumn('max_entrants', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('started_at', time)
        .addColumn('finished_at', time)
        .execute();
      await db.schema.createIndex('tournaments_status').on('tournaments').columns(['status', 'starts_at']).execute();
      await db.schema
        .createIndex('tournaments_organiser')
        .on('tournaments')
        .columns(['organiser_id', 'status'])
        .execute();
      await db.schema
        .createTable('tournament_entries')
        .addColumn('tournament_id', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('no', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id'))
        .addColumn('level', 'text')
        .addColumn('joined_at', time, (c) => c.notNull())
        .addColumn('seed', 'integer')
        .addColumn('withdrawn', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('score', 'real', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('tournament_entries_pk', ['tournament_id', 'no'])
        .execute();
      // One entry per person per tournament (computer entries have no user: NULLs are distinct).
      await db.schema
        .createIndex('tournament_entries_user')
        .on('tournament_entries')
        .columns(['user_id', 'tournament_id'])
        .unique()
        .execute();
      await db.schema
        .createTable('tournament_pairings')
        .addColumn('tournament_id', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('board', 'integer', (c) => c.notNull())
        .addColumn('leg', 'integer', (c) => c.notNull())
        .addColumn('seat0', 'integer', (c) => c.notNull())
        .addColumn('seat1', 'integer')
        .addColumn('game_id', 'integer', (c) => c.references('games.id'))
        .addColumn('score0', 'real')
        .addColumn('score1', 'real')
        .addColumn('forfeit', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('tournament_pairings_pk', ['tournament_id', 'round', 'board'])
        .execute();
      await db.schema.createIndex('tournament_pairings_game').on('tournament_pairings').column('game_id').execute();
    },
  };
}

/** Game reviews (../reviews/): one per game, made once by the engine pool and kept with the game. */
function reviewsMigration(): Migration {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('game_reviews')
        .addColumn('game_id', 'integer', (c) => c.primaryKey().references('games.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('requested_by', 'text', (c) => c.notNull())
        .addColumn('review', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}

/** The columns the back-fill of migration 007 reads and writes. */
interface SummaryRows {
  games: {
    id: number;
    snapshot: string;
    status: string;
    plies: number;
    last_move: string | null;
    to_act: string;
  };
}

/** Games back-filled a batch: bounds the rows held at once, whatever the table's size. */
const BACK_FILL_BATCH = 200;

/**
 * The summary of every game stored before migration 007, once: each game is restored with the catalogue (a replay
 * of its line, the cost of reading it back after a restart: see bench/RESULTS.md), in batches by id. A row that
 * does not restore keeps the defaults (no moves, nobody to act): it is refused as damaged when read anyway.
 */
async function backFillSummaries(db: Kysely<SummaryRows>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('games')
      .select(['id', 'snapshot', 'status'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BACK_FILL_BATCH)
      .execute();
    for (const row of rows) {
      const restored = restoreStoredGame(row.snapshot);
      if (!restored.ok) continue;
      const summary = summaryOf(restored.value);
      // A game ended by the server (a forfeit, a timeout the session does not know of) has nobody to act.
      const columns = summaryColumns(row.status === 'finished' ? { ...summary, toAct: [] } : summary);
      await db.updateTable('games').set(columns).where('id', '=', row.id).execute();
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < BACK_FILL_BATCH) return;
    after = last.id;
  }
}

/**
 * Whether migration 008's work committed already (SQLite: a kill between its commit and the migration's record; the
 * migration then runs again and finds its table).
 */
async function splitAlready(db: Db): Promise<boolean> {
  const tables = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name = 'game_moves'`.execute(db);
  return tables.rows.length > 0;
}

/** Migration 008: the log table, and every game's snapshot split into its head and its log rows. */
async function splitGames(db: Db, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('games').renameColumn('snapshot', 'head').execute();
  let table = db.schema
    .createTable('game_moves')
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull().check(sql`seq >= 0`))
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_moves_pk', ['game_id', 'seq']);
  // SQLite: the rows kept in the primary key's order, a game's moves side by side (one range read).
  if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await splitSnapshots(db as Kysely<LogRows>);
}

/** The tables migration 008 reads and writes. */
interface LogRows {
  games: { id: number; head: string };
  game_moves: { game_id: number; seq: number; text: string };
}

/** Log rows inserted by one statement of the migration (SQLite takes at most 32,766 parameters a statement). */
const SPLIT_ROWS = 1_000;

/**
 * Splits every game's stored snapshot into its head and log rows, in batches by id: plain JSON, nothing replayed. A
 * row whose snapshot is not JSON stays as it was: it has no log, and is refused as damaged when read, as before.
 */
async function splitSnapshots(db: Kysely<LogRows>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('games')
      .select(['id', 'head'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BACK_FILL_BATCH)
      .execute();
    for (const row of rows) {
      let stored: unknown;
      try {
        stored = JSON.parse(row.head);
      } catch {
        continue;
      }
      if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) continue;
      const { head, log } = splitStoredGame(stored as Record<string, unknown>);
      await db.updateTable('games').set({ head }).where('id', '=', row.id).execute();
      for (let i = 0; i < log.length; i += SPLIT_ROWS) {
        const values = log.slice(i, i + SPLIT_ROWS).map((text, j) => ({ game_id: row.id, seq: i + j, text }));
        await db.insertInto('game_moves').values(values).execute();
      }
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < BACK_FILL_BATCH) return;
    after = last.id;
  }
}

/** Brings the database up to the newest schema; a refusal (a newer database, a failed step) is thrown. */
export async function migrate(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
    migrationTableName: 'tactica_migrations',
    migrationLockTableName: 'tactica_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const why = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`database migration failed: ${why}`);
  }
}
