/**
 * Move text as PDN writes it (docs/rules/draughts.md "Notation"): numeric squares (`32-28`, `28x19`), or algebraic
 * squares for Russian (`c3-d4`, `c3xe5`); `-` for a plain move, `x` for a capture; the shortest form (start and end)
 * unless two different legal captures share start and end, then the full path (`26x37x48`).
 *
 * Reading is tolerant: numeric or algebraic squares in any rule set, `x`, `:` or `-` between squares, intermediate
 * squares optional (any of them, in order) when the rest is unambiguous, and every stop given names exactly that path
 * even when a longer capture passes the same stops; surrounding whitespace. Errors are coded:
 * `move/syntax`, `move/bad-square`, `move/illegal`, `move/ambiguous`.
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import { readSquare } from './fen.js';
import { squaresOf } from './geometry.js';
import { generateMoves, sameMove, type DraughtsMove } from './moves.js';
import { pieceAt, type Position } from './position.js';
import { RULE_SETS } from './rules.js';
import type { DraughtsCode } from './codes.js';

/** The name of PDN square `n` in the rule set's style (`32`, or `c3` for Russian). */
export function squareName(pos: Pick<Position, 'variant'>, n: number): string {
  const rules = RULE_SETS[pos.variant];
  if (rules.notation === 'numeric') return String(n);
  const sq = squaresOf(rules);
  return sq.algebraic(sq.fromNumber(n));
}

/** The move's text with every stop of its path (`26x37x48`). */
export function fullMoveText(pos: Pick<Position, 'variant'>, move: DraughtsMove): string {
  const sep = move.captures.length > 0 ? 'x' : '-';
  return [move.from, ...move.path].map((n) => squareName(pos, n)).join(sep);
}

/**
 * The move's shortest unambiguous text among `legal` (the legal moves of the position): start and end, or the full
 * path when another legal capture has the same start and end.
 */
export function formatMove(pos: Pick<Position, 'variant'>, move: DraughtsMove, legal: readonly DraughtsMove[]): string {
  const sep = move.captures.length > 0 ? 'x' : '-';
  const clash = legal.some((m) => m.from === move.from && m.to === move.to && !sameMove(m, move));
  if (clash) return fullMoveText(pos, move);
  return `${squareName(pos, move.from)}${sep}${squareName(pos, move.to)}`;
}

/** True when `inner` appears in `path` in the same order (not necessarily next to each other). */
function isSubsequence(inner: readonly number[], path: readonly number[]): boolean {
  let k = 0;
  for (const x of path) if (k < inner.length && x === inner[k]) k++;
  return k === inner.length;
}

function sameSquares(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, k) => x === b[k]);
}

/**
 * Reads untrusted move text against the legal moves `legal` of `pos`. Never throws.
 */
export function parseMove(
  pos: Position,
  text: string,
  legal: readonly DraughtsMove[] = generateMoves(pos),
): Result<DraughtsMove, InputError<DraughtsCode>> {
  if (typeof text !== 'string') return err(inputError('move/syntax', 'no move text given'));
  const rules = RULE_SETS[pos.variant];
  const sq = squaresOf(rules);
  const trimmed = text.trim();
  const lead = text.length - text.trimStart().length;
  if (trimmed === '') return err(inputError('move/syntax', 'the move is empty', { input: text }));
  if (trimmed.length > 200)
    return err(inputError('move/syntax', 'the move text is too long', { input: trimmed.slice(0, 40) }));
  // Squares separated by -, x or :, e.g. 32-28, 28x19, 26x37x48, c3:e5.
  const tokens: { text: string; at: number }[] = [];
  const separators: string[] = [];
  let start = 0;
  for (let k = 0; k <= trimmed.length; k++) {
    const c = trimmed[k];
    if (k < trimmed.length && c !== '-' && c !== 'x' && c !== 'X' && c !== ':') continue;
    tokens.push({ text: trimmed.slice(start, k).trim(), at: lead + start });
    if (k < trimmed.length) separators.push(c === 'X' ? 'x' : (c as string));
    start = k + 1;
  }
  if (tokens.length < 2) {
    return err(
      inputError('move/syntax', `"${trimmed}" is not a move: write the squares joined by - or x, like 32-28 or 28x19`, {
        at: lead,
        input: trimmed,
      }),
    );
  }
  const squares: number[] = [];
  for (const t of tokens) {
    if (t.text === '') {
      return err(inputError('move/syntax', `a square is missing in "${trimmed}"`, { at: t.at, input: trimmed }));
    }
    const i = readSquare(sq, t.text);
    if (i < 0) {
      const last = String.fromCharCode(96 + sq.size);
      return err(
        inputError(
          'move/bad-square',
          `"${t.text}" is not a square of this board (a number from 1 to ${sq.count}, or a playable square a1-${last}${sq.size})`,
          { at: t.at, input: t.text },
        ),
      );
    }
    squares.push(sq.number(i));
  }
  const from = squares[0] as number;
  const to = squares[squares.length - 1] as number;
  const inner = squares.slice(1, -1);
  const shown = (m: DraughtsMove): string => fullMoveText(pos, m);

  let candidates = legal.filter((m) => m.from === from && m.to === to);
  if (inner.length > 0 && candidates.length > 0) {
    // A capture written with stops: match any path that takes the same pieces, so both ways round a ring are read.
    const raw = generateMoves(pos, { allPaths: true });
    candidates = candidates.filter((m) => raw.some((r) => sameMove(r, m) && isSubsequence(inner, r.path.slice(0, -1))));
    // Every stop given is the full path, which names one capture even when a longer one passes the same stops.
    const exact = candidates.filter((m) => raw.some((r) => sameMove(r, m) && sameSquares(inner, r.path.slice(0, -1))));
    if (exact.length === 1) candidates = exact;
  }
  if (candidates.length === 1) return ok(candidates[0] as DraughtsMove);
  if (candidates.length > 1) {
    return err(
      inputError(
        'move/ambiguous',
        `"${trimmed}" could be ${candidates.map(shown).join(' or ')}: give the squares in between`,
        { at: lead, input: trimmed },
      ),
    );
  }
  return err(inputError('move/illegal', explainIllegal(pos, legal, from, to, trimmed), { at: lead, input: trimmed }));
}

function explainIllegal(pos: Position, legal: readonly DraughtsMove[], from: number, to: number, text: string): string {
  const name = (n: number): string => squareName(pos, n);
  const side = pos.turn === 0 ? 'White' : 'Black';
  if (legal.length === 0) return `${text} is not legal: ${side} has no legal move`;
  const piece = pieceAt(pos, from);
  const own = pos.turn === 0 ? piece === 'w' || piece === 'W' : piece === 'b' || piece === 'B';
  if (!piece) return `${text} is not legal: there is no piece on ${name(from)}`;
  if (!own) return `${text} is not legal: the piece on ${name(from)} is not ${side}'s`;
  const mustCapture = (legal[0] as DraughtsMove).captures.length > 0;
  const fromHere = legal.filter((m) => m.from === from);
  if (mustCapture && fromHere.length === 0)
    return `${text} is not legal: a capture is compulsory and ${name(from)} cannot capture`;
  if (fromHere.length === 0) return `${text} is not legal: the piece on ${name(from)} cannot move`;
  if (fromHere.some((m) => m.to === to))
    return `${text} is not legal: no capture from ${name(from)} to ${name(to)} passes those squares`;
  return `${text} is not legal: the piece on ${name(from)} can go to ${[...new Set(fromHere.map((m) => name(m.to)))].join(', ')}`;
}
