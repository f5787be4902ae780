/**
 * The event stream's messages (`/api/stream`, one JSON object per WebSocket message). A client subscribes to games
 * and the lobby and may send game commands (the fields of `commands.ts`, with a `ref` that comes back on the
 * answer); the server sends views or moves as games change, acknowledgements, refusals, chat lines and the lobby.
 */
import type { Outcome, Player } from '@tactica/core';
import type { CommandBodies, GameCommandName } from './commands.js';
import type { CommandAck, ErrorBody, GameView } from './views.js';

/** What a client names its command by; the same comes back on the `ack` or `error` (null when it gave none usable). */
export type CommandRef = string | number | null;

/** `view`: the whole view each time the game changes; `moves`: only the move (a program that keeps its own copy). */
export type StreamDetail = 'view' | 'moves';

export type StreamCommandMessage = {
  [C in GameCommandName]: {
    readonly type: 'command';
    readonly ref?: string | number;
    readonly game: number;
    readonly version: number;
    readonly command: C;
  } & CommandBodies[C];
}[GameCommandName];

/** Client → server. */
export type ClientMessage =
  | { readonly type: 'subscribe'; readonly game: number; readonly detail?: StreamDetail }
  | { readonly type: 'unsubscribe'; readonly game: number }
  | { readonly type: 'lobby'; readonly on?: boolean }
  | { readonly type: 'ping' }
  | StreamCommandMessage;

/** A chat line (`GET /api/games/:id/chat`, the stream's `chat` message). */
export interface ChatLine {
  readonly id: number;
  readonly gameId: number;
  /** Who said it (null: an account since deleted). */
  readonly from: string | null;
  readonly text: string;
  readonly at: number;
}

/** The `detail: 'moves'` message: the last move, not a view. */
export interface MoveMessage {
  readonly type: 'move';
  readonly id: number;
  readonly version: number;
  /** Moves played (sequential games). */
  readonly moves: number;
  /** The last move in the game's notation. */
  readonly last: string | null;
  /** Rounds played (Tactorus). */
  readonly rounds: number;
  readonly toAct: readonly Player[];
  readonly outcome: Outcome | null;
  readonly position: string | null;
}

/** Server → client. The lobby's entries are the challenges' and game summaries' JSON (typed by the client). */
export type ServerMessage<Seek = unknown, Summary = unknown> =
  | { readonly type: 'hello'; readonly user: string | null }
  | { readonly type: 'game'; readonly view: GameView }
  | MoveMessage
  | ({ readonly type: 'ack'; readonly ref: CommandRef } & CommandAck)
  | ({ readonly type: 'error'; readonly ref?: CommandRef } & ErrorBody)
  | { readonly type: 'chat'; readonly message: ChatLine }
  | { readonly type: 'lobby'; readonly seeks: readonly Seek[]; readonly games: readonly Summary[] }
  /** To the challenger, on each of their connections: their challenge was accepted and `game` has begun. */
  | { readonly type: 'started'; readonly game: number }
  | { readonly type: 'pong' };
