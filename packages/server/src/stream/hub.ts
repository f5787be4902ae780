/**
 * The WebSocket event stream: each connection subscribes to games (players and spectators alike) and to the
 * lobby, and hears every committed change — its own instance's and, with PostgreSQL, every other instance's —
 * rendered for whoever is connected: a player sees their own view, a spectator the public one.
 *
 * Client messages: `{ "type": "subscribe", "game": 12, "detail": "view" | "moves" }`, `{ "type": "unsubscribe",
 * "game": 12 }`, `{ "type": "lobby", "on": true }`, `{ "type": "ping" }`, and game commands (`{ "type": "command",
 * … }`, see `commands.ts`), answered by an `ack` or an `error` carrying the command's `ref`. A malformed message gets
 * an `error` message back; the connection stays.
 *
 * Every client has a budget (`budget.ts`): messages a second per connection and per address, a smaller one without
 * a log-in, refused with `rate/limited` and the connection closed (1008) when it floods on; connections per
 * address; bytes waiting for a slow reader. A repeated subscribe is the same subscription, and the lobby is rendered
 * once for everyone who asks within a moment. A connection whose log-in ends (log-out, password change, any
 * `tokens` event of its user, on any instance) or expires is closed (4401) at once: it was opened as that player
 * and would go on hearing their private view.
 */
import { moveText, positionText, stateAt } from '@tactica/core';
import { playsInRounds, sequentialPlay, turnsPlayed } from '@tactica/catalogue';
import type { WebSocket } from 'ws';
import type { Accounts, User } from '../accounts/accounts.js';
import type { Challenges } from '../challenges/challenges.js';
import type { ChangeEvent, Database } from '../db/database.js';
import { DomainError, unauthenticated } from '../errors.js';
import { ackOf } from '../games/ack.js';
import { playersToAct, seatOf, versionFor, type LiveGame } from '../games/live-game.js';
import type { GameListings } from '../games/listings.js';
import { deadlineOf, type GameService } from '../games/service.js';
import { viewOf } from '../games/views.js';
import { readStreamCommand, refOf } from './commands.js';
import { isRecord } from '../json.js';
import type { ServerMessage, StreamDetail } from '../protocol/index.js';
import { DEFAULT_STREAM_LIMITS, StreamBudgets, type ConnectionBudget, type StreamLimits } from './budget.js';

type Detail = StreamDetail;

/** A connection's subscription to a game, and the newest version it has been sent (never an older one after it). */
interface Subscription {
  readonly detail: Detail;
  sent: number;
}

interface Connection {
  readonly socket: WebSocket;
  /** The TCP socket under the WebSocket, when known: held corked for a moment so a burst goes out in one write. */
  readonly transport: Corkable | undefined;
  corked: boolean;
  readonly user: User | undefined;
  /** The key of the token the connection was opened with: each command checks it is still valid (not logged out). */
  readonly tokenKey: string | undefined;
  readonly games: Map<number, Subscription>;
  lobby: boolean;
  readonly limit: number;
  readonly budget: ConnectionBudget;
  /** Closed (or being closed) by the server: what it still sends is ignored, nothing more goes out. */
  closed: boolean;
}

/** The close code of a connection whose log-in ended (ours: 4000–4999 are the application's; 401 as in HTTP). */
export const CLOSE_REVOKED = 4401;
/** The close code of a connection that went on flooding when refused (the WebSocket code for a policy breach). */
export const CLOSE_POLICY = 1008;
/** How long a rendering of the lobby serves everyone who asks for the lobby (its changes are sent as they come). */
const LOBBY_FRESH_MS = 1000;

/** The part of `net.Socket` the hub uses to write a burst of messages at once. */
interface Corkable {
  cork(): void;
  uncork(): void;
}

/** Who opened a connection, and how many commands a second each user may send on the stream. */
export interface StreamClient {
  readonly user: User | undefined;
  readonly token: string | undefined;
  /** The TCP socket under the WebSocket (`request.raw.socket`). */
  readonly transport?: Corkable | undefined;
  /** The client's address (`request.ip`): budgets count per address as well as per connection. */
  readonly address: string;
  /** The same limit as the HTTP move routes (`RateLimits.moves`), counted per user over all their connections. */
  readonly commandsPerSecond: number;
}

/** Commands per user in the current one-second window. */
interface Window {
  start: number;
  count: number;
}

export class StreamHub {
  private readonly connections = new Set<Connection>();
  /** Per game, the connections subscribed to it (an event reaches its watchers without a scan of everyone). */
  private readonly watchers = new Map<number, Set<Connection>>();
  private readonly windows = new Map<string, Window>();
  private readonly unsubscribe: () => void;
  private lobbyTimer: NodeJS.Timeout | undefined;
  /** The lobby message as last rendered (or being rendered), shared by every connection that asks meanwhile. */
  private lobbyCache: { readonly text: Promise<string>; readonly at: number } | undefined;
  private limits: StreamLimits = DEFAULT_STREAM_LIMITS;
  private budgets = new StreamBudgets(DEFAULT_STREAM_LIMITS);
  private tokenChecks: NodeJS.Timeout | undefined;
  /**
   * Called with a user's id when their last connection to this instance closes: their quick-pairing request leaves
   * the queue (../challenges/pairing.ts), the page waiting for it being gone.
   */
  onUserGone: ((userId: string) => void) | undefined;

  constructor(
    database: Database,
    private readonly games: GameService,
    private readonly listings: GameListings,
    private readonly challenges: Challenges,
    private readonly accounts: Accounts,
    private readonly now: () => number = Date.now,
  ) {
    this.unsubscribe = database.onChange((e) => void this.heard(e));
  }

  get size(): number {
    return this.connections.size;
  }

  /**
   * Who is online: the signed-in players with a stream open on this instance, by name (an instance knows its own
   * connections only (ours): behind a load balancer each answers for the players it serves).
   */
  onlineNames(): string[] {
    const names = new Set<string>();
    for (const c of this.connections) if (c.user && !c.closed) names.add(c.user.name);
    return [...names].sort((a, b) => a.localeCompare(b));
  }

  /** Whether `userId` has a stream of this instance open on game `gameId` (they see its moves as they come). */
  isWatching(gameId: number, userId: string): boolean {
    for (const c of this.watchers.get(gameId) ?? []) if (!c.closed && c.user?.id === userId) return true;
    return false;
  }

  /** The stream's limits (the server's options; the defaults until then), and the check of log-ins' expiry. */
  configure(limits: StreamLimits): void {
    this.limits = limits;
    this.budgets = new StreamBudgets(limits);
    if (this.tokenChecks) clearInterval(this.tokenChecks);
    this.tokenChecks = setInterval(() => {
      this.budgets.forgetQuiet();
      void this.recheck([...this.connections]);
    }, limits.tokenCheckMs);
    this.tokenChecks.unref();
  }

  /** Whether another connection from `address` may open (the upgrade is refused before it happens otherwise). */
  admits(address: string): boolean {
    return this.budgets.admits(address);
  }

  attach(socket: WebSocket, client: StreamClient): void {
    const { user, token } = client;
    const budget = this.budgets.open(client.address, user !== undefined);
    if (!budget) {
      // Upgrades raced past `admits`: the connection over the cap goes at once.
      socket.close(CLOSE_POLICY, 'rate/limited: too many connections from this address');
      return;
    }
    const conn: Connection = {
      socket,
      transport: client.transport,
      corked: false,
      user,
      tokenKey: this.accounts.tokenKey(token),
      games: new Map(),
      lobby: false,
      limit: client.commandsPerSecond,
      budget,
      closed: false,
    };
    this.connections.add(conn);
    socket.on('message', (data, isBinary) => void this.received(conn, isBinary ? '' : String(data)));
    const gone = (): void => this.drop(conn);
    socket.on('close', gone);
    socket.on('error', gone);
    this.send(conn, { type: 'hello', user: user?.name ?? null });
    // A log-out heard between the upgrade's authentication and now found no connection to close: check once more.
    if (user) void this.recheck([conn]);
  }

  /** The ids of the signed-in users with a connection open on this instance. */
  userIds(): string[] {
    return [...new Set([...this.connections].flatMap((c) => (c.user && !c.closed ? [c.user.id] : [])))];
  }

  close(): void {
    // The server is stopping: what its connections' closing would do is done by the caller, before the database goes.
    this.onUserGone = undefined;
    this.unsubscribe();
    if (this.lobbyTimer) clearTimeout(this.lobbyTimer);
    if (this.tokenChecks) clearInterval(this.tokenChecks);
    for (const c of this.connections) c.socket.close(1001, 'server shutting down');
    this.connections.clear();
    this.watchers.clear();
  }

  /** Forgets a connection: its subscriptions, the lobby, its share of its address's budget. */
  private drop(conn: Connection): void {
    conn.closed = true;
    conn.lobby = false;
    this.connections.delete(conn);
    for (const id of [...conn.games.keys()]) this.unwatch(conn, id);
    conn.budget.close();
    const user = conn.user;
    if (user && ![...this.connections].some((c) => c.user?.id === user.id)) this.onUserGone?.(user.id);
  }

  /** Closes a connection from the server's side, at once: nothing more reaches it, whatever was under way. */
  private end(conn: Connection, code: number, reason: string): void {
    if (conn.closed) return;
    this.drop(conn);
    conn.socket.close(code, reason);
  }

  /**
   * Checks the log-ins of `conns` (those opened with one) and closes each connection whose log-in has ended: logged
   * out, its password changed, expired. One check per log-in, however many connections share it.
   */
  private async recheck(conns: readonly Connection[]): Promise<void> {
    const byToken = new Map<string, Connection[]>();
    for (const c of conns) {
      if (!c.user || c.tokenKey === undefined || c.closed) continue;
      const list = byToken.get(c.tokenKey);
      if (list) list.push(c);
      else byToken.set(c.tokenKey, [c]);
    }
    for (const [key, list] of byToken) {
      let holder: User | undefined;
      try {
        holder = await this.accounts.authenticateKey(key);
      } catch {
        continue; // The database did not answer: the next check (or event) decides.
      }
      if (holder) continue;
      for (const c of list) this.end(c, CLOSE_REVOKED, 'auth/revoked: the log-in of this connection has ended');
    }
  }

  private watch(conn: Connection, id: number, sub: Subscription): void {
    conn.games.set(id, sub);
    let set = this.watchers.get(id);
    if (!set) this.watchers.set(id, (set = new Set()));
    set.add(conn);
  }

  private unwatch(conn: Connection, id: number): void {
    conn.games.delete(id);
    const set = this.watchers.get(id);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.watchers.delete(id);
  }

  private send(conn: Connection, message: ServerMessage): void {
    this.sendText(conn, JSON.stringify(message));
  }

  private sendText(conn: Connection, text: string): void {
    if (conn.closed || conn.socket.readyState !== conn.socket.OPEN) return;
    // A reader that does not keep up would have the server hold whatever it is sent: past the cap it is dropped at
    // once (a close frame would wait behind the same bytes). One message alone may pass it (a long game's view).
    const waiting = conn.socket.bufferedAmount;
    if (waiting > 0 && waiting + text.length > this.limits.bufferedBytes) {
      this.drop(conn);
      conn.socket.terminate();
      return;
    }
    // What a connection is sent in one turn of the event loop (a command's ack and the move's event, several
    // games' moves) leaves in one write: on loopback and in small virtual machines each write is a system call
    // that costs more than the messages.
    const t = conn.transport;
    if (t && !conn.corked) {
      conn.corked = true;
      t.cork();
      setImmediate(() => {
        conn.corked = false;
        t.uncork();
      });
    }
    conn.socket.send(text);
  }

  private fail(conn: Connection, e: unknown, ref?: string | number | null): void {
    const api =
      e instanceof DomainError ? e : new DomainError('stream/bad-message', 'the message could not be handled');
    this.send(conn, { type: 'error', ...(ref !== undefined ? { ref } : {}), ...api.toJSON() });
  }

  /** A game command: the same service call as the HTTP routes, answered with an `ack` once committed. */
  private async command(conn: Connection, msg: Record<string, unknown>): Promise<void> {
    const ref = refOf(msg);
    try {
      const c = readStreamCommand(msg);
      // The token is checked again on every command: a connection outlives neither a log-out nor the token's expiry.
      const user = await this.accounts.authenticateKey(conn.tokenKey);
      if (!user) throw unauthenticated();
      this.countCommand(user, conn.limit);
      const game = await this.games.command(c.game, user, c.version, c.command);
      this.send(conn, { type: 'ack', ref, ...ackOf(game, seatOf(game, user)) });
    } catch (e) {
      this.fail(conn, e, ref);
    }
  }

  private countCommand(user: User, limit: number): void {
    const now = Date.now();
    let w = this.windows.get(user.id);
    if (!w || now - w.start >= 1000) {
      if (this.windows.size > 10_000) this.windows.clear();
      w = { start: now, count: 0 };
      this.windows.set(user.id, w);
    }
    if (++w.count > limit) {
      throw new DomainError('rate/limited', `at most ${limit} commands a second; slow down`);
    }
  }

  private async received(conn: Connection, text: string): Promise<void> {
    if (conn.closed) return;
    // Every message counts, a malformed one too, before any work is done for it.
    const spent = conn.budget.spend();
    if (spent !== 'ok') {
      const { perSecond, burst } = spent === 'address' ? this.limits.addressMessages : conn.budget.rate;
      const whose = spent === 'address' ? 'from one address' : 'on one connection';
      const message = `at most ${perSecond} messages a second ${whose} (${burst} at once); slow down`;
      this.fail(conn, new DomainError('rate/limited', message));
      if (spent === 'flood') this.end(conn, CLOSE_POLICY, 'rate/limited: too many messages');
      return;
    }
    try {
      let msg: unknown;
      try {
        msg = JSON.parse(text) as unknown;
      } catch {
        throw new DomainError('stream/bad-json', 'a message is a JSON object');
      }
      if (!isRecord(msg)) throw new DomainError('stream/bad-message', 'a message is a JSON object', 'type');
      switch (msg['type']) {
        case 'ping':
          this.send(conn, { type: 'pong' });
          return;
        case 'command':
          return await this.command(conn, msg);
        case 'lobby': {
          const on = msg['on'] !== false;
          // On already: the lobby's changes reach it as they come, nothing to send again.
          if (on === conn.lobby) return;
          conn.lobby = on;
          if (on) this.sendText(conn, await this.lobbyText());
          return;
        }
        case 'subscribe': {
          const id = msg['game'];
          if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
            throw new DomainError('stream/bad-game', 'game must be a game id', 'game');
          }
          const detail = msg['detail'] ?? 'view';
          if (detail !== 'view' && detail !== 'moves') {
            throw new DomainError('stream/bad-detail', 'detail is view or moves', 'detail');
          }
          const known = conn.games.get(id);
          if (!known && conn.games.size >= this.limits.subscriptions) {
            throw new DomainError('stream/too-many', `at most ${this.limits.subscriptions} games a connection`);
          }
          if (known?.detail === detail) {
            // The same subscription again is the one it has: every change reaches it already. Only a version it was
            // not sent (an event that could not be rendered then) goes out, from memory.
            const cached = this.games.cached(id);
            if (cached && known.sent > 0 && cached.version > known.sent) this.sendGame(conn, cached);
            return;
          }
          // Subscribed before the game is read: a change committed meanwhile is heard, not lost between the two.
          this.watch(conn, id, { detail, sent: known?.sent ?? 0 });
          let game: LiveGame;
          try {
            // Watching already: a change the cached copy lacks comes to this connection as an event.
            game = await this.games.load(id, { watched: true });
          } catch (e) {
            if (!known) this.unwatch(conn, id);
            throw e;
          }
          this.sendGame(conn, game);
          return;
        }
        case 'unsubscribe': {
          const id = msg['game'];
          if (typeof id === 'number') this.unwatch(conn, id);
          return;
        }
        default:
          throw new DomainError('stream/bad-type', 'type is subscribe, unsubscribe, lobby, command or ping', 'type');
      }
    } catch (e) {
      this.fail(conn, e);
    }
  }

  /**
   * Sends `game` to one watcher, unless they have been sent a newer version already (events can cross).
   * `rendered`, shared by the watchers of one event, keeps each distinct message's text (every `moves` watcher gets
   * the same; a view differs by seat), so each is rendered and encoded once.
   */
  private sendGame(conn: Connection, game: LiveGame, rendered?: Map<string, string>, event = false): void {
    const sub = conn.games.get(game.id);
    // Versions as this watcher knows them (`versionFor`): a change they may not see (the other side's orders before
    // `done`) leaves theirs as it was, and an event then sends them nothing.
    const version = versionFor(game, seatOf(game, conn.user));
    if (!sub || version < sub.sent || (event && version === sub.sent)) return;
    sub.sent = version;
    const key = sub.detail === 'moves' ? `moves:${version}` : `view:${seatOf(game, conn.user) ?? '-'}`;
    let text = rendered?.get(key);
    if (text === undefined) {
      text = JSON.stringify(this.render(game, conn, sub.detail));
      rendered?.set(key, text);
    }
    this.sendText(conn, text);
  }

  private render(game: LiveGame, conn: Connection, detail: Detail): ServerMessage {
    const now = this.now();
    if (detail === 'view') {
      return { type: 'game', view: viewOf(game, seatOf(game, conn.user), now, deadlineOf(game, now)) };
    }
    // Moves only: what a program that keeps its own copy of the game needs, without rendering a view.
    const r = game.restored;
    const seq = sequentialPlay(r)?.session;
    const h = seq?.history;
    const rules = r.setup.game;
    const last = h && h.cursor > 0 ? moveText(rules, stateAt(rules, h, h.cursor - 1), h.moves[h.cursor - 1]) : null;
    return {
      type: 'move',
      id: game.id,
      version: versionFor(game, seatOf(game, conn.user)),
      moves: h?.cursor ?? 0,
      last,
      rounds: playsInRounds(r) ? turnsPlayed(r) : 0,
      toAct: playersToAct(game),
      outcome: r.session.outcome ?? null,
      position: seq ? positionText(r.setup.game, seq.position) : null,
    };
  }

  private async heard(e: ChangeEvent): Promise<void> {
    try {
      if (e.kind === 'lobby') {
        // A challenge accepted names its challenger and the game: each of their connections is told to open it.
        if (e.userId !== undefined && e.gameId !== undefined) return this.started(e.userId, e.gameId);
        this.lobbyCache = undefined;
        return this.lobbySoon();
      }
      if (e.kind === 'tokens') {
        // The user's log-ins changed (here or on another instance; Accounts has forgotten its cached ones already).
        if (e.userId !== undefined) await this.recheck([...this.connections].filter((c) => c.user?.id === e.userId));
        return;
      }
      if (e.gameId === undefined) return;
      const watching = this.watchers.get(e.gameId);
      if (!watching) return;
      const watchers = [...watching];
      if (e.kind === 'chat' && e.message) {
        for (const c of watchers) this.send(c, { type: 'chat', message: e.message });
        return;
      }
      if (e.kind !== 'game') return;
      // A copy older than the event is known stale: read at once, without asking for the version first.
      const game =
        (await this.games.settled(e.gameId, e.version)) ??
        (await this.games.load(e.gameId, e.version === undefined ? {} : { version: e.version }));
      // An older event heard after a newer one: the newer view was sent already.
      if (e.version !== undefined && game.version < e.version) return;
      const rendered = new Map<string, string>();
      for (const c of watchers) this.sendGame(c, game, rendered, true);
    } catch {
      // A game that cannot be rendered now is rendered at its next change.
    }
  }

  /** Tells every connection of `userId` (lobby or not) that a game of theirs has begun: their challenge was accepted. */
  private started(userId: string, gameId: number): void {
    for (const c of this.connections) if (c.user?.id === userId) this.send(c, { type: 'started', game: gameId });
  }

  /** Lobby changes come in bursts (a seek taken makes a game): one lobby message per burst. */
  private lobbySoon(): void {
    if (this.lobbyTimer || ![...this.connections].some((c) => c.lobby)) return;
    this.lobbyTimer = setTimeout(() => {
      this.lobbyTimer = undefined;
      this.lobbyText().then(
        (text) => {
          for (const c of this.connections) if (c.lobby) this.sendText(c, text);
        },
        () => undefined, // The next change renders it again.
      );
    }, 100);
    this.lobbyTimer.unref();
  }

  /** The lobby message's text: rendered once for everyone who asks within `LOBBY_FRESH_MS` or until it changes. */
  private lobbyText(): Promise<string> {
    const now = Date.now();
    const cached = this.lobbyCache;
    if (cached && now - cached.at < LOBBY_FRESH_MS) return cached.text;
    const entry = { text: this.lobby().then((m) => JSON.stringify(m)), at: now };
    this.lobbyCache = entry;
    entry.text.catch(() => {
      if (this.lobbyCache === entry) this.lobbyCache = undefined;
    });
    return entry.text;
  }

  private async lobby(): Promise<ServerMessage> {
    const [seeks, games] = await Promise.all([this.challenges.list(undefined), this.listings.recent(50)]);
    return { type: 'lobby', seeks, games };
  }
}
