/**
 * The position text of the contract: the whole state, both players' pending orders included, so it is the
 * authority's form (tests, replays, the engine's own round trips). It is never what a player is shown or sent:
 * saves and exports are built from observations (see game-file.ts).
 *
 *   <10 rows of 10 squares, top row first, separated by "/"> <rounds resolved> <rules> <P1 orders> <P2 orders> [end]
 *
 * Squares: `.` empty, `F A C I` Player 1, `f a c i` Player 2. Rules: `basic` or a comma list of `chain`,
 * `supply-lines`, `high-ground`. Orders: `-` none, else `63-43,64-44`; a trailing `*` marks a player who is done
 * (`*` alone: done with no orders). End: `1:flag-captured`, `2:resigned` (the winner), `draw:flags-met`.
 *
 *   cacafcc.ac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCFACCAC 0 chain - -
 */
import { draw, err, inputError, ok, win, type InputError, type Outcome, type Result } from '@tactica/core';
import { EMPTY, isPieceChar, pieceChar, SIZE } from './board.js';
import { formatOrder, parseOrder } from './notation.js';
import { checkOrder } from './schedule.js';
import {
  BASIC_RULES,
  NO_ORDERS,
  ROUND_LIMIT,
  RULE_KEYS,
  RULE_NAMES,
  type Order,
  type RuleName,
  type Rules,
  type TactorusState,
} from './state.js';
import type { TactorusCode } from './codes.js';

export function formatBoard(board: string): string {
  const rows: string[] = [];
  for (let r = 0; r < SIZE; r++) rows.push(board.slice(r * SIZE, r * SIZE + SIZE));
  return rows.join('/');
}

/** Reads the board field: ten rows of ten squares separated by `/`. */
export function parseBoard(text: string): Result<string, InputError<TactorusCode>> {
  const rows = text.split('/');
  if (rows.length !== SIZE) {
    return err(inputError('position/board-rows', `the board needs ${SIZE} rows separated by "/"`, { input: text }));
  }
  let at = 0;
  for (const [r, row] of rows.entries()) {
    if (row.length !== SIZE) {
      return err(
        inputError('position/row-length', `row ${r} has ${row.length} squares, not ${SIZE}`, { at, input: row }),
      );
    }
    for (let c = 0; c < SIZE; c++) {
      const ch = row[c] as string;
      if (ch !== EMPTY && !isPieceChar(ch)) {
        return err(
          inputError('position/bad-piece', `"${ch}" on square ${r}${c} is not . F A C I f a c i`, {
            at: at + c,
            input: ch,
          }),
        );
      }
    }
    at += SIZE + 1;
  }
  return ok(rows.join(''));
}

/** `basic`, or a comma list such as `chain,high-ground`. */
export function formatRulesField(rules: Rules): string {
  const names = RULE_NAMES.filter((n) => rules[RULE_KEYS[n]]);
  return names.length ? names.join(',') : 'basic';
}

/** Reads rule names separated by commas or spaces; `basic` (or `none`) for no alteration. */
export function parseRulesField(text: string): Result<Rules, InputError<TactorusCode>> {
  const t = text.trim().toLowerCase();
  if (t === 'basic' || t === 'none') return ok(BASIC_RULES);
  const rules = { ...BASIC_RULES };
  const seen = new Set<string>();
  for (const name of t.split(/[\s,]+/)) {
    if (!(RULE_NAMES as readonly string[]).includes(name)) {
      return err(
        inputError('rules/unknown', `"${name}" is not a rule alteration (chain, supply-lines, high-ground, basic)`, {
          input: name,
        }),
      );
    }
    if (seen.has(name)) return err(inputError('rules/repeated', `"${name}" is named twice`, { input: name }));
    seen.add(name);
    rules[RULE_KEYS[name as RuleName]] = true;
  }
  return ok(rules);
}

function formatOrdersField(orders: readonly Order[], done: boolean): string {
  const list = orders.map(formatOrder).join(',');
  return done ? `${list}*` : list || '-';
}

function formatEnd(o: Outcome): string {
  return o.kind === 'draw' ? `draw:${o.reason}` : `${o.winner + 1}:${o.reason}`;
}

function parseEnd(text: string): Result<Outcome, InputError<TactorusCode>> {
  const m = /^(draw|1|2):([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(text);
  if (!m) {
    return err(
      inputError('position/bad-end', `expected an end such as 1:flag-captured or draw:agreed`, { input: text }),
    );
  }
  const reason = m[2] as string;
  return ok(m[1] === 'draw' ? draw(reason) : win(m[1] === '1' ? 0 : 1, reason));
}

export function formatPosition(s: TactorusState): string {
  const fields = [
    formatBoard(s.board),
    String(s.round),
    formatRulesField(s.rules),
    formatOrdersField(s.orders[0], s.committed[0]),
    formatOrdersField(s.orders[1], s.committed[1]),
  ];
  if (s.ended) fields.push(formatEnd(s.ended));
  return fields.join(' ');
}

/**
 * Reads position text and checks it is a state the game can reach: one flag each (unless the game is over), a
 * round below the limit, each player's orders legal in the order given, and not both players done.
 */
export function parsePosition(text: string): Result<TactorusState, InputError<TactorusCode>> {
  if (typeof text !== 'string' || text.length > 2000) {
    return err(inputError('position/syntax', 'position text is one line of at most 2000 characters'));
  }
  const fields = text.trim().split(/\s+/);
  if (fields.length < 5 || fields.length > 6) {
    return err(
      inputError('position/syntax', 'expected "<board> <round> <rules> <Player 1 orders> <Player 2 orders> [end]"', {
        input: text,
      }),
    );
  }
  const [boardField = '', roundField = '', rulesField = '', o1 = '', o2 = '', endField] = fields;
  const board = parseBoard(boardField);
  if (!board.ok) return board;
  if (!/^\d{1,3}$/.test(roundField) || Number(roundField) > ROUND_LIMIT) {
    return err(
      inputError('position/bad-round', `the round is a number from 0 to ${ROUND_LIMIT}`, { input: roundField }),
    );
  }
  const round = Number(roundField);
  const rules = parseRulesField(rulesField.replace(/,/g, ' '));
  if (!rules.ok) return err(inputError('position/bad-rules', rules.error.message, { input: rulesField }));
  let ended: Outcome | undefined;
  if (endField !== undefined) {
    const e = parseEnd(endField);
    if (!e.ok) return e;
    ended = e.value;
  }
  if (!ended) {
    if (round >= ROUND_LIMIT) {
      return err(inputError('position/round-limit', `the game ends after round ${ROUND_LIMIT}`, { input: roundField }));
    }
    for (const p of [0, 1] as const) {
      const flags = [...board.value].filter((c) => c === pieceChar(p, 'F')).length;
      if (flags !== 1) {
        return err(
          inputError('position/flags', `Player ${p + 1} has ${flags} flags; a game in progress has exactly one each`),
        );
      }
    }
  }
  let s: TactorusState = {
    board: board.value,
    round,
    rules: rules.value,
    orders: NO_ORDERS,
    committed: [false, false],
  };
  const orderFields = [o1, o2] as const;
  const orders: [Order[], Order[]] = [[], []];
  const committed: [boolean, boolean] = [false, false];
  for (const p of [0, 1] as const) {
    let field = orderFields[p];
    if (field.endsWith('*')) {
      committed[p] = true;
      field = field.slice(0, -1);
    }
    if (field === '-' || field === '') {
      if (field === '-' && committed[p]) {
        return err(inputError('position/bad-orders', 'write "*" for a player done with no orders', { input: field }));
      }
      continue;
    }
    if (ended) {
      return err(inputError('position/bad-orders', 'a finished game has no pending orders', { input: field }));
    }
    for (const part of field.split(',')) {
      const o = parseOrder(part);
      if (!o.ok) return err(inputError('position/bad-orders', o.error.message, { input: part }));
      const problem = checkOrder(
        { ...s, orders: p === 0 ? [orders[0], []] : [[], orders[1]] },
        p,
        o.value.from,
        o.value.to,
      );
      if (problem) {
        return err(inputError('position/bad-orders', `Player ${p + 1}: ${problem.message}`, { input: part }));
      }
      orders[p].push(o.value);
    }
  }
  if (committed[0] && committed[1]) {
    return err(inputError('position/both-done', 'both players are done, so the round would have resolved'));
  }
  if (ended && (committed[0] || committed[1])) {
    return err(inputError('position/bad-orders', 'a finished game has no player done scheduling'));
  }
  s = { ...s, orders, committed };
  return ok(ended ? { ...s, ended } : s);
}
