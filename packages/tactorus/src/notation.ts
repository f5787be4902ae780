/**
 * Order notation. The manual keys orders in as "the square from and to numbers" (2.1 item 7), so an order is two
 * square numbers: `63-43` (also accepted: `63 43`, `6343`). Ours: `w63` withdraws the order of the piece on 63,
 * `done` ends a player's scheduling (the manual's "Next"). A `1:` or `2:` prefix names the player; without it the
 * player is the one given, else the owner of the piece on the first square, else the only player still scheduling.
 */
import { err, inputError, ok, type InputError, type Player, type Result } from '@tactica/core';
import { ownerOf, squareName } from './board.js';
import { checkMove } from './schedule.js';
import type { Order, TactorusMove, TactorusState } from './state.js';
import type { TactorusCode } from './codes.js';

export function formatOrder(o: Order): string {
  return `${squareName(o.from)}-${squareName(o.to)}`;
}

/** `63-43 64-44`, or `-` for none. */
export function formatOrders(orders: readonly Order[], separator = ' '): string {
  return orders.length ? orders.map(formatOrder).join(separator) : '-';
}

/** The move's text without its player: `63-43`, `w63`, `done`. */
export function formatMoveText(m: TactorusMove): string {
  switch (m.type) {
    case 'order':
      return formatOrder(m);
    case 'withdraw':
      return `w${squareName(m.from)}`;
    case 'done':
      return 'done';
  }
}

/** The move's text with its player: `1:63-43`, `2:done`. */
export function formatMoveWithPlayer(m: TactorusMove): string {
  return `${m.player + 1}:${formatMoveText(m)}`;
}

type Syntax =
  | { readonly type: 'order'; readonly from: number; readonly to: number }
  | { readonly type: 'withdraw'; readonly from: number }
  | { readonly type: 'done' };

const ORDER = /^(\d{1,2})\s*(?:-|\s)\s*(\d{1,2})$|^(\d{2})(\d{2})$/;
const WITHDRAW = /^(?:w|withdraw)\s*(\d{1,2})$/i;
const DONE = /^(?:done|next)$/i;
const PREFIX = /^(?:p(?:layer)?\s*)?([12])\s*:\s*/i;

/** Reads one order `63-43` (no player, no withdrawal): for order lists in records and exports. */
export function parseOrder(text: string): Result<Order, InputError<TactorusCode>> {
  const m = ORDER.exec(text.trim());
  if (!m) return err(inputError('order/syntax', `expected an order like 63-43, got "${text}"`, { input: text }));
  const from = Number(m[1] ?? m[3]);
  const to = Number(m[2] ?? m[4]);
  return ok({ from, to });
}

function parseSyntax(text: string): Result<Syntax, InputError<TactorusCode>> {
  const t = text.trim();
  const order = ORDER.exec(t);
  if (order) return ok({ type: 'order', from: Number(order[1] ?? order[3]), to: Number(order[2] ?? order[4]) });
  const withdraw = WITHDRAW.exec(t);
  if (withdraw) return ok({ type: 'withdraw', from: Number(withdraw[1]) });
  if (DONE.test(t)) return ok({ type: 'done' });
  return err(
    inputError('move/syntax', `expected an order like 63-43, a withdrawal like w63, or done; got "${text}"`, {
      input: text,
    }),
  );
}

/** Reads untrusted move text for player `p` (or the player it names or implies) and checks it is legal. */
export function parseMove(s: TactorusState, text: string, p?: Player): Result<TactorusMove, InputError> {
  if (typeof text !== 'string' || text.length > 200) {
    return err(inputError('move/syntax', 'a move is a short line of text'));
  }
  let body = text.trim();
  let named: Player | undefined;
  const prefix = PREFIX.exec(body);
  if (prefix) {
    named = prefix[1] === '1' ? 0 : 1;
    body = body.slice(prefix[0].length);
    if (p !== undefined && named !== p) {
      return err(
        inputError('move/wrong-player', `this is Player ${p + 1}'s move, not Player ${named + 1}'s`, { input: text }),
      );
    }
  }
  const syntax = parseSyntax(body);
  if (!syntax.ok) return err({ ...syntax.error, input: text });
  const stx = syntax.value;
  let player = p ?? named;
  if (player === undefined) {
    if (stx.type !== 'done') player = ownerOf(s.board[stx.from]);
    if (player === undefined) {
      const scheduling = ([0, 1] as const).filter((q) => !s.committed[q]);
      if (scheduling.length === 1) player = scheduling[0];
    }
    if (player === undefined) {
      return err(
        inputError(
          'move/which-player',
          stx.type === 'done'
            ? 'both players are scheduling: write 1:done or 2:done'
            : `there is no piece on ${squareName(stx.from)}`,
          { input: text },
        ),
      );
    }
  }
  const move: TactorusMove =
    stx.type === 'order'
      ? { type: 'order', player, from: stx.from, to: stx.to }
      : stx.type === 'withdraw'
        ? { type: 'withdraw', player, from: stx.from }
        : { type: 'done', player };
  const problem = checkMove(s, move);
  if (problem) return err({ ...problem, input: text });
  return ok(move);
}
