/**
 * The WebSocket event stream: each connection subscribes to games (players and spectators alike) and to the
 * lobby, and hears every committed change — its own instance's and, with PostgreSQL, every other instance's —
 * rendered for whoever is connected: a player sees their own view, a spectator the public one.
 *
 * Client messages: `{ "type": "subscribe", "game": 12, "detail": "view" | "moves" }`, `{ "type": "unsubscribe",
 * "game": 12 }`, `{ "type": "lobby", "on": true }`, `{ "type": "ping" }`, and game commands (`{ "type": "command",
 * … }`, see `commands.ts`), answered by an `ack` or an `error` carrying the command's `ref`. A malformed message gets
 * an `error` message back; the connection stays.
 */
import { moveText, positionText } from '@tactica/core';
import type { WebSocket } from 'ws';
import type { Accounts, User } from '../accounts/accounts.js';
import type { Challenges } from '../challenges/challenges.js';
import type { ChangeEvent, Database } from '../db/database.js';
import { ApiError, unauthenticated } from '../errors.js';
import { ackOf } from '../games/ack.js';
import { playersToAct, seatOf, versionFor, type LiveGame } from '../games/live-game.js';
import { deadlineOf, type GameService } from '../games/service.js';
import { viewOf } from '../games/views.js';
import { readStreamCommand, refOf } from './commands.js';
import { isRecord } from '../json.js';

type Detail = 'view' | 'moves';

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
}

const MAX_SUBSCRIPTIONS = 100;

/** The part of `net.Socket` the hub uses to write a burst of messages at once. */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

/** Who opened a connection, and how many commands a second each user may send on the stream. */
export interface StreamClient {
  readonly user: User | undefined;
  readonly token: string | undefined;
  /** The TCP socket under the WebSocket (`request.raw.socket`). */
  readonly transport?: Corkable | undefined;
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

  constructor(
    database: Database,
    private readonly games: GameService,
    private readonly challenges: Challenges,
    private readonly accounts: Accounts,
    private readonly now: () => number = Date.now,
  ) {
    this.unsubscribe = database.onChange((e) => void this.heard(e));
  }

  get size(): number {
    return this.connections.size;
  }

  attach(socket: WebSocket, client: StreamClient): void {
    const { user, token } = client;
    const conn: Connection = {
      socket,
      transport: client.transport,
      corked: false,
      user,
      tokenKey: this.accounts.tokenKey(token),
      games: new Map(),
      lobby: false,
      limit: client.commandsPerSecond,
    };
    this.connections.add(conn);
    socket.on('message', (data, isBinary) => void this.received(conn, isBinary ? '' : String(data)));
    const gone = (): void => {
      this.connections.delete(conn);
      for (const id of conn.games.keys()) this.unwatch(conn, id);
    };
    socket.on('close', gone);
    socket.on('error', gone);
    this.send(conn, { type: 'hello', user: user?.name ?? null });
  }

  close(): void {
    this.unsubscribe();
    if (this.lobbyTimer) clearTimeout(this.lobbyTimer);
    for (const c of this.connections) c.socket.close(1001, 'server shutting down');
    this.connections.clear();
    this.watchers.clear();
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

  private send(conn: Connection, message: object): void {
    this.sendText(conn, JSON.stringify(message));
  }

  private sendText(conn: Connection, text: string): void {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
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
    const api = e instanceof ApiError ? e : new ApiError(400, 'stream/bad-message', 'the message could not be handled');
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
      throw new ApiError(429, 'rate/limited', `at most ${limit} commands a second; slow down`);
    }
  }

  private async received(conn: Connection, text: string): Promise<void> {
    try {
      let msg: unknown;
      try {
        msg = JSON.parse(text) as unknown;
      } catch {
        throw new ApiError(400, 'stream/bad-json', 'a message is a JSON object');
      }
      if (!isRecord(msg)) throw new ApiError(400, 'stream/bad-message', 'a message is a JSON object', 'type');
      switch (msg['type']) {
        case 'ping':
          this.send(conn, { type: 'pong' });
          return;
        case 'command':
          return await this.command(conn, msg);
        case 'lobby':
          conn.lobby = msg['on'] !== false;
          if (conn.lobby) this.send(conn, await this.lobby());
          return;
        case 'subscribe': {
          const id = msg['game'];
          if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
            throw new ApiError(400, 'stream/bad-game', 'game must be a game id', 'game');
          }
          const detail = msg['detail'] ?? 'view';
          if (detail !== 'view' && detail !== 'moves') {
            throw new ApiError(400, 'stream/bad-detail', 'detail is view or moves', 'detail');
          }
          if (!conn.games.has(id) && conn.games.size >= MAX_SUBSCRIPTIONS) {
            throw new ApiError(429, 'stream/too-many', `at most ${MAX_SUBSCRIPTIONS} games a connection`);
          }
          // Subscribed before the game is read: a change committed meanwhile is heard, not lost between the two.
          const known = conn.games.get(id);
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
          throw new ApiError(400, 'stream/bad-type', 'type is subscribe, unsubscribe, lobby, command or ping', 'type');
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

  private render(game: LiveGame, conn: Connection, detail: Detail): object {
    const now = this.now();
    if (detail === 'view') {
      return { type: 'game', view: viewOf(game, seatOf(game, conn.user), now, deadlineOf(game, now)) };
    }
    // Moves only: what a program that keeps its own copy of the game needs, without rendering a view.
    const r = game.restored;
    const seq = r.dynamics === 'sequential' ? r.session : undefined;
    const h = seq?.history;
    const last = h && h.cursor > 0 ? moveText(r.setup.game, h.states[h.cursor - 1], h.moves[h.cursor - 1]) : null;
    return {
      type: 'move',
      id: game.id,
      version: versionFor(game, seatOf(game, conn.user)),
      moves: h?.cursor ?? 0,
      last,
      rounds: r.dynamics === 'simultaneous' ? r.session.round - 1 : 0,
      toAct: playersToAct(game),
      outcome: r.session.outcome ?? null,
      position: seq ? positionText(r.setup.game, seq.position) : null,
    };
  }

  private async heard(e: ChangeEvent): Promise<void> {
    try {
      if (e.kind === 'lobby') return this.lobbySoon();
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

  /** Lobby changes come in bursts (a seek taken makes a game): one lobby message per burst. */
  private lobbySoon(): void {
    if (this.lobbyTimer || ![...this.connections].some((c) => c.lobby)) return;
    this.lobbyTimer = setTimeout(() => {
      this.lobbyTimer = undefined;
      void this.lobby().then((msg) => {
        for (const c of this.connections) if (c.lobby) this.send(c, msg);
      });
    }, 100);
    this.lobbyTimer.unref();
  }

  private async lobby(): Promise<object> {
    const [seeks, games] = await Promise.all([this.challenges.list(undefined), this.games.recent(50)]);
    return { type: 'lobby', seeks, games };
  }
}
