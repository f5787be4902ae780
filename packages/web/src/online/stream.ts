/**
 * The server's event stream (`/api/stream`, a WebSocket known by the log-in cookie): game views as they change, chat
 * lines, the lobby. Reconnects after a drop and subscribes again to what it was subscribed to.
 */
import type { ClientMessage, ServerMessage } from '@tactica/server/protocol';
import type { Challenge, GameSummary } from './api.js';

/** What the server sends on the stream (the protocol's messages, the lobby's entries as this app reads them). */
export type StreamMessage = ServerMessage<Challenge, GameSummary>;

export class Stream {
  private socket: WebSocket | undefined;
  private readonly games = new Set<number>();
  private lobby = false;
  private closed = false;
  private retry = 500;
  private readonly listeners = new Set<(m: StreamMessage) => void>();

  connect(): void {
    if (this.closed) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/stream`;
    const ws = new WebSocket(url);
    this.socket = ws;
    ws.addEventListener('open', () => {
      this.retry = 500;
      for (const g of this.games) this.send({ type: 'subscribe', game: g });
      if (this.lobby) this.send({ type: 'lobby', on: true });
    });
    ws.addEventListener('message', (e) => {
      let m: StreamMessage;
      try {
        m = JSON.parse(String(e.data)) as StreamMessage;
      } catch {
        return;
      }
      for (const l of this.listeners) l(m);
    });
    ws.addEventListener('close', () => {
      if (this.socket !== ws || this.closed) return;
      setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 10_000);
    });
  }

  private send(m: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(m));
  }

  on(listener: (m: StreamMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  subscribe(game: number): void {
    this.games.add(game);
    this.send({ type: 'subscribe', game });
  }

  unsubscribe(game: number): void {
    this.games.delete(game);
    this.send({ type: 'unsubscribe', game });
  }

  watchLobby(on: boolean): void {
    this.lobby = on;
    this.send({ type: 'lobby', on });
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }
}
