/**
 * Test helpers: build positions from square lists and ASCII boards. Kept out of the engine; used by the tests only.
 */
import { unwrap, type Player } from '@tactica/core';
import { formatPosition, parsePosition } from './position-text.js';
import { parseSquare, pieceFromLetter, squareName } from './pieces.js';
import type { TactrixState } from './state.js';

/** A position from `{ e2: 'J', e9: 'k' }`-style placements; chips on every empty square unless `chips` lists them. */
export function position(
  pieces: Readonly<Record<string, string>>,
  options: { turn?: Player; balance?: readonly [number, number]; chips?: readonly string[]; clock?: number } = {},
): TactrixState {
  const board = new Array<number>(100).fill(0);
  for (const [name, letter] of Object.entries(pieces)) {
    const sq = parseSquare(name);
    if (sq < 0) throw new Error(`bad square ${name}`);
    board[sq] = pieceFromLetter(letter);
  }
  const chipSet = options.chips ? new Set(options.chips.map(parseSquare)) : undefined;
  const chips = board.map((p, sq) => (p === 0 && (chipSet ? chipSet.has(sq) : true) ? 1 : 0));
  const s: TactrixState = {
    board,
    chips,
    balance: [options.balance?.[0] ?? 0, options.balance?.[1] ?? 0],
    turn: options.turn ?? 0,
    clock: options.clock ?? 0,
    moveNumber: 1,
    history: [],
  };
  // Through the text format, so every test position passes the same validation as user input.
  return unwrap(parsePosition(formatPosition(s)));
}

/**
 * A position from an ASCII board: ten rows from rank 10 down to rank 1, ten characters each (piece letters, `*` a
 * chip, `.` nothing), optionally framed by rank numbers and a file line that are ignored.
 */
export function fromAscii(
  ascii: string,
  options: { turn?: Player; balance?: readonly [number, number]; clock?: number } = {},
): TactrixState {
  const rows = ascii
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^[a-j ]+$/.test(l))
    .map((l) =>
      l
        .replace(/^\d+\s*/, '')
        .replace(/\s*\d+$/, '')
        .replace(/\s+/g, ''),
    );
  if (rows.length !== 10 || rows.some((r) => r.length !== 10)) throw new Error(`bad ASCII board:\n${ascii}`);
  const text = `${rows.join('/')} ${options.turn === 1 ? 'b' : 'w'} ${options.balance?.[0] ?? 0} ${options.balance?.[1] ?? 0} ${options.clock ?? 0} 1`;
  return unwrap(parsePosition(text));
}

/** Square names sorted in board order, for comparing destination sets. */
export function sortedSquares(squares: Iterable<number>): string[] {
  return [...new Set(squares)].sort((a, b) => a - b).map(squareName);
}
