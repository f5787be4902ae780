/**
 * The e-mail gateway's own state, in its rules: each user's addresses and the claims waiting for their
 * confirmation, mail settings, subscriptions to boards, the secret tokens of per-board reply addresses, premoves
 * waiting for their turn, submitted moves waiting for their confirm, mail counts per sender, and the Message-IDs
 * already carried out. What is kept, and where, is the mail repository's (./mail-repository.ts: SQLite,
 * PostgreSQL or memory); here are the limits, the checks, the tokens and the events.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { User } from '../accounts/accounts.js';
import type { ChangeEvent } from '../db/database.js';
import { DomainError } from '../errors.js';
import type { Repositories, Storage } from '../storage/ports.js';
import {
  AddressTakenError,
  type MailBoards,
  type MailRepository,
  type MailSettings,
  type MessageUnits,
  type PendingMove,
  type Premove,
} from './mail-repository.js';

export { NOTIFY_MODES, type MailSettings, type NotifyMode } from './mail-repository.js';

const DEFAULT_SETTINGS: MailSettings = { notify: 'all', limit: null };
/** A user may give this many addresses. */
const MAX_ADDRESSES = 5;
/** Premoves a player may queue on one board. */
export const MAX_QUEUED = 20;
/** Subscribers a board may have **(ours)**: each change of the board mails each of them. */
export const MAX_SUBSCRIBERS_PER_BOARD = 50;
/** Boards a user may follow as a subscriber **(ours)**. */
export const MAX_SUBSCRIPTIONS_PER_USER = 100;
/** The boards whose new reply address one reply lists after a revocation **(ours)**: a mail stays readable. */
export const REPLY_BOARDS_LISTED = 100;
/** How long an address has to confirm (the token mailed to it to come back) before the claim lapses. */
export const CLAIM_LIFETIME_MS = 3 * 86_400_000;
/**
 * Claims that may wait on one address at once, so that strangers' sign-ups send it at most this many confirmation
 * mails per CLAIM_LIFETIME_MS. A claim from the address itself (its reply is the confirmation) is never refused.
 */
export const MAX_CLAIMS_PER_ADDRESS = 3;

/** An address asked for and not yet confirmed: the token of its confirmation mail. */
interface AddressClaim {
  readonly address: string;
  readonly token: string;
}

/** What a change of addresses left: the confirmed ones kept, and the claims waiting for confirmation. */
export interface AddressChange {
  readonly confirmed: readonly string[];
  readonly claims: readonly AddressClaim[];
}

function hashClaim(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** `name@domain`, checked loosely (the mail system is the judge), at most 254 characters, lower-cased. */
export function checkAddress(text: string, field = 'address'): string {
  const a = text.trim().toLowerCase();
  if (a.length > 254 || !/^[^\s@<>()",;:]+@[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(a)) {
    throw new DomainError('pbm/bad-address', `"${text.slice(0, 80)}" is not an e-mail address`, field);
  }
  return a;
}

/** A new secret of 120 random bits in lower-case base32: an address part any mail system keeps as it is. */
function newToken(): string {
  return base32(randomBytes(15));
}

/** The refusal of an address another user has. */
function taken(address: string): DomainError {
  return new DomainError('pbm/address-taken', `${address} belongs to another player`);
}

export class PbmStore {
  private readonly mailChanges = new Set<() => void>();

  /**
   * `units`: a mail's unit of work (`carryOutOnce`); `boards`: the games' reads the gateway makes.
   */
  constructor(
    private readonly storage: Storage,
    private readonly units: MessageUnits,
    readonly boards: MailBoards,
    private readonly now: () => number = Date.now,
  ) {}

  private get mail(): MailRepository {
    return this.storage.repos.mail;
  }

  /**
   * Hears, as soon as it commits, each change this instance makes to who gets mails of games (an address, a
   * subscription, a premove); other instances hear it as a `mail` change event.
   */
  onMailChange(listener: () => void): void {
    this.mailChanges.add(listener);
  }

  /** Runs `work` in a transaction that adds to who gets mails: the change is announced once it has committed. */
  private async addingMail<T>(event: ChangeEvent, work: (mail: MailRepository) => Promise<T>): Promise<T> {
    const result = await this.storage.transaction(async (repos, notify) => {
      const r = await work(repos.mail);
      notify(event);
      return r;
    });
    for (const l of this.mailChanges) l();
    return result;
  }

  /** The users these ids name (one question; ids of users gone are left out). */
  private async usersOf(ids: readonly string[]): Promise<User[]> {
    const names = await this.storage.repos.accounts.namesOf(ids);
    return ids.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    });
  }

  private async userOf(id: string | undefined): Promise<User | undefined> {
    return id === undefined ? undefined : (await this.usersOf([id]))[0];
  }

  async addressesOf(userId: string): Promise<string[]> {
    return this.mail.addressesOf(userId);
  }

  /**
   * Whether changes of a game may need mails or premoves: one of its players has an address, a subscriber with an
   * address follows it, or a premove waits on it.
   */
  async mailInvolved(gameId: number, playerIds: readonly string[]): Promise<boolean> {
    return this.mail.mailInvolved(gameId, playerIds);
  }

  /** Every address of each of these users. */
  async addressesOfAll(userIds: readonly string[]): Promise<Map<string, string[]>> {
    return this.mail.addressesOfAll(userIds);
  }

  async userByAddress(address: string): Promise<User | undefined> {
    return this.userOf(await this.mail.ownerOf(address.toLowerCase()));
  }

  /**
   * pbmserv's `signoff` (and `delete`): the user gets no more mail at all — every address and claim goes, and game
   * mails are off — in one transaction. The account, its games and their records stay.
   */
  async signOff(userId: string): Promise<void> {
    await this.storage.transaction(async ({ mail }) => {
      await mail.keepAddresses(userId, []);
      await mail.dropClaimsOf(userId);
      const current = (await mail.settingsOf([userId])).get(userId);
      await mail.putSettings(userId, { notify: 'off', limit: current?.limit ?? null });
    });
  }

  /** The addresses of a change, checked: lower-cased, doubles dropped, at least one, at most MAX_ADDRESSES. */
  private addressList(addresses: readonly string[]): string[] {
    const list = [...new Set(addresses.map((a) => checkAddress(a)))];
    if (list.length === 0) throw new DomainError('pbm/no-address', 'give at least one address', 'address');
    if (list.length > MAX_ADDRESSES) {
      throw new DomainError('pbm/too-many-addresses', `at most ${MAX_ADDRESSES} addresses`, 'address');
    }
    return list;
  }

  /** Refuses when one of these addresses is confirmed for another user. */
  private async refuseTaken(mail: MailRepository, userId: string, list: readonly string[]): Promise<void> {
    const address = await mail.takenFrom(userId, list);
    if (address !== undefined) throw taken(address);
  }

  /**
   * Replaces the user's addresses, taken as confirmed (the operator's word: `tactica pbm --confirmed`); an address
   * another user has is refused and nothing changes. Other users' claims on them lapse.
   */
  async setAddresses(userId: string, addresses: readonly string[]): Promise<void> {
    const list = this.addressList(addresses);
    const now = this.now();
    await this.addingMail({ kind: 'mail', userId }, async (mail) => {
      await this.refuseTaken(mail, userId, list);
      // In the order given (the first is where replies go first).
      await mail.replaceAddresses(userId, list, now);
    }).catch((e: unknown) => {
      if (e instanceof AddressTakenError)
        throw new DomainError('pbm/address-taken', 'that address belongs to another player');
      throw e;
    });
  }

  /**
   * Asks for these addresses: those the user has confirmed stay, the user's others go at once (dropping needs no
   * proof), and each new one becomes a claim with a token to mail to it — the address is the user's, and gets game
   * mail, only once the token comes back (`confirmClaim`). The user's earlier claims are replaced. An address
   * confirmed for another user is refused; another user's unconfirmed claim on it does not stand in the way.
   */
  async requestAddresses(userId: string, addresses: readonly string[], from?: string): Promise<AddressChange> {
    const list = this.addressList(addresses);
    const now = this.now();
    return this.storage.transaction(async ({ mail }) => {
      await this.refuseTaken(mail, userId, list);
      await mail.dropLapsedClaims(now);
      await mail.dropClaimsOf(userId);
      const others = list.filter((a) => a !== from?.toLowerCase());
      const busy = [...(await mail.claimsOn(others))].find(([, n]) => n >= MAX_CLAIMS_PER_ADDRESS);
      if (busy) {
        throw new DomainError(
          'pbm/address-busy',
          `${busy[0]} has ${MAX_CLAIMS_PER_ADDRESS} confirmations waiting already: if it is yours, send the command from it`,
          'address',
        );
      }
      await mail.keepAddresses(userId, list);
      const have = new Set(await mail.addressesOf(userId));
      const claims = list.filter((address) => !have.has(address)).map((address) => ({ address, token: newToken() }));
      await mail.addClaims(
        claims.map((c) => ({
          tokenHash: hashClaim(c.token),
          address: c.address,
          userId,
          createdAt: now,
          expiresAt: now + CLAIM_LIFETIME_MS,
        })),
      );
      return { confirmed: list.filter((a) => have.has(a)), claims };
    });
  }

  /**
   * The token of a confirmation mail came back: its address becomes its claimant's (after the addresses they have),
   * and every other claim on it lapses. Refused when the token is unknown or lapsed, or the address was confirmed
   * for another user meanwhile. `claimant`: only a claim of this user's (the web app confirms its own user's).
   */
  async confirmClaim(token: string, claimant?: string): Promise<{ user: User; address: string }> {
    const unknown = new DomainError(
      'pbm/bad-confirmation',
      'this confirmation is unknown or has lapsed: ask for the address again (change address)',
    );
    if (!/^[a-z2-7]{24}$/.test(token)) throw unknown;
    const now = this.now();
    const claim = await this.mail.claimByHash(hashClaim(token));
    const user = await this.userOf(claim?.userId);
    if (!claim || !user || claim.expiresAt <= now || (claimant !== undefined && claim.userId !== claimant))
      throw unknown;
    await this.addingMail({ kind: 'mail', userId: user.id }, async (mail) => {
      const owner = await mail.ownerOf(claim.address);
      if (owner !== undefined && owner !== user.id) throw taken(claim.address);
      if (owner === undefined) {
        if ((await mail.addressesOf(user.id)).length >= MAX_ADDRESSES) {
          throw new DomainError('pbm/too-many-addresses', `at most ${MAX_ADDRESSES} addresses`, 'address');
        }
        // After the addresses the user has (the first is where replies go first).
        await mail.appendAddress(user.id, claim.address, now);
      }
      await mail.dropClaimsOn(claim.address);
    }).catch((e: unknown) => {
      if (e instanceof AddressTakenError) throw taken(claim.address);
      throw e;
    });
    return { user, address: claim.address };
  }

  /** The addresses the user asked for that wait for their confirmation. */
  async claimsOf(userId: string): Promise<string[]> {
    return this.mail.claimedBy(userId, this.now());
  }

  async settings(userId: string): Promise<MailSettings> {
    return (await this.mail.settingsOf([userId])).get(userId) ?? DEFAULT_SETTINGS;
  }

  /** The settings of each of these users who has set any (the others have the defaults). */
  async settingsOfAll(userIds: readonly string[]): Promise<Map<string, MailSettings>> {
    return this.mail.settingsOf(userIds);
  }

  async updateSettings(userId: string, change: Partial<MailSettings>): Promise<MailSettings> {
    const next = { ...(await this.settings(userId)), ...change };
    await this.mail.putSettings(userId, next);
    return next;
  }

  /** Opts the user in to pbmserv's broadcasts, or out. */
  async setBroadcast(userId: string, on: boolean): Promise<void> {
    const { broadcast: _was, ...rest } = await this.settings(userId);
    await this.mail.putSettings(userId, on ? { ...rest, broadcast: true } : rest);
  }

  /** Opts the user in to turn mails (./turn-mail.ts), or out. */
  async setTurnMail(userId: string, on: boolean): Promise<void> {
    const { turnMail: _was, ...rest } = await this.settings(userId);
    await this.mail.putSettings(userId, on ? { ...rest, turnMail: true } : rest);
  }

  /** The users who opted in to broadcasts, at most `limit`. */
  async broadcastUsers(limit: number): Promise<string[]> {
    return this.mail.broadcastUsers(limit);
  }

  /**
   * Subscribes the user to the board: refused with `pbm/too-many-subscriptions` past `MAX_SUBSCRIBERS_PER_BOARD`
   * (each change of a board mails each subscriber) or `MAX_SUBSCRIPTIONS_PER_USER`. Counted after the insert in its
   * transaction, so a refusal leaves nothing behind.
   */
  async subscribe(gameId: number, userId: string): Promise<boolean> {
    return this.addingMail({ kind: 'mail', gameId }, async (mail) => {
      const added = await mail.subscribe(gameId, userId, this.now());
      if (!added) return false;
      const counts = await mail.subscriptionCounts(gameId, userId);
      if (counts.board > MAX_SUBSCRIBERS_PER_BOARD) {
        throw new DomainError(
          'pbm/too-many-subscriptions',
          `board ${gameId} has ${MAX_SUBSCRIBERS_PER_BOARD} subscribers already, the most it may have`,
        );
      }
      if (counts.user > MAX_SUBSCRIPTIONS_PER_USER) {
        throw new DomainError(
          'pbm/too-many-subscriptions',
          `you follow ${MAX_SUBSCRIPTIONS_PER_USER} boards already, the most one may: unsubscribe from one first`,
        );
      }
      return true;
    });
  }

  async unsubscribe(gameId: number, userId: string): Promise<boolean> {
    return this.mail.unsubscribe(gameId, userId);
  }

  /** The board's subscribers, by name. */
  async subscribers(gameId: number): Promise<User[]> {
    const users = await this.usersOf(await this.mail.subscribersOf(gameId));
    const key = (u: User): string => u.name.toLowerCase();
    return users.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  }

  /** The secret of a player's reply address for a board, made at first use. */
  async tokenFor(gameId: number, userId: string): Promise<string> {
    const known = await this.mail.tokenOf(gameId, userId);
    if (known !== undefined) return known;
    const token = newToken();
    if (await this.mail.addToken(gameId, userId, token, this.now())) return token;
    // Asked at once: the other one made it first.
    const raced = await this.mail.tokenOf(gameId, userId);
    if (raced === undefined) throw new Error(`no reply token could be made for board ${gameId}`);
    return raced;
  }

  /** Who a board's reply token belongs to, if it is one of that board's. */
  async tokenOwner(gameId: number, token: string): Promise<User | undefined> {
    if (!/^[a-z2-7]{24}$/.test(token)) return undefined;
    return this.userOf(await this.mail.tokenOwner(gameId, token));
  }

  /** A new token for every board of the user (the old reply addresses stop working). */
  async forgetTokens(userId: string): Promise<void> {
    await this.storage.transaction((repos) => this.rotateTokens(repos, userId));
  }

  /**
   * In the transaction that ends the user's log-ins (`Accounts.onRevoke`): every reply token of the user goes, so the
   * old reply addresses are refused from the commit on; each board gets its new one at first use (`tokenFor`: the
   * reply to the revocation, the board's next mail). One statement however many boards the user ever played: the
   * tokens of finished boards stay with the rows until then, and were all rewritten before **(ours)**.
   */
  async rotateTokens(repos: Repositories, userId: string): Promise<void> {
    await repos.mail.replaceTokens(userId, [], this.now());
  }

  /**
   * The reply tokens of the boards in progress the user plays, by board (made for those that have none yet): the
   * first `REPLY_BOARDS_LISTED`; the others' next mails carry theirs.
   */
  async activeTokens(userId: string): Promise<{ gameId: number; token: string }[]> {
    const boards = await this.boards.inProgressOf(userId, REPLY_BOARDS_LISTED);
    return Promise.all(boards.map(async (gameId) => ({ gameId, token: await this.tokenFor(gameId, userId) })));
  }

  async queued(gameId: number, userId: string): Promise<Premove[]> {
    return this.mail.queued(gameId, userId);
  }

  /** Every premove on a board, oldest first. */
  async queuedOnBoard(gameId: number): Promise<Premove[]> {
    return this.mail.queuedOnBoard(gameId);
  }

  async enqueue(gameId: number, userId: string, moves: readonly string[]): Promise<void> {
    const now = this.now();
    await this.addingMail({ kind: 'mail', gameId }, async (mail) => {
      const have = (await mail.queued(gameId, userId)).length;
      if (have + moves.length > MAX_QUEUED) {
        throw new DomainError('pbm/queue-full', `at most ${MAX_QUEUED} premoves on a board`, 'move');
      }
      await mail.enqueue(gameId, userId, moves, now);
    });
  }

  async clearQueue(gameId: number, userId: string): Promise<number> {
    return this.mail.clearQueue(gameId, userId);
  }

  /** Takes one premove off the queue; false when another instance took it first. */
  async dequeue(id: number): Promise<boolean> {
    return this.mail.dequeue(id);
  }

  async setPending(gameId: number, userId: string, move: string, version: number): Promise<void> {
    await this.mail.setPending(gameId, userId, { move, version }, this.now());
  }

  /** The submitted move waiting for its confirm, taken off (a confirm uses it once). */
  async takePending(gameId: number, userId: string): Promise<PendingMove | undefined> {
    return this.mail.takePending(gameId, userId);
  }

  /** Counts a mail from `sender` in the current window of `windowMs`: how many it has sent in it, this one too. */
  async rateCount(sender: string, windowMs: number): Promise<number> {
    return (await this.count(sender, windowMs)).count;
  }

  /**
   * Counts one more of `key` (a sender's address, `client:<ip>`, `account:<name>`) in the current window of
   * `windowMs`, shared by every instance: how many there are in it, this one too, and the window's start (to take
   * it back with `uncount`).
   */
  async count(key: string, windowMs: number): Promise<{ count: number; windowStart: number }> {
    const now = this.now();
    const start = now - (now % windowMs);
    const count = await this.mail.count(keyOf(key), start);
    // Old windows go as new ones start: those past the longest window any count uses (a short window's start
    // dropped the day-long counts of broadcasts and challenge confirmations with it, issue 40).
    if (count === 1) await this.mail.dropWindowsBefore(start - Math.max(windowMs, LONGEST_COUNT_WINDOW_MS));
    return { count, windowStart: start };
  }

  /** Takes back one count of `key` in the window that starts at `windowStart` (an attempt that turned out fine). */
  async uncount(key: string, windowStart: number): Promise<void> {
    await this.mail.uncount(keyOf(key), windowStart);
  }

  /**
   * Whether replies to `address` may quote what was sent from it: an address one account has. **(ours)** The one
   * place that says so: once addresses are confirmed, only a confirmed address is known.
   */
  async knownSender(address: string): Promise<boolean> {
    return (await this.mail.ownerOf(address.toLowerCase())) !== undefined;
  }

  /** Whether a mail with this Message-ID was carried out before. */
  async seenBefore(messageId: string): Promise<boolean> {
    return this.mail.seen(seenKey(messageId));
  }

  /**
   * Carries out `work` (a mail's command) once for its Message-ID: the ID is recorded in the transaction of the
   * command's first change (`MessageUnits`, on the databases `Database.unitOfWork`), so a crash leaves the command
   * and its record both done or both not; a command that changed nothing through a transaction (a refusal, a read)
   * has it recorded after, unless it failed on our side (then a retry of the mail is carried out). A second copy of
   * the mail racing this one is refused with `pbm/duplicate` (inside the command's transaction, which then changes
   * nothing).
   */
  async carryOutOnce<T>(
    messageId: string,
    keepMs: number,
    work: () => Promise<T>,
    failedOnOurSide: (value: T) => boolean,
  ): Promise<T> {
    const key = seenKey(messageId);
    const { value, recorded } = await this.units(key, this.now(), () => duplicateOf(messageId), work);
    // When the racing copy recorded it first, this one is answered already: nothing to record.
    if (!recorded && !failedOnOurSide(value)) await this.mail.markSeen(key, this.now());
    await this.forgetSeen(keepMs);
    return value;
  }

  /** Forgets, now and then, the IDs older than `keepMs` (a replay that old is caught by the move numbers). */
  private async forgetSeen(keepMs: number): Promise<void> {
    if (Math.random() < 0.01) await this.mail.forgetSeenBefore(this.now() - keepMs);
  }

  /**
   * Records a mail's Message-ID; false when it was seen before (a duplicate or a replay). IDs older than
   * `keepMs` are forgotten (a replay that old is caught by the move numbers).
   */
  async firstSeen(messageId: string, keepMs: number): Promise<boolean> {
    if (!(await this.mail.markSeen(seenKey(messageId), this.now()))) return false;
    await this.forgetSeen(keepMs);
    return true;
  }
}

/** The longest window a count uses (a day: broadcasts, challenges to confirm): no window is dropped before it ends. */
const LONGEST_COUNT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A count's key as it is kept: lower-cased, at most 254 characters. */
function keyOf(key: string): string {
  return key.toLowerCase().slice(0, 254);
}

/** A Message-ID as it is kept: hashed, so any length or content costs one short key. */
function seenKey(messageId: string): string {
  return createHash('sha256').update(messageId.trim().toLowerCase()).digest('hex');
}

function duplicateOf(messageId: string): DomainError {
  return new DomainError(
    'pbm/duplicate',
    `this mail (Message-ID ${messageId.slice(0, 200)}) was carried out before; it is not carried out again`,
  );
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}
