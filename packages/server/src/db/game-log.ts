/**
 * A game's log rows (`game_moves`, migration 008; see ../games/move-log.ts): what a write changes in them, written
 * in the transaction or statement that changes the game's head, and read in the same statement as the head.
 */
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Dialect } from './database.js';
import type { Schema } from './schema.js';

/** What a write does to a game's log rows: the entries from `from` on become `texts`, and no more are kept. */
export interface LogChange {
  /** The first entry written: the ones before it stay. */
  readonly from: number;
  /** The log's entries from `from` to its end. */
  readonly texts: readonly string[];
  /** The stored log held more than `from + texts.length` entries (a takeback, then another move): those go. */
  readonly cut: boolean;
}

/**
 * Writes a log change inside `tx`, after the head's compare-and-set changed the row: entries past the new end
 * deleted, the new ones written over what was at their index (an upsert: the two sets of rows never meet, so one
 * PostgreSQL statement may do both).
 */
export async function writeLogIn(tx: Transaction<Schema>, gameId: number, change: LogChange): Promise<void> {
  const end = change.from + change.texts.length;
  if (change.cut) {
    await tx.deleteFrom('game_moves').where('game_id', '=', gameId).where('seq', '>=', end).execute();
  }
  // In slices: a statement's parameters are bounded (SQLite: 32,766), and an import may bring thousands of moves.
  for (let i = 0; i < change.texts.length; i += LOG_INSERT_SLICE) {
    const rows = change.texts
      .slice(i, i + LOG_INSERT_SLICE)
      .map((text, j) => ({ game_id: gameId, seq: change.from + i + j, text }));
    await tx
      .insertInto('game_moves')
      .values(rows)
      .onConflict((oc) => oc.columns(['game_id', 'seq']).doUpdateSet((eb) => ({ text: eb.ref('excluded.text') })))
      .execute();
  }
}

/** Log rows a statement inserts at most. */
const LOG_INSERT_SLICE = 1_000;

/**
 * The game's log as a column of the statement that reads its row (`games` in the FROM clause), so head and log come
 * from one snapshot of the database: a JSON array of the entries in order (null: none), with the highest index.
 */
export function logColumns(dialect: Dialect): { texts: RawBuilder<string | null>; last: RawBuilder<number | null> } {
  const texts =
    dialect === 'postgres'
      ? sql<string | null>`(select json_agg(m.text order by m.seq)::text from game_moves m where m.game_id = games.id)`
      : sql<
          string | null
        >`(select json_group_array(m.text order by m.seq) from game_moves m where m.game_id = games.id)`;
  const last = sql<number | null>`(select max(m.seq) from game_moves m where m.game_id = games.id)`;
  return { texts, last };
}

/** The entries of a log read with `logColumns`; undefined when they are not the rows 0…n−1 (a row missing). */
export function logEntries(texts: string | null, last: number | null): string[] | undefined {
  if (texts === null) return last === null ? [] : undefined;
  let entries: unknown;
  try {
    entries = JSON.parse(texts);
  } catch {
    return undefined;
  }
  if (!Array.isArray(entries) || !entries.every((e) => typeof e === 'string')) return undefined;
  // Indexes are unique and at least 0: n rows up to n − 1 are exactly 0…n − 1 (SQLite aggregates no rows as []).
  const top = last === null ? -1 : Number(last);
  return top === entries.length - 1 ? (entries as string[]) : undefined;
}
