/**
 * Saved games **(ours)**: a plain text file, one ply a line, that replays through the rules when loaded.
 *
 *   Tactrix! game
 *   Start standard                      (or: Start <position text>)
 *   Black Computer (Smart)              (optional: who played a side, when the saver named it)
 *   1. e2-e3
 *   1... e9-e8
 *   2. buy J@e3
 *   Result 1-0 king-captured            (1-0, 0-1, 1/2-1/2 or *, then the reason)
 *
 * Blank lines and lines starting with `#` are ignored. Resignation and agreed draws are not moves: they are read from
 * the Result line (`1-0 resigned`, `1/2-1/2 agreed`); any other result must be what the moves lead to.
 */
import {
  err,
  inputError,
  lineAndColumn,
  ok,
  opponent,
  type InputError,
  type Outcome,
  type Result,
} from '@tactica/core';
import { outcomeOfState, parseMove, play, tactrix } from './game.js';
import { formatMove } from './notation.js';
import { formatPosition, parsePosition } from './position-text.js';
import { initialState, type TactrixMove, type TactrixState } from './state.js';
import type { TactrixCode } from './codes.js';

export const RECORD_HEADER = 'Tactrix! game';

export interface TactrixRecord {
  readonly start: TactrixState;
  readonly moves: readonly TactrixMove[];
  /** The state before each move and after the last: `states.length === moves.length + 1`. */
  readonly states: readonly TactrixState[];
  /** Who played White and Black, as the `White …`/`Black …` lines name them (a side left out: undefined). */
  readonly players?: readonly [string | undefined, string | undefined];
}

/** The sides' names in the record's `White …`/`Black …` lines. */
const SIDES = ['White', 'Black'] as const;

/** The result as `1-0 king-captured`, `1/2-1/2 threefold`, or `*` while the game goes on. */
export function formatResult(o: Outcome | undefined): string {
  if (!o) return '*';
  return `${o.kind === 'draw' ? '1/2-1/2' : o.winner === 0 ? '1-0' : '0-1'} ${o.reason}`;
}

/**
 * Writes the game from `start` through `moves`; `final` (the state after them) carries a resignation or agreement,
 * `players` who played each side (a line each for the sides named: a loaded game goes on against the same computer).
 */
export function formatRecord(
  start: TactrixState,
  moves: readonly TactrixMove[],
  final?: TactrixState,
  players: readonly [string | undefined, string | undefined] = [undefined, undefined],
): string {
  const standard = formatPosition(start) === formatPosition(initialState());
  const lines = [RECORD_HEADER, `Start ${standard ? 'standard' : formatPosition(start)}`];
  SIDES.forEach((side, p) => {
    // One line each: a name is kept to its first line; a side named only by its colour needs none.
    const name = players[p]?.split(/[\r\n]/)[0]?.trim();
    if (name && name !== side) lines.push(`${side} ${name}`);
  });
  let s = start;
  for (const m of moves) {
    lines.push(`${s.moveNumber}${s.turn === 0 ? '.' : '...'} ${formatMove(s, m)}`);
    s = play(s, m);
  }
  lines.push(`Result ${formatResult(outcomeOfState(final ?? s))}`);
  return `${lines.join('\n')}\n`;
}

/** Reads a saved game, replaying every move; errors give the line and column. */
export function parseRecord(text: string): Result<TactrixRecord, InputError<TactrixCode>> {
  if (typeof text !== 'string') return err(inputError('record/syntax', 'a record must be text'));
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const fail = (code: TactrixCode, message: string, line: number, column = 1, input?: string) =>
    err(inputError(code, message, { line, column, input: input?.slice(0, 200) }));
  let start: TactrixState | undefined;
  let sawHeader = false;
  let result: { text: string; line: number } | undefined;
  const moves: TactrixMove[] = [];
  const states: TactrixState[] = [];
  const players: [string | undefined, string | undefined] = [undefined, undefined];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    const line = raw.trim();
    const n = i + 1;
    const column = raw.length - raw.trimStart().length + 1;
    if (line === '' || line.startsWith('#')) continue;
    if (!sawHeader) {
      if (line !== RECORD_HEADER)
        return fail('record/bad-header', `the first line must be "${RECORD_HEADER}"`, n, column, line);
      sawHeader = true;
      continue;
    }
    if (result) return fail('record/after-result', 'nothing may follow the Result line', n, column, line);
    if (!start) {
      const m = /^Start\s+(.*)$/.exec(line);
      if (!m)
        return fail(
          'record/missing-start',
          'the second line must be "Start standard" or "Start <position>"',
          n,
          column,
          line,
        );
      const body = (m[1] as string).trim();
      if (body === 'standard') start = initialState();
      else {
        const parsed = parsePosition(body);
        if (!parsed.ok) {
          const at = raw.indexOf(body) + (parsed.error.at ?? 0);
          return fail(
            'record/bad-start',
            `bad start position: ${parsed.error.message}`,
            n,
            lineAndColumn(raw, at).column,
            body,
          );
        }
        start = parsed.value;
      }
      states.push(start);
      continue;
    }
    const named = /^(White|Black)\s+(.+)$/.exec(line);
    if (named && moves.length === 0) {
      players[named[1] === 'White' ? 0 : 1] = (named[2] as string).trim();
      continue;
    }
    if (/^Result\b/.test(line)) {
      result = { text: line.slice(6).trim(), line: n };
      continue;
    }
    const ply = /^(\d+)(\.\.\.|\.)\s*(.+)$/.exec(line);
    if (!ply) return fail('record/bad-line', 'expected "N. move", "N... move" or "Result …"', n, column, line);
    const s = states[states.length - 1] as TactrixState;
    const side = ply[2] === '.' ? 0 : 1;
    if (Number(ply[1]) !== s.moveNumber || side !== s.turn) {
      const want = `${s.moveNumber}${s.turn === 0 ? '.' : '...'}`;
      return fail('record/bad-number', `expected ${want} here, found ${ply[1]}${ply[2]}`, n, column, line);
    }
    const moveText = ply[3] as string;
    const m = parseMove(s, moveText);
    if (!m.ok) {
      return fail(
        // Declared in codes.ts for each of parseMove's codes (`move/illegal` → `record/move-illegal`).
        `record/${m.error.code.replace('/', '-')}` as TactrixCode,
        `${moveText}: ${m.error.message}`,
        n,
        column + raw.trim().indexOf(moveText),
        moveText,
      );
    }
    moves.push(m.value);
    states.push(play(s, m.value));
  }
  if (!sawHeader) return fail('record/bad-header', `the first line must be "${RECORD_HEADER}"`, 1);
  if (!start) return fail('record/missing-start', 'the record has no Start line', lines.length);
  if (result) {
    const final = states[states.length - 1] as TactrixState;
    const r = /^(1-0|0-1|1\/2-1\/2|\*)(?:\s+([a-z-]+))?$/.exec(result.text);
    if (!r)
      return fail('record/bad-result', 'expected 1-0, 0-1, 1/2-1/2 or *, then a reason', result.line, 8, result.text);
    const computed = outcomeOfState(final);
    const score = r[1] as string;
    const reason = r[2];
    if (!computed && reason === 'resigned' && (score === '1-0' || score === '0-1')) {
      states[states.length - 1] = tactrix.resign(final, opponent(score === '1-0' ? 0 : 1));
    } else if (!computed && reason === 'agreed' && score === '1/2-1/2') {
      states[states.length - 1] = tactrix.agreeDraw(final);
    } else if (formatResult(computed) !== (reason ? `${score} ${reason}` : score) && !(score === '*' && !computed)) {
      return fail(
        'record/result-mismatch',
        `the moves lead to "${formatResult(computed)}", not "${result.text}"`,
        result.line,
        8,
        result.text,
      );
    }
  }
  return ok({ start, moves, states, ...((players[0] ?? players[1]) ? { players } : {}) });
}
