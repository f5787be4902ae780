/**
 * Game commands sent on the event stream instead of HTTP: a client that holds the stream open (a browser, a bot)
 * plays without a request per move, as live game servers do. The same commands and checks as the HTTP routes
 * (`http/game-command-routes.ts`): the version the command was meant for, the move in the game's notation or as
 * board squares, at most the HTTP schema's sizes. Each command carries a `ref` of the client's choosing that comes back
 * on its `ack` or `error`, so a client can match answers to commands.
 *
 *   { "type": "command", "ref": 7, "game": 12, "version": 5, "command": "move", "move": "32-28" }
 *   { "type": "command", "ref": 8, "game": 12, "version": 6, "command": "draw", "action": "offer" }
 */
import { DomainError, type ServerCode } from '../errors.js';
import type { GameCommand } from '../games/transitions.js';
import { isRecord } from '../json.js';
import {
  COMMAND_LIMITS,
  commandBodySchemas,
  DRAW_ACTIONS,
  GAME_COMMANDS,
  TAKEBACK_ACTIONS,
  type CommandRef,
  type MoveInputText,
} from '../protocol/index.js';

export interface StreamCommand {
  readonly ref: CommandRef;
  readonly game: number;
  readonly version: number;
  readonly command: GameCommand;
}

/** The names a stream command may have, as the HTTP routes under `/api/games/:id/`. */
const STREAM_COMMANDS = GAME_COMMANDS;

// The protocol's limits, the same the HTTP schemas are built from (`protocol/commands.ts`).
const MOVE_TEXT_LIMIT = COMMAND_LIMITS.moveText;
/** A Map, not an object: a field named `constructor` or `__proto__` must not find the object's inherited members. */
const BOARD_FIELD_LIMITS: ReadonlyMap<string, number> = new Map(Object.entries(COMMAND_LIMITS.boardFields));
const ORDERS_LIMIT = COMMAND_LIMITS.orders;
const REF_LIMIT = COMMAND_LIMITS.ref;

/** The fields of a `command` message besides the command's own (as in its HTTP body: `commandBodySchemas`). */
const ENVELOPE = ['type', 'ref', 'game', 'command'] as const;
const FIELDS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  GAME_COMMANDS.map((c) => [c, new Set([...ENVELOPE, ...Object.keys(commandBodySchemas[c].properties)])]),
);

/**
 * A text's length as JSON Schema's `maxLength` counts it (Ajv, the HTTP routes): in characters (code points), not
 * UTF-16 units, so an emoji counts once on both edges. Texts far over the limit are refused without counting.
 */
function withinLength(text: string, min: number, max: number): boolean {
  if (text.length > 2 * max) return false;
  let n = 0;
  for (const _ of text) n++;
  return n >= min && n <= max;
}

const bad = (code: ServerCode, message: string, field: string): DomainError => new DomainError(code, message, field);

/** The `ref` a client gave, if it is one a reply can carry back (so even a refused command can be matched). */
export function refOf(msg: Record<string, unknown>): CommandRef {
  const ref = msg['ref'];
  if (typeof ref === 'number' && Number.isFinite(ref)) return ref;
  if (typeof ref === 'string' && withinLength(ref, 0, REF_LIMIT)) return ref;
  return null;
}

function readMove(v: unknown, field: string): MoveInputText {
  if (typeof v === 'string') {
    if (!withinLength(v, 1, MOVE_TEXT_LIMIT)) {
      throw bad('stream/bad-move', `${field} is a move of 1 to ${MOVE_TEXT_LIMIT} characters`, field);
    }
    return v;
  }
  if (!isRecord(v)) throw bad('stream/bad-move', `${field} is a move in the game's notation or board squares`, field);
  for (const [key, value] of Object.entries(v)) {
    const limit = BOARD_FIELD_LIMITS.get(key);
    if (limit === undefined)
      throw bad('stream/bad-move', `${field}.${key} is not a board input field`, `${field}.${key}`);
    if (typeof value !== 'string' || !withinLength(value, 0, limit)) {
      throw bad('stream/bad-move', `${field}.${key} is text of at most ${limit} characters`, `${field}.${key}`);
    }
  }
  return v as MoveInputText;
}

function readAction<A extends string>(msg: Record<string, unknown>, actions: readonly A[]): A {
  const a = msg['action'];
  if (typeof a !== 'string' || !(actions as readonly string[]).includes(a)) {
    throw bad('stream/bad-action', `action is ${actions.join(', ')}`, 'action');
  }
  return a as A;
}

/** Reads a `command` message, or refuses it with a coded error naming the field. */
export function readStreamCommand(msg: Record<string, unknown>): StreamCommand {
  const ref = refOf(msg);
  if (msg['ref'] !== undefined && ref === null) {
    throw bad('stream/bad-ref', `ref is a number or text of at most ${REF_LIMIT} characters`, 'ref');
  }
  const game = msg['game'];
  if (typeof game !== 'number' || !Number.isSafeInteger(game) || game < 1) {
    throw bad('stream/bad-game', 'game must be a game id', 'game');
  }
  const version = msg['version'];
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    throw bad('stream/bad-version', 'version is the version of the game the command was meant for', 'version');
  }
  // Fields the command does not have are refused, as its HTTP body refuses them (`additionalProperties: false`).
  const fields = typeof msg['command'] === 'string' ? FIELDS.get(msg['command']) : undefined;
  for (const key of fields ? Object.keys(msg) : []) {
    if (!fields?.has(key))
      throw bad('stream/unknown-field', `${key} is not a field of a ${String(msg['command'])} command`, key);
  }
  let command: GameCommand;
  switch (msg['command']) {
    case 'move':
      command = { kind: 'move', move: readMove(msg['move'], 'move') };
      break;
    case 'orders': {
      const orders = msg['orders'];
      if (!Array.isArray(orders) || orders.length === 0 || orders.length > ORDERS_LIMIT) {
        throw bad('stream/bad-orders', `orders is a list of 1 to ${ORDERS_LIMIT} orders`, 'orders');
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
      const a = readAction(msg, DRAW_ACTIONS);
      command = a === 'offer' ? { kind: 'offer-draw' } : { kind: 'answer-draw', accept: a === 'accept' };
      break;
    }
    case 'takeback': {
      const a = readAction(msg, TAKEBACK_ACTIONS);
      command = a === 'request' ? { kind: 'request-takeback' } : { kind: 'answer-takeback', accept: a === 'accept' };
      break;
    }
    default:
      throw bad('stream/bad-command', `command is ${STREAM_COMMANDS.join(', ')}`, 'command');
  }
  return { ref, game, version, command };
}
