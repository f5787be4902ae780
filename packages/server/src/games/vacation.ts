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
import type { AccountRepository, VacationState } from '../accounts/account-repository.js';
import { DomainError } from '../errors.js';
import { DAY_MS } from './control.js';

/** Days of vacation a user may take in any 365 days **(ours)**: two long holidays' worth. */
export const VACATION_DAYS_PER_YEAR = 60;

const YEAR_MS = 365 * DAY_MS;

/** Vacations a user may take in any 365 days **(ours)**, however short: each one ended is a row read here. */
export const VACATIONS_PER_YEAR = 50;

/**
 * The games one vacation credits are read this many at a time **(ours)**, with a turn of the event loop between
 * pages: a player's games are bounded (./people-quota.ts, ./computer-quota.ts), and a page keeps what one request
 * holds small and lets other requests in between.
 */
export const VACATION_CREDIT_BATCH = 50;

/** The vacation a turn's start was moved for: `until` is when the player was due back. */
export interface AwayCredit {
  readonly user: string;
  readonly since: number;
  readonly until: number;
}

export type { VacationState } from '../accounts/account-repository.js';

export function vacationOf(accounts: AccountRepository, userId: string): Promise<VacationState> {
  return accounts.vacationOf(userId);
}

/**
 * The time (ms) a user was away in the 365 days before `now`: ended vacations and the one under way. Refuses with
 * `account/vacation-limit` a user who took `VACATIONS_PER_YEAR` vacations in that time already, so that what is read
 * here stays bounded however often one goes away and comes back.
 */
export async function awayInYear(accounts: AccountRepository, userId: string, current: VacationState, now: number) {
  const from = now - YEAR_MS;
  const spans = await accounts.vacationSpansEndedAfter(userId, from, VACATIONS_PER_YEAR);
  if (spans.length >= VACATIONS_PER_YEAR) {
    throw new DomainError(
      'account/vacation-limit',
      `at most ${VACATIONS_PER_YEAR} vacations in any 365 days: the next one once the oldest is a year old`,
      'until',
    );
  }
  let away = 0;
  for (const r of spans) away += r.endedAt - Math.max(r.startedAt, from);
  if (current.since !== null) away += Math.max(0, Math.min(now, current.until ?? now) - Math.max(current.since, from));
  return away;
}

/** Refuses a vacation until `until` that would take the user over `days` in a year. */
export function checkAllowance(awayMs: number, now: number, until: number, days: number): void {
  if (awayMs + (until - now) <= days * DAY_MS) return;
  const left = Math.max(0, Math.floor((days * DAY_MS - awayMs) / DAY_MS));
  throw new DomainError(
    'account/vacation-limit',
    `at most ${days} days of vacation in any 365 days: ${left} left (the time you were away counts)`,
    'until',
  );
}

/** Records a vacation that ended (from `since` to `end`), and drops the ones older than a year. */
export async function recordVacation(
  accounts: AccountRepository,
  userId: string,
  since: number,
  end: number,
  now: number,
): Promise<void> {
  await accounts.dropVacationSpansEndedBy(userId, now - YEAR_MS);
  if (end > since) await accounts.addVacationSpan(userId, { startedAt: since, endedAt: end });
}
