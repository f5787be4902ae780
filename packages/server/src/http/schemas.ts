/** JSON schemas the routes share: they validate what comes in and shape (and document) what goes out. */
const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' }, field: { type: 'string' } },
    },
  },
} as const;

export const errorReplies = {
  '4xx': errorSchema,
  '5xx': errorSchema,
} as const;

export const userSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' } },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]{1,12}$' } },
} as const;

/** A game's terms in a request body (a challenge, a quick pairing, a tournament): family, options, clock, rated. */
export const termsProperties = {
  family: { type: 'string', maxLength: 40 },
  options: { type: 'object' },
  control: { type: 'object' },
  rated: { type: 'boolean' },
} as const;

/** Anything the games give (views, board models, status): game-specific, documented by the catalogue. */
export const openObject = { type: 'object', additionalProperties: true } as const;

/** The number an `idParams` path names (the pattern keeps it a safe integer). */
export function idOf(params: { id: string }): number {
  return Number(params.id);
}
