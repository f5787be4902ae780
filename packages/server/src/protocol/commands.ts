/**
 * Game commands on the wire: the shapes a client sends (an HTTP body under `/api/games/:id/<command>`, or the same
 * fields in a stream `command` message) and their JSON Schemas, built from `COMMAND_LIMITS`. The HTTP routes validate
 * their bodies with these schemas; the stream's reader (`stream/commands.ts`) applies the same limits field by field
 * so it can answer with its own codes (`stream/bad-move`…); `protocol.test.ts` proves both accept and refuse the same.
 */
import type { BoardInput } from '@tactica/catalogue';
import { COMMAND_LIMITS } from './limits.js';

/** A move as a client sends it: the game's notation, or the squares of a click or drag. */
export type MoveInputText = string | BoardInput;

/** The commands, named as their HTTP routes (`/api/games/:id/<name>`) and the stream's `command` field. */
export const GAME_COMMANDS = ['move', 'orders', 'withdraw', 'resign', 'draw', 'takeback'] as const;
export type GameCommandName = (typeof GAME_COMMANDS)[number];

export const DRAW_ACTIONS = ['offer', 'accept', 'decline'] as const;
export const TAKEBACK_ACTIONS = ['request', 'accept', 'decline'] as const;

/** Each command's fields besides `version` (the game's version the command was meant for). */
export interface CommandBodies {
  readonly move: { readonly move: MoveInputText };
  readonly orders: { readonly orders: readonly MoveInputText[] };
  readonly withdraw: Record<never, never>;
  readonly resign: Record<never, never>;
  readonly draw: { readonly action: (typeof DRAW_ACTIONS)[number] };
  readonly takeback: { readonly action: (typeof TAKEBACK_ACTIONS)[number] };
}

/** An HTTP command body: `{ version, ...fields }`. */
export type CommandBody<C extends GameCommandName> = { readonly version: number } & CommandBodies[C];

const boardFieldSchemas = Object.fromEntries(
  Object.entries(COMMAND_LIMITS.boardFields).map(([name, max]) => [name, { type: 'string', maxLength: max }]),
) as { readonly [K in keyof typeof COMMAND_LIMITS.boardFields]: { type: 'string'; maxLength: number } };

export const boardInputSchema = {
  type: 'object',
  additionalProperties: false,
  properties: boardFieldSchemas,
} as const;

export const moveInputSchema = {
  anyOf: [{ type: 'string', minLength: 1, maxLength: COMMAND_LIMITS.moveText }, boardInputSchema],
} as const;

/** A version the game had: a whole number from 1 (a safe integer, as the stream's reader checks it too). */
export const versionSchema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

function versioned<P extends Record<string, unknown>>(properties: P, required: readonly (keyof P & string)[] = []) {
  return {
    type: 'object',
    required: ['version', ...required],
    additionalProperties: false,
    properties: { version: versionSchema, ...properties },
  } as const;
}

/** The JSON Schema of each command's HTTP body. */
export const commandBodySchemas = {
  move: versioned({ move: moveInputSchema }, ['move']),
  orders: versioned(
    { orders: { type: 'array', minItems: 1, maxItems: COMMAND_LIMITS.orders, items: moveInputSchema } },
    ['orders'],
  ),
  withdraw: versioned({}),
  resign: versioned({}),
  draw: versioned({ action: { type: 'string', enum: DRAW_ACTIONS } }, ['action']),
  takeback: versioned({ action: { type: 'string', enum: TAKEBACK_ACTIONS } }, ['action']),
} as const satisfies Record<GameCommandName, object>;
