/** The gateway's state in memory (../storage/memory-storage.ts): one map per kind of thing, as the tables are. */
import type { Journal } from '../storage/memory-storage.js';
import {
  AddressTakenError,
  type BoardToken,
  type MailRepository,
  type MailSettings,
  type PendingMove,
  type Premove,
  type StoredClaim,
} from './mail-repository.js';

interface QueuedRow extends Premove {
  readonly gameId: number;
}

export interface MailTable {
  /** Each address's owner and when it was given (a user's addresses list in that order). */
  readonly addresses: Map<string, { readonly userId: string; readonly createdAt: number }>;
  /** The claims by their token's hash. */
  readonly claims: Map<string, StoredClaim>;
  readonly settings: Map<string, MailSettings>;
  /** Subscriptions by `game + "\n" + user`. */
  readonly subscriptions: Map<string, { readonly gameId: number; readonly userId: string }>;
  /** Reply tokens by `game + "\n" + user`. */
  readonly tokens: Map<string, { readonly gameId: number; readonly userId: string; readonly token: string }>;
  /** Premoves by id; ids only grow, so the map's order is the queue's. */
  readonly queue: Map<number, QueuedRow>;
  /** The last premove id given (ids are not given twice, even when a transaction that took one is undone). */
  readonly lastQueueId: { value: number };
  /** Pending moves by `game + "\n" + user`. */
  readonly pending: Map<string, PendingMove>;
  /** Counts by `key + "\n" + window start`. */
  readonly counts: Map<string, { readonly key: string; readonly windowStart: number; readonly count: number }>;
  /** When each mail was recorded, by its key. */
  readonly seen: Map<string, number>;
}

export function makeMailTable(): MailTable {
  return {
    addresses: new Map(),
    claims: new Map(),
    settings: new Map(),
    subscriptions: new Map(),
    tokens: new Map(),
    queue: new Map(),
    lastQueueId: { value: 0 },
    pending: new Map(),
    counts: new Map(),
    seen: new Map(),
  };
}

const pair = (a: number | string, b: number | string): string => `${a}\n${b}`;
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class MemoryMail implements MailRepository {
  constructor(
    private readonly t: MailTable,
    private readonly journal: Journal,
  ) {}

  private ownAddresses(userId: string): { address: string; createdAt: number }[] {
    const mine = [...this.t.addresses].flatMap(([address, a]) =>
      a.userId === userId ? [{ address, createdAt: a.createdAt }] : [],
    );
    return mine.sort((x, y) => x.createdAt - y.createdAt || byText(x.address, y.address));
  }

  addressesOf(userId: string): Promise<string[]> {
    return Promise.resolve(this.ownAddresses(userId).map((a) => a.address));
  }

  addressesOfAll(userIds: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    for (const id of new Set(userIds)) {
      const list = this.ownAddresses(id).map((a) => a.address);
      if (list.length > 0) out.set(id, list);
    }
    return Promise.resolve(out);
  }

  ownerOf(address: string): Promise<string | undefined> {
    return Promise.resolve(this.t.addresses.get(address)?.userId);
  }

  takenFrom(userId: string, addresses: readonly string[]): Promise<string | undefined> {
    return Promise.resolve(
      addresses.find((a) => {
        const owner = this.t.addresses.get(a)?.userId;
        return owner !== undefined && owner !== userId;
      }),
    );
  }

  private addAddress(userId: string, address: string, createdAt: number): void {
    const owner = this.t.addresses.get(address)?.userId;
    if (owner !== undefined && owner !== userId) throw new AddressTakenError(address);
    this.journal.set(this.t.addresses, address, { userId, createdAt });
  }

  replaceAddresses(userId: string, addresses: readonly string[], at: number): Promise<void> {
    for (const a of this.ownAddresses(userId)) this.journal.delete(this.t.addresses, a.address);
    addresses.forEach((address, i) => this.addAddress(userId, address, at + i));
    for (const address of addresses) this.dropClaimsWhere((c) => c.address === address);
    return Promise.resolve();
  }

  keepAddresses(userId: string, keep: readonly string[]): Promise<void> {
    for (const a of this.ownAddresses(userId)) {
      if (!keep.includes(a.address)) this.journal.delete(this.t.addresses, a.address);
    }
    return Promise.resolve();
  }

  appendAddress(userId: string, address: string, at: number): Promise<void> {
    const last = Math.max(-Infinity, ...this.ownAddresses(userId).map((a) => a.createdAt));
    this.addAddress(userId, address, Math.max(at, last + 1));
    return Promise.resolve();
  }

  addClaims(claims: readonly StoredClaim[]): Promise<void> {
    for (const c of claims) this.journal.set(this.t.claims, c.tokenHash, { ...c });
    return Promise.resolve();
  }

  claimByHash(tokenHash: string): Promise<StoredClaim | undefined> {
    return Promise.resolve(this.t.claims.get(tokenHash));
  }

  claimsOn(addresses: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const c of this.t.claims.values()) {
      if (addresses.includes(c.address)) out.set(c.address, (out.get(c.address) ?? 0) + 1);
    }
    return Promise.resolve(out);
  }

  claimedBy(userId: string, now: number): Promise<string[]> {
    const mine = [...this.t.claims.values()].filter((c) => c.userId === userId && c.expiresAt > now);
    return Promise.resolve(mine.map((c) => c.address).sort(byText));
  }

  private dropClaimsWhere(test: (c: StoredClaim) => boolean): void {
    for (const [hash, c] of [...this.t.claims]) if (test(c)) this.journal.delete(this.t.claims, hash);
  }

  dropClaimsOf(userId: string): Promise<void> {
    this.dropClaimsWhere((c) => c.userId === userId);
    return Promise.resolve();
  }

  dropClaimsOn(address: string): Promise<void> {
    this.dropClaimsWhere((c) => c.address === address);
    return Promise.resolve();
  }

  dropLapsedClaims(now: number): Promise<void> {
    this.dropClaimsWhere((c) => c.expiresAt <= now);
    return Promise.resolve();
  }

  mailInvolved(gameId: number, playerIds: readonly string[]): Promise<boolean> {
    const hasAddress = new Set([...this.t.addresses.values()].map((a) => a.userId));
    return Promise.resolve(
      playerIds.some((id) => hasAddress.has(id)) ||
        [...this.t.subscriptions.values()].some((s) => s.gameId === gameId && hasAddress.has(s.userId)) ||
        [...this.t.queue.values()].some((q) => q.gameId === gameId),
    );
  }

  settingsOf(userIds: readonly string[]): Promise<Map<string, MailSettings>> {
    const out = new Map<string, MailSettings>();
    for (const id of userIds) {
      const s = this.t.settings.get(id);
      if (s) out.set(id, s);
    }
    return Promise.resolve(out);
  }

  putSettings(userId: string, settings: MailSettings): Promise<void> {
    const { broadcast, turnMail, ...rest } = settings;
    this.journal.set(this.t.settings, userId, {
      ...rest,
      ...(broadcast ? { broadcast } : {}),
      ...(turnMail ? { turnMail } : {}),
    });
    return Promise.resolve();
  }

  broadcastUsers(limit: number): Promise<string[]> {
    const ids = [...this.t.settings].filter(([, s]) => s.broadcast).map(([id]) => id);
    return Promise.resolve(ids.sort().slice(0, limit));
  }

  subscribe(gameId: number, userId: string): Promise<boolean> {
    const key = pair(gameId, userId);
    if (this.t.subscriptions.has(key)) return Promise.resolve(false);
    this.journal.set(this.t.subscriptions, key, { gameId, userId });
    return Promise.resolve(true);
  }

  unsubscribe(gameId: number, userId: string): Promise<boolean> {
    return Promise.resolve(this.journal.delete(this.t.subscriptions, pair(gameId, userId)));
  }

  subscriptionCounts(gameId: number, userId: string): Promise<{ board: number; user: number }> {
    const all = [...this.t.subscriptions.values()];
    return Promise.resolve({
      board: all.filter((s) => s.gameId === gameId).length,
      user: all.filter((s) => s.userId === userId).length,
    });
  }

  subscribersOf(gameId: number): Promise<string[]> {
    return Promise.resolve([...this.t.subscriptions.values()].filter((s) => s.gameId === gameId).map((s) => s.userId));
  }

  tokenOf(gameId: number, userId: string): Promise<string | undefined> {
    return Promise.resolve(this.t.tokens.get(pair(gameId, userId))?.token);
  }

  addToken(gameId: number, userId: string, token: string): Promise<boolean> {
    const key = pair(gameId, userId);
    if (this.t.tokens.has(key) || [...this.t.tokens.values()].some((t) => t.token === token)) {
      return Promise.resolve(false);
    }
    this.journal.set(this.t.tokens, key, { gameId, userId, token });
    return Promise.resolve(true);
  }

  tokenOwner(gameId: number, token: string): Promise<string | undefined> {
    const row = [...this.t.tokens.values()].find((t) => t.gameId === gameId && t.token === token);
    return Promise.resolve(row?.userId);
  }

  replaceTokens(userId: string, tokens: readonly BoardToken[]): Promise<void> {
    for (const [key, t] of [...this.t.tokens]) if (t.userId === userId) this.journal.delete(this.t.tokens, key);
    for (const t of tokens) this.journal.set(this.t.tokens, pair(t.gameId, userId), { ...t, userId });
    return Promise.resolve();
  }

  private premoves(test: (q: QueuedRow) => boolean): Premove[] {
    return [...this.t.queue.values()]
      .filter(test)
      .sort((a, b) => a.id - b.id)
      .map((q) => ({ id: q.id, userId: q.userId, move: q.move }));
  }

  queued(gameId: number, userId: string): Promise<Premove[]> {
    return Promise.resolve(this.premoves((q) => q.gameId === gameId && q.userId === userId));
  }

  queuedOnBoard(gameId: number): Promise<Premove[]> {
    return Promise.resolve(this.premoves((q) => q.gameId === gameId));
  }

  enqueue(gameId: number, userId: string, moves: readonly string[]): Promise<void> {
    for (const move of moves) {
      const id = ++this.t.lastQueueId.value;
      this.journal.set(this.t.queue, id, { id, gameId, userId, move });
    }
    return Promise.resolve();
  }

  clearQueue(gameId: number, userId: string): Promise<number> {
    const mine = this.premoves((q) => q.gameId === gameId && q.userId === userId);
    for (const q of mine) this.journal.delete(this.t.queue, q.id);
    return Promise.resolve(mine.length);
  }

  dequeue(id: number): Promise<boolean> {
    return Promise.resolve(this.journal.delete(this.t.queue, id));
  }

  setPending(gameId: number, userId: string, pending: PendingMove): Promise<void> {
    this.journal.set(this.t.pending, pair(gameId, userId), { ...pending });
    return Promise.resolve();
  }

  takePending(gameId: number, userId: string): Promise<PendingMove | undefined> {
    const key = pair(gameId, userId);
    const row = this.t.pending.get(key);
    if (row) this.journal.delete(this.t.pending, key);
    return Promise.resolve(row);
  }

  count(key: string, windowStart: number): Promise<number> {
    const k = pair(key, windowStart);
    const count = (this.t.counts.get(k)?.count ?? 0) + 1;
    this.journal.set(this.t.counts, k, { key, windowStart, count });
    return Promise.resolve(count);
  }

  uncount(key: string, windowStart: number): Promise<void> {
    const k = pair(key, windowStart);
    const row = this.t.counts.get(k);
    if (row && row.count > 0) this.journal.set(this.t.counts, k, { ...row, count: row.count - 1 });
    return Promise.resolve();
  }

  dropWindowsBefore(windowStart: number): Promise<void> {
    for (const [k, row] of [...this.t.counts]) {
      if (row.windowStart < windowStart) this.journal.delete(this.t.counts, k);
    }
    return Promise.resolve();
  }

  seen(messageKey: string): Promise<boolean> {
    return Promise.resolve(this.t.seen.has(messageKey));
  }

  markSeen(messageKey: string, at: number): Promise<boolean> {
    if (this.t.seen.has(messageKey)) return Promise.resolve(false);
    this.journal.set(this.t.seen, messageKey, at);
    return Promise.resolve(true);
  }

  forgetSeenBefore(at: number): Promise<void> {
    for (const [k, when] of [...this.t.seen]) if (when < at) this.journal.delete(this.t.seen, k);
    return Promise.resolve();
  }
}
