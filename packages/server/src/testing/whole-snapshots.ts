/**
 * For tests of migration 008 (and of the migrations before it): a database of today's schema taken back to the one
 * before 008 (the migrations after it undone too), its games stored whole again — each game's head and log rows put back together into the one snapshot
 * the server wrote at every move before (`storedGameText`), the log table gone, the migration unrecorded. Starting a
 * server on it then runs migration 008 on games stored as the old schema stored them.
 */
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import { joinStoredGame } from '../games/move-log.js';

export async function storeGamesWhole(db: Kysely<Schema>): Promise<void> {
  // The migrations after 008 undone first, the latest first: migrations run in order, so 008 cannot run again
  // behind them.
  await sql`drop table review_claims`.execute(db);
  await sql`delete from tactica_migrations where name = '015-review-claims'`.execute(db);
  await sql`drop index pbm_subscriptions_user`.execute(db);
  await sql`delete from tactica_migrations where name = '014-bounded'`.execute(db);
  await sql`drop table game_reviews`.execute(db);
  await sql`delete from tactica_migrations where name = '013-reviews'`.execute(db);
  for (const table of ['tournament_pairings', 'tournament_entries', 'tournaments']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
  await sql`delete from tactica_migrations where name = '012-tournaments'`.execute(db);
  await sql`alter table pbm_settings drop column turn_mail`.execute(db);
  await sql`delete from tactica_migrations where name = '011-turn-mail'`.execute(db);
  await sql`drop index challenges_match`.execute(db);
  for (const column of ['engine_help', 'pairing', 'match_key']) {
    await sql`alter table challenges drop column ${sql.ref(column)}`.execute(db);
  }
  await sql`delete from tactica_migrations where name = '010-pairing'`.execute(db);
  await sql`alter table pbm_settings drop column broadcast`.execute(db);
  await sql`delete from tactica_migrations where name = '009-pbm-broadcast'`.execute(db);
  const games = await db.selectFrom('games').select(['id', 'head']).orderBy('id').execute();
  const whole = new Map<number, string>();
  for (const g of games) {
    const log = await db.selectFrom('game_moves').select('text').where('game_id', '=', g.id).orderBy('seq').execute();
    whole.set(
      g.id,
      JSON.stringify(
        joinStoredGame(
          g.id,
          g.head,
          log.map((r) => r.text),
        ),
      ),
    );
  }
  await sql`drop table game_moves`.execute(db);
  await sql`alter table games rename column head to snapshot`.execute(db);
  for (const [id, snapshot] of whole) {
    await sql`update games set snapshot = ${snapshot} where id = ${id}`.execute(db);
  }
  await sql`delete from tactica_migrations where name = '008-game-move-logs'`.execute(db);
}
