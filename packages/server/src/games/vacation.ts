/**
 * Vacation **(ours, after pbmserv's)**: correspondence deadlines of a player away do not fall, and the player is
 * credited with the time actually away, within a yearly allowance.
 *
 * Going away moves the start of each turn the player is to act in by the whole time asked for (so no deadline falls
 * meanwhile, with no scheduler waiting on the return) and marks the turn with the vacation (`GameMeta.away`); a turn
 * that begins while they are away starts when they are due back, marked the same way. Coming back early takes back
 * the part not taken from every turn still marked with that vacation, so the credit is the time away. A vacation
 * that runs to its end needs nothing: the credit given was the time away. The time away, in any 365 days, is at
 * most the allowance (`VACATION_DAYS_PER_YEAR`); asking for more is refused with `account/vacation-limit`.
 */
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import { ApiError } from '../errors.js';
import { DAY_MS } from './control.js';

/** Days of vacation a user may take in any 365 days **(ours)**: two long holidays' worth. */
export const VACATION_DAYS_PER_YEAR = 60;

const YEAR_MS = 365 * DAY_MS;

/** The vacation a turn's start was moved for: `until` is when the player was due back. */
export interface AwayCredit {
  readonly user: string;
  readonly since: number;
  readonly until: number;
}

/** A user's vacation as their row holds it. */
export interface VacationState {
  /** Under way since (null: none, or one set before vacations were counted). */
  readonly since: number | null;
  readonly until: number | null;
}

export async function vacationOf(db: Kysely<Schema>, userId: string): Promise<VacationState> {
  const row = await db
    .selectFrom('users')
    .select(['vacation_since', 'vacation_until'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return { since: row?.vacation_since ?? null, until: row?.vacation_until ?? null };
}

/** The time (ms) a user was away in the 365 days before `now`: ended vacations and the one under way. */
export async function awayInYear(db: Kysely<Schema>, userId: string, current: VacationState, now: number) {
  const from = now - YEAR_MS;
  const rows = await db
    .selectFrom('vacations')
    .select(['started_at', 'ended_at'])
    .where('user_id', '=', userId)
    .where('ended_at', '>', from)
    .execute();
  let away = 0;
  for (const r of rows) away += r.ended_at - Math.max(r.started_at, from);
  if (current.since !== null) away += Math.max(0, Math.min(now, current.until ?? now) - Math.max(current.since, from));
  return away;
}

/** Refuses a vacation until `until` that would take the user over `days` in a year. */
export function checkAllowance(awayMs: number, now: number, until: number, days: number): void {
  if (awayMs + (until - now) <= days * DAY_MS) return;
  const left = Math.max(0, Math.floor((days * DAY_MS - awayMs) / DAY_MS));
  throw new ApiError(
    409,
    'account/vacation-limit',
    `at most ${days} days of vacation in any 365 days: ${left} left (the time you were away counts)`,
    'until',
  );
}

/** Records a vacation that ended (from `since` to `end`), and drops the ones older than a year. */
export async function recordVacation(db: Kysely<Schema>, userId: string, since: number, end: number, now: number) {
  await db
    .deleteFrom('vacations')
    .where('user_id', '=', userId)
    .where('ended_at', '<=', now - YEAR_MS)
    .execute();
  if (end > since)
    await db.insertInto('vacations').values({ user_id: userId, started_at: since, ended_at: end }).execute();
}
