/**
 * Reads PDN games and checks every move against the rules: a game is its start position (the FEN tag, or the rule
 * set's initial position) and its list of moves, each one legal in turn.
 *
 * Tolerant where files differ in practice: numeric or algebraic squares, `-`, `x` or `:` between them,
 * intermediate squares optional (given only to tell two captures apart), move strength marks (`!`, `?!`) and a
 * trailing `*` (forced) dropped, compact moves without a separator (`a3b4`, `3228`), either result convention,
 * a multi-jump written hop by hop (`11x18 18x25`).
 *
 * Errors are coded `pdn/...` and say where: the game (1-based), line and column, the move number (`12.` for the
 * first mover's move, `12...` for the other's) and the move text. Reading never throws.
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import { parseFen } from '../fen.js';
import { applyMove, generateMoves, type DraughtsMove } from '../moves.js';
import { parseMove } from '../notation.js';
import { initialPosition, type Position } from '../position.js';
import { isVariantId, RULE_SETS, VARIANT_IDS, type VariantId } from '../rules.js';
import { isGiveawayName, OTHER_GAME_TYPES, parseResult, variantOfGameType, type PdnResult } from './game-type.js';
import { lexPdn, type LexOrigin, type RawGame, type RawTag, type RawToken } from './lexer.js';
import type { DraughtsCode } from '../codes.js';

export interface PdnTag {
  readonly name: string;
  readonly value: string;
}

/** A comment and where it stands: after `ply` moves (0 = before the first move). */
export interface PdnComment {
  readonly ply: number;
  readonly text: string;
}

/** One game: plain data, JSON-safe. */
export interface PdnGame {
  readonly variant: VariantId;
  readonly giveaway: boolean;
  /**
   * The tag pairs in file order, except those the fields below stand for (GameType, Result, FEN, SetUp, and a
   * Variant tag naming give-away).
   */
  readonly tags: readonly PdnTag[];
  /** The start position: the FEN tag's, or the rule set's initial position. */
  readonly start: Position;
  readonly moves: readonly DraughtsMove[];
  readonly comments: readonly PdnComment[];
  readonly result: PdnResult;
}

/** Where a PDN error is: the InputError fields plus the game and the move. */
export interface PdnError extends InputError {
  /** 1-based position of the game in the text. */
  readonly game: number;
  /** `12.` (the first mover's move) or `12...`, when the error is about a move. */
  readonly moveNumber?: string;
}

export interface PdnReadOptions {
  /** Read every game as this rule set, whatever its GameType tag says. */
  readonly variant?: VariantId;
  /** The rule set of games without a GameType tag (default: such a game is an error). */
  readonly defaultVariant?: VariantId;
  /** Force give-away on (true) or off (false); by default the Variant tag decides. */
  readonly giveaway?: boolean;
}

/** Reads every game of the text; each is a game or the error that stopped it. Never throws. */
export function readPdn(text: string, options: PdnReadOptions = {}): Result<PdnGame, PdnError>[] {
  return [...iteratePdn(text, options)];
}

/**
 * The games of the text one by one, as `readPdn` reads them: each is read when it is asked for, so a caller that
 * handles and drops each game (a replay of a big file) holds one game at a time. Never throws.
 */
export function* iteratePdn(text: string, options: PdnReadOptions = {}): Generator<Result<PdnGame, PdnError>> {
  if (typeof text !== 'string') {
    yield err({ ...inputError('pdn/empty', 'no PDN text given'), game: 1 });
    return;
  }
  for (const raw of lexPdn(text)) yield readGame(raw, options);
}

/**
 * The games of a text that comes in pieces (a big file read a block at a time), exactly as `iteratePdn` reads the
 * whole text: the same games and errors, with the same game numbers, lines and columns. Of what was read so far
 * only the last game, which may go on in the next piece, is kept; so memory holds a piece and a game, whatever
 * the size of the file. Never throws.
 */
export function* iteratePdnPieces(
  pieces: Iterable<string>,
  options: PdnReadOptions = {},
): Generator<Result<PdnGame, PdnError>> {
  let buffer = '';
  let origin: LexOrigin = { line: 1, column: 1, lineStart: true, firstGame: 1 };
  for (const piece of pieces) {
    if (piece === '') continue;
    buffer += piece;
    let held: RawGame | undefined;
    let next = origin.firstGame;
    for (const raw of lexPdn(buffer, origin)) {
      if (held) yield readGame(held, options);
      held = raw;
      next = raw.index + 1;
    }
    // Lexed again with what follows: the last game (it may go on), or else the last line (it may be cut).
    const keep = held ? held.start : lastLineStart(buffer);
    origin = originAt(buffer, keep, origin, held ? held.index : next);
    buffer = buffer.slice(keep);
  }
  for (const raw of lexPdn(buffer, origin)) yield readGame(raw, options);
}

/** Where the last line of a text starts; a final CR may be the first half of a CRLF, so it ends no line yet. */
function lastLineStart(text: string): number {
  let i = (text.endsWith('\r') ? text.length - 1 : text.length) - 1;
  while (i >= 0 && text[i] !== '\n' && text[i] !== '\r') i--;
  return i + 1;
}

/** The origin of `text.slice(at)`, given the origin of `text`: lines as the lexer counts them (CR, LF, CRLF). */
function originAt(text: string, at: number, origin: LexOrigin, firstGame: number): LexOrigin {
  let line = origin.line;
  let lineStart = -1;
  for (let i = 0; i < at; i++) {
    const c = text[i];
    if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) {
      line++;
      lineStart = i;
    }
  }
  const column = lineStart < 0 ? origin.column + at : at - lineStart;
  const before = text.slice(lineStart + 1, at);
  const blank = /^[ \t\f\v\uFEFF\u00A0]*$/.test(before) && (lineStart >= 0 || origin.lineStart);
  return { line, column, lineStart: blank, firstGame };
}

/** Reads all games; the first error, or `pdn/empty` when the text holds no game. Never throws. */
export function parsePdn(text: string, options: PdnReadOptions = {}): Result<PdnGame[], PdnError> {
  const read = readPdn(text, options);
  if (read.length === 0) {
    return err({ ...inputError('pdn/empty', 'the text holds no PDN game (no tag pair and no movetext)'), game: 1 });
  }
  const games: PdnGame[] = [];
  for (const r of read) {
    if (!r.ok) return r;
    games.push(r.value);
  }
  return ok(games);
}

/** The positions of a (checked) game: the start, then the position after each move. */
export function gamePositions(game: Pick<PdnGame, 'start' | 'moves'>): Position[] {
  const out = [game.start];
  let pos = game.start;
  for (const m of game.moves) {
    pos = applyMove(pos, m);
    out.push(pos);
  }
  return out;
}

/** The move number label of ply `ply` (0-based) from `start`: `1.` or `1...`. */
export function moveNumberLabel(start: Position, ply: number): string {
  const firstSeat = RULE_SETS[start.variant].firstToMove === 'white' ? 0 : 1;
  const offset = start.turn === firstSeat ? 0 : 1;
  const n = Math.floor((ply + offset) / 2) + 1;
  return (ply + offset) % 2 === 0 ? `${n}.` : `${n}...`;
}

const CONSUMED_TAGS = new Set(['gametype', 'result', 'fen', 'setup']);

/** Where in the text an error is, and the move's number when it is in a move. */
interface Where {
  line?: number | undefined;
  column?: number | undefined;
  input?: string | undefined;
  moveNumber?: string;
}

/** Refuses one game with a coded error that names the game, and the move where there is one. */
type Fail = (code: DraughtsCode, message: string, where?: Where) => Result<never, PdnError>;

function failIn(raw: RawGame): Fail {
  return (code, message, where = {}) => {
    const move = where.moveNumber !== undefined ? `, move ${where.moveNumber} ${where.input ?? ''}`.trimEnd() : '';
    const e: PdnError = {
      ...inputError(code, `game ${raw.index}${move}: ${message}`, {
        line: where.line,
        column: where.column,
        input: where.input,
      }),
      game: raw.index,
      ...(where.moveNumber !== undefined ? { moveNumber: where.moveNumber } : {}),
    };
    return err(e);
  };
}

/** A tag by name, in any case. */
function tagNamed(raw: RawGame, name: string): RawTag | undefined {
  return raw.tags.find((t) => t.name.toLowerCase() === name.toLowerCase());
}

function readGame(raw: RawGame, options: PdnReadOptions): Result<PdnGame, PdnError> {
  const fail = failIn(raw);
  if (raw.error) {
    return fail(raw.error.code, raw.error.message, {
      line: raw.error.line,
      column: raw.error.column,
      input: raw.error.input,
    });
  }
  const rules = readRuleSet(raw, options, fail);
  if (!rules.ok) return rules;
  const { variant, giveaway, variantTag } = rules.value;
  const start = readStart(raw, variant, fail);
  if (!start.ok) return start;
  const resultTag = tagNamed(raw, 'Result');
  const tagged = readResultTag(resultTag, variant, fail);
  if (!tagged.ok) return tagged;
  const played = readMoves(raw.tokens, { variant, start: start.value, result: tagged.value, resultTag }, fail);
  if (!played.ok) return played;
  const { moves, comments, result } = played.value;

  const tags = raw.tags
    .filter((t) => !CONSUMED_TAGS.has(t.name.toLowerCase()) && t !== variantTag)
    .map((t) => ({ name: t.name, value: t.value }));
  return ok({ variant, giveaway, tags, start: start.value, moves, comments, result });
}

/** The rule set: --variant, else the GameType tag, else the default; and whether it is played giveaway. */
function readRuleSet(
  raw: RawGame,
  options: PdnReadOptions,
  fail: Fail,
): Result<{ variant: VariantId; giveaway: boolean; variantTag: RawTag | undefined }, PdnError> {
  let variant: VariantId | undefined = options.variant;
  let giveaway = false;
  const typeTag = tagNamed(raw, 'GameType');
  if (typeTag) {
    const m = /^\s*(\d{1,4})\b/.exec(typeTag.value);
    const known = m ? variantOfGameType(Number(m[1])) : undefined;
    if (known) giveaway = known.giveaway;
    if (!variant) {
      if (!m) {
        return fail('pdn/bad-game-type', `GameType "${typeTag.value}" does not start with a game type number`, {
          line: typeTag.line,
          column: typeTag.valueColumn,
          input: typeTag.value,
        });
      }
      if (!known) {
        const name = OTHER_GAME_TYPES[Number(m[1])];
        return fail(
          'pdn/unsupported-game-type',
          `GameType ${m[1]}${name ? ` (${name})` : ''} is not one of our rule sets (${VARIANT_IDS.map((v) => `${v} ${RULE_SETS[v].pdnGameType}`).join(', ')})`,
          { line: typeTag.line, column: typeTag.valueColumn, input: typeTag.value },
        );
      }
      variant = known.variant;
    }
  }
  variant ??= options.defaultVariant;
  if (!variant || !isVariantId(variant)) {
    return fail('pdn/no-game-type', 'the game has no GameType tag: say which rule set it is (--variant)', {
      line: raw.line,
    });
  }
  const variantTag = raw.tags.find((t) => t.name === 'Variant' && isGiveawayName(t.value));
  if (variantTag) giveaway = true;
  if (options.giveaway !== undefined) giveaway = options.giveaway;
  return ok({ variant, giveaway, variantTag });
}

/** The start position: the FEN tag's, else the variant's initial one. */
function readStart(raw: RawGame, variant: VariantId, fail: Fail): Result<Position, PdnError> {
  const fenTag = tagNamed(raw, 'FEN');
  if (!fenTag) return ok(initialPosition(variant));
  const parsed = parseFen(fenTag.value, variant);
  if (!parsed.ok) {
    return fail('pdn/bad-fen', `the FEN tag is wrong: ${parsed.error.code}: ${parsed.error.message}`, {
      line: fenTag.line,
      column: fenTag.valueColumn + (parsed.error.at ?? 0),
      input: fenTag.value,
    });
  }
  return ok(parsed.value);
}

/** The Result tag; none, empty or `?` is an unfinished game. */
function readResultTag(resultTag: RawTag | undefined, variant: VariantId, fail: Fail): Result<PdnResult, PdnError> {
  if (!resultTag || resultTag.value.trim() === '' || resultTag.value.trim() === '?') return ok('unfinished');
  const r = parseResult(resultTag.value, variant);
  if (!r) {
    return fail('pdn/bad-result', `"${resultTag.value}" is not a result (2-0, 0-2, 1-1, 1-0, 0-1, 1/2-1/2, 0-0, *)`, {
      line: resultTag.line,
      column: resultTag.valueColumn,
      input: resultTag.value,
    });
  }
  return ok(r);
}

/** What the move text is read against: the rules, the start, and the result the tags gave. */
interface MoveContext {
  readonly variant: VariantId;
  readonly start: Position;
  readonly result: PdnResult;
  readonly resultTag: RawTag | undefined;
}

/** The move text: moves played from the start, comments by ply, and the result at the end (it must agree). */
function readMoves(
  tokens: readonly RawToken[],
  { variant, start, resultTag, ...tagged }: MoveContext,
  fail: Fail,
): Result<{ moves: DraughtsMove[]; comments: PdnComment[]; result: PdnResult }, PdnError> {
  let result = tagged.result;
  const moves: DraughtsMove[] = [];
  const comments: PdnComment[] = [];
  let pos = start;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as RawToken;
    if (t.kind === 'comment') {
      const text = normalizeComment(t.text);
      if (text !== '') comments.push({ ply: moves.length, text });
      continue;
    }
    if (t.kind === 'result') {
      const r = parseResult(t.text, variant) as PdnResult;
      if (r !== 'unfinished') {
        if (result !== 'unfinished' && result !== r) {
          return fail(
            'pdn/result-mismatch',
            `the result at the end (${t.text}) contradicts the Result tag (${resultTag?.value ?? ''})`,
            { line: t.line, column: t.column, input: t.text },
          );
        }
        result = r;
      }
      continue;
    }
    const label = moveNumberLabel(start, moves.length);
    const legal = generateMoves(pos);
    const text = cleanMoveText(t.text);
    let parsed = parseMove(pos, text, legal);
    let used = 0;
    if (!parsed.ok && parsed.error.code === 'move/illegal') {
      // A multi-jump written hop by hop: 11x18 18x25.
      const joined = joinHops(tokens, k, text);
      for (const j of joined) {
        const again = parseMove(pos, j.text, legal);
        if (again.ok) {
          parsed = again;
          used = j.used;
          break;
        }
      }
    }
    if (!parsed.ok) {
      const code =
        parsed.error.code === 'move/illegal'
          ? 'pdn/illegal-move'
          : parsed.error.code === 'move/ambiguous'
            ? 'pdn/ambiguous-move'
            : 'pdn/bad-move';
      return fail(code, parsed.error.message, { line: t.line, column: t.column, input: t.text, moveNumber: label });
    }
    k += used;
    moves.push(parsed.value);
    pos = applyMove(pos, parsed.value);
  }
  return ok({ moves, comments, result });
}

/** Comments are kept as one line of text. */
export function normalizeComment(text: string): string {
  return text.replace(/[{}]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Drops strength marks (`!`, `?`, `!?`, a trailing `*` for a forced move) and expands compact moves. */
function cleanMoveText(text: string): string {
  const t = text.replace(/[!?]+$/, '').replace(/(?<=\w)\*$/, '');
  // Compact moves: a3b4 (algebraic), 3228 (two two-digit squares).
  const alg = /^([a-l])(\d{1,2})([a-l])(\d{1,2})$/i.exec(t);
  if (alg) return `${alg[1]}${alg[2]}-${alg[3]}${alg[4]}`;
  const num = /^(\d{2})(\d{2})$/.exec(t);
  if (num) return `${num[1]}-${num[2]}`;
  return t;
}

/**
 * The texts to try when a capture is written hop by hop: this hop joined with the following move tokens that
 * continue from where it ends (`11x18`, `18x25` → `11x18x25`), shortest first.
 */
function joinHops(tokens: readonly RawToken[], k: number, first: string): { text: string; used: number }[] {
  const capture = /^([a-l]?\d{1,2})[x:]/i;
  if (!capture.test(first)) return [];
  const out: { text: string; used: number }[] = [];
  let path = first;
  let end = lastSquare(first);
  for (let j = k + 1; j < tokens.length && j - k <= 12; j++) {
    const t = tokens[j] as RawToken;
    if (t.kind !== 'move') break;
    const next = cleanMoveText(t.text);
    const m = capture.exec(next);
    if (!m || (m[1] as string).toLowerCase() !== end) break;
    path = `${path}x${next.slice((m[0] as string).length)}`;
    end = lastSquare(next);
    out.push({ text: path, used: j - k });
  }
  return out;
}

function lastSquare(move: string): string {
  const parts = move.split(/[-x:]/i);
  return (parts[parts.length - 1] ?? '').trim().toLowerCase();
}
