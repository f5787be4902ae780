/**
 * The change bus over PostgreSQL's LISTEN/NOTIFY, for instances that share one database. The storage adapter writes
 * the notifications into the committing transaction or statement (`notify`, `notifyColumn`, `notifyStatement`, with
 * the payloads this bus makes), so PostgreSQL delivers them at commit and never for a rollback: there is no window
 * where a change committed and its event was lost, or an event went out for a change that did not commit.
 *
 * What it gives (ours, from PostgreSQL's own guarantees): every instance listening when a change commits hears each
 * notification once; a transaction's notifications arrive in the order they were sent, and transactions' in commit
 * order. Each payload starts with the sending instance's random mark, so the instance that made a change skips its
 * own notification: it heard the change from itself at commit (`publish`). PostgreSQL refuses a payload of 8,000
 * bytes or more: an event that would not fit loses its `step` (the others read the game), and one still too big
 * (none is today: a chat line is at most 500 characters) keeps only its identity. PostgreSQL folds notifications with
 * identical payloads in one transaction into one; a transaction's events go as few lists as fit, so that happens only
 * to identical events of one statement, which say the same thing twice.
 *
 * A lost listening connection would silently stop events: the process fails loudly instead (an uncaught error), and
 * whatever supervises it restarts it with empty caches.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { Subscribers, type ChangeBus, type ChangeEvent, type ChangeListener } from './change-bus.js';

/** The channel every instance of a deployment notifies and listens on. */
const CHANNEL = 'tactica_changes';
/** PostgreSQL refuses a notification payload of 8,000 bytes or more. */
export const NOTIFY_LIMIT = 8000;

/** Whether a payload is under PostgreSQL's limit. */
function fits(text: string): boolean {
  // A character takes at most 3 bytes in UTF-8 (4 for a surrogate pair, which is 2 characters): count bytes only
  // when it could matter.
  return text.length * 3 < NOTIFY_LIMIT || Buffer.byteLength(text) < NOTIFY_LIMIT;
}

/** An event without its step (still whole: the instances that hear it read the game back). */
function withoutStep(e: ChangeEvent): ChangeEvent {
  if (e.step === undefined) return e;
  const { step: _step, ...rest } = e;
  return rest;
}

/** An event as little as it can be: what changed, and to which version (the hearers read the rest). */
function identityOf(e: ChangeEvent): ChangeEvent {
  return {
    kind: e.kind,
    ...(e.gameId === undefined ? {} : { gameId: e.gameId }),
    ...(e.version === undefined ? {} : { version: e.version }),
    ...(e.userId === undefined ? {} : { userId: e.userId }),
  };
}

/** The JSON of one event in a payload of `origin`: whole, else without its step, else its identity. */
function eventJson(e: ChangeEvent, fitsWith: (json: string) => boolean): string {
  const whole = JSON.stringify(e);
  if (fitsWith(whole)) return whole;
  const stripped = JSON.stringify(withoutStep(e));
  return fitsWith(stripped) ? stripped : JSON.stringify(identityOf(e));
}

/**
 * A notification's payload: the sending instance's mark, `|`, then the event (or a row's list of events) as JSON,
 * reduced when it would not fit (the steps dropped, and an event still too big to its identity).
 */
export function noticeText(events: ChangeEvent | readonly ChangeEvent[], origin = ''): string {
  const text = `${origin}|${JSON.stringify(events)}`;
  if (fits(text)) return text;
  if (!Array.isArray(events)) {
    return `${origin}|${eventJson(events as ChangeEvent, (json) => fits(`${origin}|${json}`))}`;
  }
  const list = events as readonly ChangeEvent[];
  const stripped = `${origin}|${JSON.stringify(list.map(withoutStep))}`;
  return fits(stripped) ? stripped : `${origin}|${JSON.stringify(list.map(identityOf))}`;
}

/**
 * A transaction's events as few payloads as fit PostgreSQL's limit: lists of events, in order, each event whole
 * (reduced only if it alone would not fit, as `noticeText` does).
 */
export function noticeTexts(events: readonly ChangeEvent[], origin = ''): string[] {
  const payload = (parts: readonly string[]): string => `${origin}|[${parts.join(',')}]`;
  const texts: string[] = [];
  let list: string[] = [];
  for (const e of events) {
    const json = eventJson(e, (j) => fits(payload([j])));
    if (list.length > 0 && !fits(payload([...list, json]))) {
      texts.push(payload(list));
      list = [];
    }
    list.push(json);
  }
  if (list.length > 0) texts.push(payload(list));
  return texts;
}

/** The events of one notification: one event, or a list of them (a batch's row carries its move's events). */
function readEvents(text: string): ChangeEvent[] {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return [];
  }
  const isEvent = (e: unknown): e is ChangeEvent =>
    typeof e === 'object' && e !== null && typeof (e as ChangeEvent).kind === 'string';
  return (Array.isArray(v) ? v : [v]).filter(isEvent);
}

/** The sending instance's mark and the events of a notification's payload (`noticeText`). */
export function readNotice(payload: string): { readonly origin: string; readonly events: ChangeEvent[] } {
  const bar = payload.indexOf('|');
  if (bar < 0) return { origin: '', events: [] };
  return { origin: payload.slice(0, bar), events: readEvents(payload.slice(bar + 1)) };
}

export class PostgresBus implements ChangeBus {
  private readonly subscribers = new Subscribers();
  /** This instance's mark on its notifications. */
  readonly origin = randomUUID();
  private listener: pg.Client | undefined;

  private constructor() {}

  /** A bus listening on the database at `url` (its own connection: LISTEN holds one for good). */
  static async open(url: string): Promise<PostgresBus> {
    const bus = new PostgresBus();
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    listener.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload || n.payload.startsWith(bus.origin)) return;
      bus.subscribers.deliver(readNotice(n.payload).events);
    });
    // A lost listening connection would silently stop events: fail loudly instead.
    listener.on('error', (e) => {
      throw e;
    });
    bus.listener = listener;
    try {
      await listener.query(`LISTEN ${CHANNEL}`);
    } catch (e) {
      await bus.close();
      throw e;
    }
    return bus;
  }

  subscribe(listener: ChangeListener): () => void {
    return this.subscribers.add(listener);
  }

  /** The others were notified by the commit itself: only this instance's subscribers are left to tell. */
  publish(events: readonly ChangeEvent[]): void {
    this.subscribers.deliverSoon(events);
  }

  /** One notification's payload for the events of one change (a move's row), marked as this instance's. */
  payload(events: ChangeEvent | readonly ChangeEvent[]): string {
    return noticeText(events, this.origin);
  }

  /** A transaction's events as few payloads as fit, marked as this instance's. */
  payloads(events: readonly ChangeEvent[]): string[] {
    return noticeTexts(events, this.origin);
  }

  /** An SQL expression that notifies `payload` (sent as a parameter) when its statement's transaction commits. */
  notify(payload: string): RawBuilder<unknown> {
    return sql`pg_notify(${CHANNEL}, ${payload})`;
  }

  /** SQL text of an expression that notifies the text column (or expression) `column` of each row it is run for. */
  notifyColumn(column: string): string {
    return `pg_notify('${CHANNEL}', ${column})`;
  }

  /** One statement that notifies a transaction's events in order, to run inside it; none for no events. */
  notifyStatement(events: readonly ChangeEvent[]): RawBuilder<unknown> | undefined {
    const notices = this.payloads(events);
    if (notices.length === 0) return undefined;
    return sql`select pg_notify(${CHANNEL}, n) from unnest(${notices}::text[]) with ordinality as t(n, i) order by i`;
  }

  async close(): Promise<void> {
    const listener = this.listener;
    this.listener = undefined;
    if (!listener) return;
    listener.removeAllListeners('error');
    await listener.end().catch(() => undefined);
  }
}
