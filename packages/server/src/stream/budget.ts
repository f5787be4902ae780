/**
 * What the event stream lets one client cost the server: messages a second per connection and per client address
 * (every message counts, a malformed one too), connections per address, the bytes a connection may leave waiting
 * for a slow reader, and subscriptions per connection. A connection without a user gets the smallest budget: it
 * has nothing to play, and anyone can open one. The figures are ours (issue 37): well above what the browser app
 * and a bot playing its games send, well below what makes the server slow for others.
 */

/** A token bucket: `burst` messages at once, refilled at `perSecond`. */
export interface Rate {
  readonly perSecond: number;
  readonly burst: number;
}

export interface StreamLimits {
  /** Messages of a connection with a user (a log-in). */
  readonly userMessages: Rate;
  /** Messages of a connection without one. */
  readonly anonymousMessages: Rate;
  /** Messages of all the connections from one client address together. */
  readonly addressMessages: Rate;
  /**
   * A connection that keeps sending when refused is closed (1008) once it is this many bursts over its budget: a
   * client that slows down when told is served again, a flood is cut off.
   */
  readonly floodBursts: number;
  /** Connections open at once from one client address. */
  readonly connectionsPerAddress: number;
  /** Bytes waiting to go out on one connection (`bufferedAmount`): past this the reader is too slow and is dropped. */
  readonly bufferedBytes: number;
  /** Games one connection is subscribed to at once. */
  readonly subscriptions: number;
  /** How often connections' log-ins are checked for expiry (revocations are heard at once, by event). */
  readonly tokenCheckMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  userMessages: { perSecond: 50, burst: 200 },
  anonymousMessages: { perSecond: 5, burst: 20 },
  addressMessages: { perSecond: 200, burst: 400 },
  floodBursts: 3,
  connectionsPerAddress: 50,
  bufferedBytes: 1024 * 1024,
  subscriptions: 100,
  tokenCheckMs: 60_000,
};

/**
 * The key an address is counted under: an IPv4 address itself (an IPv4-mapped IPv6 one too), an IPv6 address by its
 * first 64 bits — one subscriber gets a whole /64 and could otherwise take a fresh budget from each address of it
 * (ours, as most rate limiters do).
 */
export function addressKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4) return v4[1] as string;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** Addresses remembered at most (each entry is small; a connection's address stays while it is open). */
const ADDRESS_ENTRIES_LIMIT = 100_000;

class Bucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate: Rate,
    now: number,
  ) {
    this.tokens = rate.burst;
    this.at = now;
  }

  /** Takes one message; the balance after it (below zero: over budget, by that many messages). */
  take(now: number): number {
    this.refill(now);
    return --this.tokens;
  }

  /** Gives back a message taken (it was refused elsewhere and cost nothing here). */
  giveBack(): void {
    this.tokens++;
  }

  /** Whether the bucket is full again (its client has been quiet long enough to be forgotten). */
  full(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.rate.burst;
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.at) / 1000;
    this.at = now;
    this.tokens = Math.min(this.rate.burst, this.tokens + elapsed * this.rate.perSecond);
  }
}

interface Address {
  connections: number;
  readonly messages: Bucket;
}

/**
 * What a message costs a connection: served; refused (`rate/limited`) for the connection's budget or for its
 * address's; or refused and the connection closed.
 */
export type Spent = 'ok' | 'limited' | 'address' | 'flood';

/** One connection's budget, and its share of its address's. */
export class ConnectionBudget {
  private readonly messages: Bucket;
  private open = true;

  constructor(
    private readonly budgets: StreamBudgets,
    private readonly address: Address,
    private readonly addressKey: string,
    readonly rate: Rate,
  ) {
    this.messages = new Bucket(rate, budgets.now());
  }

  /** Counts one message. */
  spend(): Spent {
    const now = this.budgets.now();
    const left = this.messages.take(now);
    if (left < -this.rate.burst * this.budgets.limits.floodBursts) return 'flood';
    if (left < 0) return 'limited';
    if (this.address.messages.take(now) < 0) {
      // The address is over, not this connection: it is refused without being charged for it.
      this.address.messages.giveBack();
      this.messages.giveBack();
      return 'address';
    }
    return 'ok';
  }

  /** The connection is gone: it no longer counts against its address. */
  close(): void {
    if (!this.open) return;
    this.open = false;
    this.budgets.release(this.addressKey, this.address);
  }
}

/** The budgets of every connection of one server, and of each client address. */
export class StreamBudgets {
  private readonly addresses = new Map<string, Address>();

  constructor(
    readonly limits: StreamLimits,
    readonly now: () => number = Date.now,
  ) {}

  /** Whether a connection from `address` may open now (the upgrade is refused otherwise). */
  admits(address: string): boolean {
    return (this.addresses.get(addressKey(address))?.connections ?? 0) < this.limits.connectionsPerAddress;
  }

  /** A new connection from `address`, or undefined when the address has its fill of connections. */
  open(ip: string, withUser: boolean): ConnectionBudget | undefined {
    const address = addressKey(ip);
    let a = this.addresses.get(address);
    if (!a) {
      if (this.addresses.size >= ADDRESS_ENTRIES_LIMIT) this.forgetQuiet();
      a = { connections: 0, messages: new Bucket(this.limits.addressMessages, this.now()) };
      this.addresses.set(address, a);
    }
    if (a.connections >= this.limits.connectionsPerAddress) return undefined;
    a.connections++;
    const rate = withUser ? this.limits.userMessages : this.limits.anonymousMessages;
    return new ConnectionBudget(this, a, address, rate);
  }

  release(key: string, a: Address): void {
    a.connections--;
    // An address is remembered until its bucket is full again: closing and reopening buys no fresh budget.
    if (a.connections === 0 && a.messages.full(this.now())) this.addresses.delete(key);
  }

  /** Forgets the addresses with no connection and a full bucket (run now and then, and when the map is full). */
  forgetQuiet(): void {
    const now = this.now();
    for (const [k, a] of this.addresses) if (a.connections === 0 && a.messages.full(now)) this.addresses.delete(k);
  }
}
