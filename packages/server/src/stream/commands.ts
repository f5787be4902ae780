/**
 * Game commands sent on the event stream instead of HTTP: a client that holds the stream open (a browser, a bot)
 * plays without a request per move, as live game servers do. The same commands and checks as the HTTP routes
 * (`http/game-routes.ts`): the version the command was meant for, the move in the game's notation or as board
 * squares, at most the HTTP schema's sizes. Each command carries a `ref` of the client's choosing that comes back
 * on its `ack` or `error`, so a client can match answers to commands.
 *
 *   { "type": "command", "ref": 7, "game": 12, "version": 5, "command": "move", "move": "32-28" }
 *   { "type": "command", "ref": 8, "game": 12, "version": 6, "command": "draw", "action": "offer" }
 */
import { ApiError } from '../errors.js';
import type { GameCommand, MoveInputText } from '../games/transitions.js';
import { isRecord } from '../json.js';

export interface StreamCommand {
  readonly ref: string | number | null;
  readonly game: number;
  readonly version: number;
  readonly command: GameCommand;
}

/** The names a stream command may have, as the HTTP routes under `/api/games/:id/`. */
export const STREAM_COMMANDS = ['move', 'orders', 'withdraw', 'resign', 'draw', 'takeback'] as const;

const MOVE_TEXT_LIMIT = 200;
/** A Map, not an object: a field named `constructor` or `__proto__` must not find the object's inherited members. */
const BOARD_FIELD_LIMITS: ReadonlyMap<string, number> = new Map([
  ['action', 40],
  ['from', 10],
  ['to', 10],
  ['choice', 100],
]);
const ORDERS_LIMIT = 100;
const REF_LIMIT = 64;

const bad = (code: string, message: string, field: string): ApiError =>
  new ApiError(400, `stream/${code}`, message, field);

/** The `ref` a client gave, if it is one a reply can carry back (so even a refused command can be matched). */
export function refOf(msg: Record<string, unknown>): string | number | null {
  const ref = msg['ref'];
  if (typeof ref === 'number' && Number.isFinite(ref)) return ref;
  if (typeof ref === 'string' && ref.length <= REF_LIMIT) return ref;
  return null;
}

function readMove(v: unknown, field: string): MoveInputText {
  if (typeof v === 'string') {
    if (v.length === 0 || v.length > MOVE_TEXT_LIMIT) {
      throw bad('bad-move', `${field} is a move of 1 to ${MOVE_TEXT_LIMIT} characters`, field);
    }
    return v;
  }
  if (!isRecord(v)) throw bad('bad-move', `${field} is a move in the game's notation or board squares`, field);
  for (const [key, value] of Object.entries(v)) {
    const limit = BOARD_FIELD_LIMITS.get(key);
    if (limit === undefined) throw bad('bad-move', `${field}.${key} is not a board input field`, `${field}.${key}`);
    if (typeof value !== 'string' || value.length > limit) {
      throw bad('bad-move', `${field}.${key} is text of at most ${limit} characters`, `${field}.${key}`);
    }
  }
  return v as MoveInputText;
}

function readAction<A extends string>(msg: Record<string, unknown>, actions: readonly A[]): A {
  const a = msg['action'];
  if (typeof a !== 'string' || !(actions as readonly string[]).includes(a)) {
    throw bad('bad-action', `action is ${actions.join(', ')}`, 'action');
  }
  return a as A;
}

/** Reads a `command` message, or refuses it with a coded error naming the field. */
export function readStreamCommand(msg: Record<string, unknown>): StreamCommand {
  const ref = refOf(msg);
  if (msg['ref'] !== undefined && ref === null) {
    throw bad('bad-ref', `ref is a number or text of at most ${REF_LIMIT} characters`, 'ref');
  }
  const game = msg['game'];
  if (typeof game !== 'number' || !Number.isSafeInteger(game) || game < 1) {
    throw bad('bad-game', 'game must be a game id', 'game');
  }
  const version = msg['version'];
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    throw bad('bad-version', 'version is the version of the game the command was meant for', 'version');
  }
  let command: GameCommand;
  switch (msg['command']) {
    case 'move':
      command = { kind: 'move', move: readMove(msg['move'], 'move') };
      break;
    case 'orders': {
      const orders = msg['orders'];
      if (!Array.isArray(orders) || orders.length === 0 || orders.length > ORDERS_LIMIT) {
        throw bad('bad-orders', `orders is a list of 1 to ${ORDERS_LIMIT} orders`, 'orders');
      }
      command = { kind: 'orders', moves: orders.map((o, i) => readMove(o, `orders.${i}`)) };
      break;
    }
    case 'withdraw':
      command = { kind: 'withdraw' };
      break;
    case 'resign':
      command = { kind: 'resign' };
      break;
    case 'draw': {
      const a = readAction(msg, ['offer', 'accept', 'decline'] as const);
      command = a === 'offer' ? { kind: 'offer-draw' } : { kind: 'answer-draw', accept: a === 'accept' };
      break;
    }
    case 'takeback': {
      const a = readAction(msg, ['request', 'accept', 'decline'] as const);
      command = a === 'request' ? { kind: 'request-takeback' } : { kind: 'answer-takeback', accept: a === 'accept' };
      break;
    }
    default:
      throw bad('bad-command', `command is ${STREAM_COMMANDS.join(', ')}`, 'command');
  }
  return { ref, game, version, command };
}
