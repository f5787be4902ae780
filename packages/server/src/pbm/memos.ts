/**
 * Tactorus orders by mail as the Palm game's memos (issue 40): a `++TacMoves` memo in the body of a `move` is the
 * player's orders of the round, sealed; its key comes in the memo's `Key:` line or later in a `++TacKey` release.
 *
 * **(ours)** By mail the server is the referee that keeps each side's orders secret until the round is carried out,
 * and the sender is known by their password or reply address: so a memo is taken with its key at once, and a memo
 * sent without its key waits (one a player and board) until the key comes. The memo's own checks all apply — its
 * layout and checksum, that it is this player's orders for this round, rules and position, that the key opens it
 * and every order is legal — but not its signature, which needs the player's signing key from a game export that a
 * game made on the server never had: the mail's credentials stand for it.
 */
import { createHash } from 'node:crypto';
import type { Player } from '@tactica/core';
import {
  checkMemoFits,
  formatOrder,
  KEY_RELEASE_HEADER,
  openOrders,
  ORDERS_HEADER,
  parseKeyRelease,
  parseOrdersMemo,
  type TactorusState,
} from '@tactica/tactorus';
import { DomainError } from '../errors.js';
import type { LiveGame } from '../games/live-game.js';

/** What a mail's body holds for the memo path. */
export type MemoBody =
  { readonly kind: 'orders'; readonly memo: string } | { readonly kind: 'key'; readonly release: string } | undefined;

/** A `++TacMoves` memo or a `++TacKey` release in a body, from its header line to the end. */
export function memoIn(body: string): MemoBody {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const at = (header: string): number => lines.findIndex((l) => l.trim() === header);
  const orders = at(ORDERS_HEADER);
  if (orders >= 0) return { kind: 'orders', memo: lines.slice(orders).join('\n') };
  const key = at(KEY_RELEASE_HEADER);
  if (key >= 0) return { kind: 'key', release: lines.slice(key).join('\n') };
  return undefined;
}

function refused(e: { code: string; message: string }): DomainError {
  return new DomainError(e.code, e.message, 'body');
}

function roundStart(game: LiveGame): TactorusState {
  const r = game.restored;
  if (r.dynamics === 'sequential') throw new DomainError('pbm/not-tactorus', 'memos are Tactorus orders');
  return r.session.roundStart as TactorusState;
}

/** The orders a memo holds, as the orders of a `move` (`84-64`), checked against the round. */
export async function ordersOfMemo(game: LiveGame, seat: Player, text: string, key?: string): Promise<string[]> {
  const memo = await parseOrdersMemo(text);
  if (!memo.ok) throw refused(memo.error);
  const s = roundStart(game);
  const fits = await checkMemoFits(memo.value, s, seat);
  if (!fits.ok) throw refused(fits.error);
  const orders = await openOrders(memo.value, key, s);
  if (!orders.ok) throw refused(orders.error);
  return orders.value.map(formatOrder);
}

/** Whether a memo carries its key (else it waits for a `++TacKey`). Checked against the round first. */
export async function memoHasKey(game: LiveGame, seat: Player, text: string): Promise<boolean> {
  const memo = await parseOrdersMemo(text);
  if (!memo.ok) throw refused(memo.error);
  const fits = await checkMemoFits(memo.value, roundStart(game), seat);
  if (!fits.ok) throw refused(fits.error);
  return (memo.value.key ?? '').trim() !== '';
}

/** The key a `++TacKey` release gives for the memo held: it must name that memo, its round and its player. */
export async function keyForMemo(release: string, heldMemo: string): Promise<string> {
  const r = parseKeyRelease(release);
  if (!r.ok) throw refused(r.error);
  const memo = await parseOrdersMemo(heldMemo);
  if (!memo.ok) throw refused(memo.error);
  const digest = createHash('sha256').update(memo.value.signed, 'utf8').digest('hex');
  if (r.value.round !== memo.value.round || r.value.player !== memo.value.player || r.value.memo !== digest) {
    throw new DomainError('tackey/wrong-memo', 'this key release is not for the memo held for you', 'body');
  }
  return r.value.key;
}
