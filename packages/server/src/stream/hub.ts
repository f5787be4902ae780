/**
 * The WebSocket event stream: each connection subscribes to games (players and spectators alike) and to the
 * lobby, and hears every committed change — its own instance's and, with PostgreSQL, every other instance's —
 * rendered for whoever is connected: a player sees their own view, a spectator the public one.
 *
 * Client messages: `{ "type": "subscribe", "game": 12, "detail": "view" | "moves" }`, `{ "type": "unsubscribe",
 * "game": 12 }`, `{ "type": "lobby", "on": true }`, `{ "type": "ping" }`. A malformed message gets an `error`
 * message back; the connection stays.
 */
import { moveText } from '@tactica/core';
import type { WebSocket } from 'ws';
import type { User } from '../accounts/accounts.js';
import type { Challenges } from '../challenges/challenges.js';
import type { ChangeEvent, Database } from '../db/database.js';
import { ApiError } from '../errors.js';
import { playersToAct, seatOf, type LiveGame } from '../games/live-game.js';
import { deadlineOf, type GameService } from '../games/service.js';
import { viewOf } from '../games/views.js';

type Detail = 'view' | 'moves';

interface Connection {
  readonly socket: WebSocket;
  readonly user: User | undefined;
  readonly games: Map<number, Detail>;
  lobby: boolean;
}

const MAX_SUBSCRIPTIONS = 100;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export class StreamHub {
  private readonly connections = new Set<Connection>();
  private readonly unsubscribe: () => void;
  private lobbyTimer: NodeJS.Timeout | undefined;

  constructor(
    database: Database,
    private readonly games: GameService,
    private readonly challenges: Challenges,
    private readonly now: () => number = Date.now,
  ) {
    this.unsubscribe = database.onChange((e) => void this.heard(e));
  }

  get size(): number {
    return this.connections.size;
  }

  attach(socket: WebSocket, user: User | undefined): void {
    const conn: Connection = { socket, user, games: new Map(), lobby: false };
    this.connections.add(conn);
    socket.on('message', (data, isBinary) => void this.received(conn, isBinary ? '' : String(data)));
    socket.on('close', () => this.connections.delete(conn));
    socket.on('error', () => this.connections.delete(conn));
    this.send(conn, { type: 'hello', user: user?.name ?? null });
  }

  close(): void {
    this.unsubscribe();
    if (this.lobbyTimer) clearTimeout(this.lobbyTimer);
    for (const c of this.connections) c.socket.close(1001, 'server shutting down');
    this.connections.clear();
  }

  private send(conn: Connection, message: object): void {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(message));
  }

  private fail(conn: Connection, e: unknown): void {
    const api = e instanceof ApiError ? e : new ApiError(400, 'stream/bad-message', 'the message could not be handled');
    this.send(conn, { type: 'error', ...api.toJSON() });
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
          const game = await this.games.load(id);
          conn.games.set(id, detail);
          this.send(conn, this.render(game, conn, detail));
          return;
        }
        case 'unsubscribe': {
          const id = msg['game'];
          if (typeof id === 'number') conn.games.delete(id);
          return;
        }
        default:
          throw new ApiError(400, 'stream/bad-type', 'type is subscribe, unsubscribe, lobby or ping', 'type');
      }
    } catch (e) {
      this.fail(conn, e);
    }
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
      version: game.version,
      moves: h?.cursor ?? 0,
      last,
      rounds: r.dynamics === 'simultaneous' ? r.session.round - 1 : 0,
      toAct: playersToAct(game),
      outcome: r.session.outcome ?? null,
      position: seq ? r.setup.game.formatPosition(seq.position) : null,
    };
  }

  private async heard(e: ChangeEvent): Promise<void> {
    try {
      if (e.kind === 'lobby') return this.lobbySoon();
      if (e.gameId === undefined) return;
      const watchers = [...this.connections].filter((c) => c.games.has(e.gameId as number));
      if (watchers.length === 0) return;
      if (e.kind === 'chat' && e.message) {
        for (const c of watchers) this.send(c, { type: 'chat', message: e.message });
        return;
      }
      if (e.kind !== 'game') return;
      const game = this.games.cached(e.gameId, e.version) ?? (await this.games.load(e.gameId));
      // An older event heard after a newer one: the newer view was sent already.
      if (e.version !== undefined && game.version < e.version) return;
      for (const c of watchers) this.send(c, this.render(game, c, c.games.get(e.gameId) ?? 'view'));
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
