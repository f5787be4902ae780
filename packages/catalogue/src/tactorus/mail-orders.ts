/**
 * Tactorus orders by mail as the Palm game's memos (issue 40): a `++TacMoves` memo in the body of a `move` is the
 * player's orders of the round, sealed; its key comes in the memo's `Key:` line or later in a `++TacKey` release.
 *
 * **(ours)** By mail the server is the referee that keeps each side's orders secret until the round is carried out,
 * and the sender is known by their password or reply address: so a memo is taken with its key at once, and a memo
 * sent without its key waits (one a player and board) until the key comes. The memo's own checks all apply — its
 * layout and checksum, that it is this player's orders for this round, rules and position, that the key opens it
 * and every order is legal — but not its signature, which needs the player's signing key from a game export that a
 * game made on the server never had: the mail's credentials stand for it. (`memos.ts` is the signed path, between
 * a gateway and a terminal.)
 */
import { err, inputError, ok } from '@tactica/core';
import {
  checkMemoFits,
  formatOrder,
  KEY_RELEASE_HEADER,
  openOrders,
  ORDERS_HEADER,
  parseKeyRelease,
  parseOrdersMemo,
  sha256Hex,
  type TactorusState,
} from '@tactica/tactorus';
import type { SealedOrders } from '../types.js';

export const TACTORUS_SEALED_ORDERS: SealedOrders<TactorusState> = {
  find(body) {
    const lines = body.replace(/\r\n?/g, '\n').split('\n');
    const at = (header: string): number => lines.findIndex((l) => l.trim() === header);
    const orders = at(ORDERS_HEADER);
    if (orders >= 0) return { kind: 'orders', text: lines.slice(orders).join('\n') };
    const key = at(KEY_RELEASE_HEADER);
    if (key >= 0) return { kind: 'key', text: lines.slice(key).join('\n') };
    return undefined;
  },

  async open(roundStart, seat, text, key) {
    const memo = await parseOrdersMemo(text);
    if (!memo.ok) return memo;
    const fits = await checkMemoFits(memo.value, roundStart, seat);
    if (!fits.ok) return fits;
    const orders = await openOrders(memo.value, key, roundStart);
    if (!orders.ok) return orders;
    return ok(orders.value.map(formatOrder));
  },

  async hasKey(roundStart, seat, text) {
    const memo = await parseOrdersMemo(text);
    if (!memo.ok) return memo;
    const fits = await checkMemoFits(memo.value, roundStart, seat);
    if (!fits.ok) return fits;
    return ok((memo.value.key ?? '').trim() !== '');
  },

  async keyFor(release, heldMemo) {
    const r = parseKeyRelease(release);
    if (!r.ok) return r;
    const memo = await parseOrdersMemo(heldMemo);
    if (!memo.ok) return memo;
    const digest = await sha256Hex(memo.value.signed);
    if (!digest.ok) return digest;
    if (r.value.round !== memo.value.round || r.value.player !== memo.value.player || r.value.memo !== digest.value) {
      return err(inputError('tackey/wrong-memo', 'this key release is not for the memo held for you'));
    }
    return ok(r.value.key);
  },
};
