/**
 * The change bus: how every part of every instance hears what committed (a game's new version, the lobby, a chat
 * line, a user's log-ins, who gets mails). It is a port beside storage, not part of it: the storage adapter publishes
 * what its commit made, and the bus carries it to this instance's subscribers and to the other instances.
 *
 * The contract every bus keeps (the conformance kit, `bus/conformance.ts`, checks it; docs/server.md "The change
 * bus" says what a Redis or NATS bus would have to do):
 *
 * - **Committed only.** An event is published for a commit that succeeded, never for a rolled-back transaction or a
 *   compare-and-set that changed nothing.
 * - **This instance: exactly once, in commit order, in a coming turn.** `publish` is called by the storage adapter
 *   after the commit; every subscriber hears the events in a later turn of the event loop (after the committing
 *   code has run on, so a command's answer and its event leave together), in the order of the `publish` calls, each
 *   event to every subscriber before the next event.
 * - **Other instances: each event once, in commit order, possibly reduced.** A bus that spans instances delivers
 *   each committed event once to every other instance subscribed at the time it commits, never back to the
 *   instance that made it. It may drop an event's `step` (or, were an event still too big, every field but its
 *   identity: kind, gameId, version, userId) to fit its transport; the event is still delivered.
 * - **What consumers do about it.** Nothing is replayed: an instance hears only what commits while it listens, and
 *   an event's `step` is a shortcut. A consumer keeps versions and, on any doubt (no step, a step that does not
 *   apply, a version that skips one), drops its copy and reads the row (the game cache does so,
 *   `GameService.follow`); a consumer of `lobby`, `tokens` and `mail` events re-reads or forgets what it cached.
 */

/** What a change says to every instance: which game (or lobby) changed, and to which version. */
export interface ChangeEvent {
  /**
   * `game`: a game's state; `chat`: a game's chat; `lobby`: seeks and challenges; `tokens`: a user's log-ins;
   * `mail`: who gets mails of games (an address, a subscription or a premove added).
   */
  readonly kind: 'game' | 'lobby' | 'chat' | 'tokens' | 'mail';
  readonly gameId?: number;
  readonly version?: number;
  readonly userId?: string;
  /** A chat message, whole (it is short): every instance passes it on without a query. */
  readonly message?: ChatMessage;
  /**
   * `game`: what brings another instance's copy of the game from `version` − 1 to `version` without a read
   * (games/steps.ts). A bus may drop it to fit its transport: the others then read the game.
   */
  readonly step?: unknown;
}

export interface ChatMessage {
  readonly id: number;
  readonly gameId: number;
  readonly from: string | null;
  readonly text: string;
  readonly at: number;
}

export type ChangeListener = (e: ChangeEvent) => void;

export interface ChangeBus {
  /** Hears every committed change, this instance's and the other instances'; returns what stops hearing. */
  subscribe(listener: ChangeListener): () => void;
  /**
   * The storage adapter, once a commit has succeeded: the events it made, in order. This instance's subscribers
   * hear them in a coming turn. A bus whose transport is the commit itself (PostgreSQL's NOTIFY) has sent them to
   * the other instances already; one outside the database (Redis, NATS) would send them now.
   */
  publish(events: readonly ChangeEvent[]): void;
  /** Stops hearing other instances (what was published and not yet delivered here still is). */
  close(): Promise<void>;
}

/** A bus's subscribers, called in the order they subscribed. */
export class Subscribers {
  private readonly listeners = new Set<ChangeListener>();

  add(listener: ChangeListener): () => void {
    // A function subscribed twice hears twice: each subscription is its own.
    const own: ChangeListener = (e) => listener(e);
    this.listeners.add(own);
    return () => void this.listeners.delete(own);
  }

  /** Every event to every subscriber now, event by event. */
  deliver(events: readonly ChangeEvent[]): void {
    for (const e of events) for (const l of this.listeners) l(e);
  }

  /**
   * The events in a coming turn of the event loop (after the committing code has run on). One `setImmediate` a
   * call, so events published in order are heard in order.
   */
  deliverSoon(events: readonly ChangeEvent[]): void {
    if (events.length === 0) return;
    setImmediate(() => this.deliver(events));
  }
}

/**
 * The bus of one instance (SQLite, or any store only one process writes): the events of each commit go to this
 * process's subscribers in a coming turn; there is no one else to tell.
 */
export class InProcessBus implements ChangeBus {
  private readonly subscribers = new Subscribers();

  subscribe(listener: ChangeListener): () => void {
    return this.subscribers.add(listener);
  }

  publish(events: readonly ChangeEvent[]): void {
    this.subscribers.deliverSoon(events);
  }

  async close(): Promise<void> {}
}
