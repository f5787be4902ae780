/**
 * The Hub protocol's text (version 2, as Scan 3 speaks it; see ../hub.ts): lines of `<command> <name>=<value> ...`,
 * positions, moves, scores, and the time a `level` line allows a move.
 */
import { availableParallelism } from 'node:os';
import { clockMoveTime, DRAUGHTS_LEVELS, WIN, WIN_BOUND, type DraughtsLevel } from '@tactica/ai';
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import {
  draughtsGame,
  pieceAt,
  type DraughtsGame,
  type DraughtsMove,
  type DraughtsState,
  type Piece,
} from '@tactica/draughts';
import { fromFiftySquares } from '../fifty-squares.js';
import type { CliCode } from '../../../codes.js';

/** The engine's levels, weakest first, by id (the `level` parameter's values). */
export const LEVELS: readonly string[] = DRAUGHTS_LEVELS.map((l) => l.id);
/** The strongest level, the default: its budget is the search's when no `level` line limits it. */
export const MASTER = DRAUGHTS_LEVELS[DRAUGHTS_LEVELS.length - 1] as DraughtsLevel;
export const VARIANTS = ['normal', 'losing'] as const;
export type HubVariant = (typeof VARIANTS)[number];
/** Scan's variants this engine does not play. */
export const OTHER_VARIANTS = ['killer', 'bt', 'frisian'];
/** The most search threads `set-param name=threads` takes, and what the engine uses unless told. */
export const MAX_HUB_THREADS = 64;
export const DEFAULT_HUB_THREADS = Math.min(8, Math.max(1, availableParallelism()));

/** A Hub line: the command and its `name=value` pairs (a flag has the empty value). */
export interface HubLine {
  readonly command: string;
  readonly pairs: ReadonlyMap<string, string>;
}

const isId = (c: string): boolean => c > ' ' && c !== '=' && c !== '"' && c !== '\x7f';

/** Reads one line of the protocol. Never throws. */
export function parseHubLine(line: string): Result<HubLine, InputError> {
  let i = 0;
  const blank = (): void => {
    while (i < line.length && (line[i] as string) <= ' ') i++;
  };
  const name = (): string => {
    blank();
    const start = i;
    while (i < line.length && isId(line[i] as string)) i++;
    return line.slice(start, i);
  };
  const command = name();
  if (!command) return err(inputError('hub/missing-command', 'missing command', { input: line }));
  const pairs = new Map<string, string>();
  for (;;) {
    blank();
    if (i >= line.length) break;
    const key = name();
    if (!key) return err(inputError('hub/syntax', `unexpected "${line[i]}" at column ${i + 1}`, { input: line }));
    blank();
    let value = '';
    if (line[i] === '=') {
      i++;
      blank();
      if (line[i] === '"') {
        const close = line.indexOf('"', i + 1);
        if (close < 0) return err(inputError('hub/syntax', `missing closing quote for ${key}`, { input: line }));
        value = line.slice(i + 1, close);
        i = close + 1;
      } else {
        value = name();
      }
    }
    pairs.set(key, value);
  }
  return ok({ command, pairs });
}

/** A value written as Hub writes it: bare when it is a name, quoted otherwise. */
export function hubValue(value: string): string {
  return value !== '' && [...value].every(isId) ? value : `"${value}"`;
}

const PIECES: Readonly<Record<string, Piece>> = { w: 'w', b: 'b', W: 'W', B: 'B' };

/** Reads Hub's position: the side to move (`W`/`B`) then the 50 squares in order (`w b W B e`). */
export function parseHubPosition(text: string, giveaway: boolean): Result<DraughtsState, InputError> {
  const m = /^([WB])([wbWBe]{50})$/.exec(text.trim());
  if (!m) {
    return err(
      inputError('hub/bad-position', 'a position is W or B and then 50 squares of w, b, W, B or e', { input: text }),
    );
  }
  const game = draughtsGame('international', { giveaway });
  return ok(fromFiftySquares(game, m[2] as string, PIECES, m[1] === 'W' ? 0 : 1));
}

/** Hub's position text of a state. */
export function formatHubPosition(s: DraughtsState): string {
  let out = s.position.turn === 0 ? 'W' : 'B';
  for (let n = 1; n <= 50; n++) out += pieceAt(s.position, n) ?? 'e';
  return out;
}

/** A move as Hub writes it: `32-28`, or the start, the end and every taken piece: `28x19x23`. */
export function hubMove(m: DraughtsMove): string {
  if (m.captures.length === 0) return `${m.from}-${m.to}`;
  return [m.from, m.to, ...m.captures].join('x');
}

/** Reads a Hub move in a state: the legal move with that start, end and taken pieces. */
export function readHubMove(
  game: DraughtsGame,
  s: DraughtsState,
  text: string,
): Result<DraughtsMove, InputError<CliCode>> {
  const m = /^(\d{1,2})([-x])(\d{1,2})((?:x\d{1,2})*)$/.exec(text);
  if (!m) return err(inputError('hub/bad-move', `"${text}" is not a move (32-28, 28x19x23)`, { input: text }));
  const from = Number(m[1]);
  const to = Number(m[3]);
  const taken = (m[4] as string)
    .split('x')
    .filter((x) => x !== '')
    .map(Number)
    .sort((a, b) => a - b);
  const capture = m[2] === 'x';
  const found = game
    .legalMoves(s)
    .filter(
      (x) =>
        x.from === from &&
        x.to === to &&
        x.captures.length > 0 === capture &&
        (taken.length === 0 || (x.captures.length === taken.length && x.captures.every((c, k) => c === taken[k]))),
    );
  if (found.length === 1) return ok(found[0] as DraughtsMove);
  if (found.length === 0) return err(inputError('move/illegal', `${text} is not legal here`, { input: text }));
  return err(
    inputError('move/ambiguous', `${text} could be ${found.length} moves: name the taken pieces`, { input: text }),
  );
}

/** Scan's score: men, ±99.xx for a win or loss that many plies away. */
export function hubScore(score: number): string {
  if (Math.abs(score) >= WIN_BOUND) {
    const plies = WIN - Math.abs(score);
    return `${score > 0 ? '' : '-'}${(100 - Math.min(plies, 99) / 100).toFixed(2)}`;
  }
  return (score / 100).toFixed(2);
}

/** The limits of the next search, from `level` (reset by `pos` and after every `go`, as Scan does). */
export interface Limits {
  depth?: number;
  nodes?: number;
  moveTime?: number;
  time?: number;
  moves?: number;
  inc?: number;
  infinite?: boolean;
}

/**
 * The time a `go think` may take, from the level: `move-time` is a fixed time a move (the engine spends it to its
 * limit), `time` [`moves`] [`inc`] a clock (the engine's time manager aims at a share of it, `clockMoveTime`, and
 * keeps under a hard limit); undefined without either.
 */
export function hubMoveTime(l: {
  readonly moveTime?: number;
  readonly time?: number;
  readonly moves?: number;
  readonly inc?: number;
}): { readonly timeMs: number; readonly targetMs?: number } | undefined {
  if (l.moveTime !== undefined) return { timeMs: Math.max(1, l.moveTime * 1000) };
  if (l.time === undefined) return undefined;
  return clockMoveTime({
    remainingMs: l.time * 1000,
    ...(l.inc !== undefined ? { incrementMs: l.inc * 1000 } : {}),
    ...(l.moves !== undefined ? { movesToGo: l.moves } : {}),
  });
}
