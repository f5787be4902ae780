/**
 * The sizes a game command may have, on every edge that takes one (HTTP bodies, stream messages): one table, so the
 * HTTP schemas and the stream's reader cannot drift apart. **(ours)**: large enough for any legal input of the five
 * games (a draughts move with many captures is well under 200 characters), small enough that a refused command costs
 * nothing to read.
 */
export const COMMAND_LIMITS = {
  /** A move in the game's notation: characters. */
  moveText: 200,
  /** Board input fields (a click or drag): characters each. Only these names are board input fields. */
  boardFields: { action: 40, from: 10, to: 10, choice: 100 },
  /** Tactorus orders sent at once. */
  orders: 100,
  /** A stream command's `ref` (text): characters. */
  ref: 64,
} as const;

export type BoardField = keyof typeof COMMAND_LIMITS.boardFields;
