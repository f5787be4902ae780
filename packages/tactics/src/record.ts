/**
 * The Tactics game record (ours): tag lines, then the moves with their numbers and the result, PGN-like.
 *
 *   [Game "Tactics"]
 *   [Position "R*R*b*R*R2R/5*R2/1Q1Q1*B2/4R3/*Q4*Q2/4*b2*B/4R3/8 w 0"]
 *   [Result "*"]
 *
 *   1. h1-f1 a5-c3 2. c1-f4 c3-e5 *
 *
 * `Position` is left out when the game starts from the standard setup. The result is `1-0`, `0-1`, `1/2-1/2` or
 * `*` (unfinished), in the `Result` tag and as the last token. Reading a record replays every move through the
 * rules. When the rules end the game, the result must say so; a decisive result the rules do not give means the
 * loser resigned, and a draw they do not give was agreed. Other tags (`White`, `Black`, `Date`…) are kept.
 */
import { err, inputError, lineAndColumn, ok, type InputError, type Outcome, type Result } from '@tactica/core';
import { formatMove, outcomeOf, parseMove, tactics } from './game.js';
import { formatPosition, parsePosition } from './position.js';
import { initialState, type TacticsMove, type TacticsState } from './state.js';
import type { TacticsCode } from './codes.js';

export const RECORD_RESULTS = ['1-0', '0-1', '1/2-1/2', '*'] as const;
export type RecordResult = (typeof RECORD_RESULTS)[number];

export type Tag = readonly [name: string, value: string];

export interface TacticsRecord {
  /** Tags other than Position and Result, in their order. */
  readonly tags: readonly Tag[];
  /** `states[0]` is the start; `states[i + 1]` follows `moves[i]`. The last carries a resignation or agreed draw. */
  readonly states: readonly TacticsState[];
  readonly moves: readonly TacticsMove[];
  readonly result: RecordResult;
}

export function resultOf(o: Outcome | undefined): RecordResult {
  if (!o) return '*';
  if (o.kind === 'draw') return '1/2-1/2';
  return o.winner === 0 ? '1-0' : '0-1';
}

/**
 * Writes a record of the game from `start` through `moves`. `final` is the state reached (it may carry a
 * resignation or agreed draw, which only the result shows); without it the moves are replayed.
 */
export function writeRecord(game: {
  readonly start: TacticsState;
  readonly moves: readonly TacticsMove[];
  readonly final?: TacticsState;
  readonly tags?: readonly Tag[];
}): string {
  const lines: string[] = [];
  const tags = (game.tags ?? []).filter(([k]) => k !== 'Position' && k !== 'Result' && k !== 'Game');
  let final = game.final;
  const words: string[] = [];
  let s = game.start;
  let number = 1;
  game.moves.forEach((m, i) => {
    if (s.turn === 0) words.push(`${number}.`);
    else if (i === 0) words.push(`${number}...`);
    words.push(formatMove(m));
    if (s.turn === 1) number++;
    s = tactics.play(s, m);
  });
  final ??= s;
  const result = resultOf(outcomeOf(final));
  words.push(result);

  lines.push(tagLine('Game', 'Tactics'));
  for (const [k, v] of tags) lines.push(tagLine(k, v));
  const position = formatPosition(game.start);
  if (position !== formatPosition(initialState())) lines.push(tagLine('Position', position));
  lines.push(tagLine('Result', result), '');
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > 80) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  lines.push(line);
  return `${lines.join('\n')}\n`;
}

function tagLine(name: string, value: string): string {
  return `[${name} "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`;
}

const TAG_RE = /^\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]$/;
const NUMBER_RE = /^(\d+)(\.\.\.|\.)(.*)$/;

type RecordError = InputError<TacticsCode>;

/** A tag's value and where its line starts. */
interface Placed<V extends string = string> {
  readonly value: V;
  readonly at: number;
}

/** The tags read, and where the movetext after them starts. */
interface Header {
  readonly tags: Tag[];
  readonly positionText: Placed | undefined;
  readonly tagResult: Placed | undefined;
  readonly offset: number;
}

/** The moves replayed, every state on the way, and the result written at the end, if any. */
interface Movetext {
  readonly states: TacticsState[];
  readonly moves: TacticsMove[];
  readonly tokenResult: Placed<RecordResult> | undefined;
}

/** The place of an offset in `text`, for an error. */
function placer(
  text: string,
): (offset: number, input?: string) => { line: number; column: number; at: number; input: string | undefined } {
  return (offset, input) => ({ ...lineAndColumn(text, offset), at: offset, input });
}

/** Reads and checks a record: every move is replayed through the rules; any fault is a coded error with its place. */
export function parseRecord(text: string): Result<TacticsRecord, RecordError> {
  if (typeof text !== 'string' || text.trim() === '') {
    return err(inputError('record/empty', 'the record is empty'));
  }
  const header = readHeader(text);
  if (!header.ok) return header;
  const start = readStart(text, header.value);
  if (!start.ok) return start;
  const played = readMovetext(text, header.value.offset, start.value);
  if (!played.ok) return played;
  const { states, moves, tokenResult } = played.value;
  const settled = settleResult(text, header.value.tagResult, tokenResult, states[states.length - 1] as TacticsState);
  if (!settled.ok) return settled;
  states[states.length - 1] = settled.value.last;
  return ok({ tags: header.value.tags, states, moves, result: settled.value.result });
}

/** The tag section: lines starting with "[" before the first movetext line. */
function readHeader(text: string): Result<Header, RecordError> {
  const at = placer(text);
  const tags: Tag[] = [];
  let positionText: Placed | undefined;
  let tagResult: Placed | undefined;
  let offset = 0;
  const lines = text.split('\n');
  let li = 0;
  for (; li < lines.length; li++) {
    const raw = lines[li] ?? '';
    const lineText = raw.trim();
    const lineAt = offset + raw.indexOf(lineText);
    if (lineText.startsWith('[')) {
      const m = TAG_RE.exec(lineText);
      if (!m) {
        return err(inputError('record/bad-tag', 'a tag line is [Name "value"]', at(lineAt, lineText)));
      }
      const name = m[1] ?? '';
      const value = (m[2] ?? '').replace(/\\(.)/g, '$1');
      const seen = name === 'Position' ? positionText : name === 'Result' ? tagResult : undefined;
      if (seen || (tags.some(([k]) => k === name) && name !== 'Game')) {
        return err(inputError('record/duplicate-tag', `the tag ${name} appears twice`, at(lineAt, lineText)));
      }
      if (name === 'Game') {
        if (value !== 'Tactics') {
          return err(inputError('record/wrong-game', `this is a record of "${value}", not Tactics`, at(lineAt, value)));
        }
      } else if (name === 'Position') positionText = { value, at: lineAt };
      else if (name === 'Result') tagResult = { value, at: lineAt };
      else tags.push([name, value]);
    } else if (lineText !== '') break;
    offset += raw.length + 1;
  }

  return ok({ tags, positionText, tagResult, offset });
}

/** The start position (the Position tag's, else the initial one), and the Result tag checked. */
function readStart(text: string, { positionText, tagResult }: Header): Result<TacticsState, RecordError> {
  const at = placer(text);
  let start = initialState();
  if (positionText) {
    const parsed = parsePosition(positionText.value);
    if (!parsed.ok) {
      return err(
        inputError(
          'record/bad-position',
          `the Position tag: ${parsed.error.message}`,
          at(positionText.at, positionText.value),
        ),
      );
    }
    start = parsed.value;
  }
  if (tagResult && !(RECORD_RESULTS as readonly string[]).includes(tagResult.value)) {
    return err(
      inputError(
        'record/bad-result',
        `the result is one of ${RECORD_RESULTS.join(' ')}, not "${tagResult.value}"`,
        at(tagResult.at, tagResult.value),
      ),
    );
  }

  return ok(start);
}

/** Movetext: everything after the tags, each move numbered and replayed through the rules. */
function readMovetext(text: string, offset: number, start: TacticsState): Result<Movetext, RecordError> {
  const at = placer(text);
  const states: TacticsState[] = [start];
  const moves: TacticsMove[] = [];
  let s = start;
  let number = 1;
  let tokenResult: { value: RecordResult; at: number } | undefined;
  let numbered = false;
  for (const m of text.slice(offset).matchAll(/\S+/g)) {
    let word = m[0];
    let wordAt = offset + m.index;
    if (tokenResult) {
      return err(inputError('record/after-result', 'nothing may follow the result', at(wordAt, word)));
    }
    if ((RECORD_RESULTS as readonly string[]).includes(word)) {
      tokenResult = { value: word as RecordResult, at: wordAt };
      continue;
    }
    const numberMatch = NUMBER_RE.exec(word);
    if (numberMatch) {
      const n = Number(numberMatch[1]);
      const black = numberMatch[2] === '...';
      const token = `${numberMatch[1]}${numberMatch[2]}`;
      if (numbered || n !== number || black !== (s.turn === 1)) {
        const expected = numbered ? 'a move after the move number' : s.turn === 0 ? `${number}.` : `${number}...`;
        return err(inputError('record/bad-move-number', `expected ${expected} here`, at(wordAt, token)));
      }
      numbered = true;
      const rest = numberMatch[3] ?? '';
      if (rest === '') continue;
      wordAt += word.length - rest.length;
      word = rest;
    } else if (!numbered && (s.turn === 0 || moves.length === 0)) {
      const expected = s.turn === 0 ? `${number}.` : `${number}...`;
      return err(inputError('record/bad-move-number', `expected ${expected} before this move`, at(wordAt, word)));
    }
    const over = outcomeOf(s);
    if (over) {
      return err(
        inputError(
          'record/moves-after-end',
          `the game was already over (${over.reason.replace(/-/g, ' ')}) after ${moves.length} moves`,
          at(wordAt, word),
        ),
      );
    }
    const parsed = parseMove(s, word);
    if (!parsed.ok) {
      return err(
        inputError(
          'record/illegal-move',
          `move ${number}${s.turn === 0 ? '.' : '...'} ${word}: ${parsed.error.message} (${parsed.error.code})`,
          at(wordAt, word),
        ),
      );
    }
    if (s.turn === 1) number++;
    s = tactics.play(s, parsed.value);
    moves.push(parsed.value);
    states.push(s);
    numbered = false;
  }
  if (numbered) {
    return err(inputError('record/bad-move-number', 'a move number is not followed by a move', at(text.length)));
  }

  return ok({ states, moves, tokenResult });
}

/**
 * The result: the written one must agree with the Result tag and with the rules; a game the rules have not ended
 * ends as written (a decisive result is a resignation, a draw an agreement), which changes its last state.
 */
function settleResult(
  text: string,
  tagResult: Placed | undefined,
  tokenResult: Placed<RecordResult> | undefined,
  s: TacticsState,
): Result<{ result: RecordResult; last: TacticsState }, RecordError> {
  const at = placer(text);
  if (tagResult && tokenResult && tagResult.value !== tokenResult.value) {
    return err(
      inputError(
        'record/result-mismatch',
        `the Result tag says ${tagResult.value} but the moves end with ${tokenResult.value}`,
        at(tokenResult.at, tokenResult.value),
      ),
    );
  }
  const claimed = tokenResult ?? (tagResult as Placed<RecordResult> | undefined);
  const byRule = outcomeOf(s);
  let result: RecordResult = resultOf(byRule);
  let last = s;
  if (claimed) {
    if (byRule && claimed.value !== result) {
      return err(
        inputError(
          'record/result-mismatch',
          `the rules end this game ${result} (${byRule.reason.replace(/-/g, ' ')}), not ${claimed.value}`,
          at(claimed.at, claimed.value),
        ),
      );
    }
    if (!byRule && claimed.value !== '*') {
      // Not over by the rules: a decisive result is a resignation, a draw an agreement.
      last = claimed.value === '1/2-1/2' ? tactics.agreeDraw(s) : tactics.resign(s, claimed.value === '1-0' ? 1 : 0);
      result = claimed.value;
    }
  }
  return ok({ result, last });
}
