/**
 * Orders sent sealed by mail (Tactorus's `++TacMoves` memos and `++TacKey` releases, issue 40), through the game's
 * own `sealedOrders` (the catalogue: the memo's checks, and why no signature is asked for by mail): this module only
 * finds the game's round and turns the game's coded errors into refusals about the mail's body.
 */
import type { InputError, Player, Result } from '@tactica/core';
import { roundPlay, type SealedOrders } from '@tactica/catalogue';
import { DomainError, fromInputError } from '../errors.js';
import type { LiveGame } from '../games/live-game.js';

/** What a mail's body holds for the memo path. */
export type MemoBody =
  { readonly kind: 'orders'; readonly memo: string } | { readonly kind: 'key'; readonly release: string } | undefined;

function sealedOrders(game: LiveGame): { orders: SealedOrders<unknown>; roundStart: unknown } | undefined {
  const r = roundPlay(game.restored);
  if (!r?.setup.sealedOrders) return undefined;
  return { orders: r.setup.sealedOrders, roundStart: r.session.roundStart };
}

function sealed(game: LiveGame): { orders: SealedOrders<unknown>; roundStart: unknown } {
  const s = sealedOrders(game);
  if (!s) throw new DomainError('pbm/no-memos', `${game.family} takes no sealed orders by mail`, 'body');
  return s;
}

function unwrap<T>(r: Result<T, InputError>): T {
  if (!r.ok) throw fromInputError(r.error, 'body');
  return r.value;
}

/** A memo or a key release in a body, from its header line to the end (none in a game without sealed orders). */
export function memoIn(game: LiveGame, body: string): MemoBody {
  const found = sealedOrders(game)?.orders.find(body);
  if (!found) return undefined;
  return found.kind === 'orders' ? { kind: 'orders', memo: found.text } : { kind: 'key', release: found.text };
}

/** The orders a memo holds, as the orders of a `move` (`84-64`), checked against the round. */
export async function ordersOfMemo(game: LiveGame, seat: Player, text: string, key?: string): Promise<string[]> {
  const s = sealed(game);
  return unwrap(await s.orders.open(s.roundStart, seat, text, key));
}

/** Whether a memo carries its key (else it waits for a `++TacKey`). Checked against the round first. */
export async function memoHasKey(game: LiveGame, seat: Player, text: string): Promise<boolean> {
  const s = sealed(game);
  return unwrap(await s.orders.hasKey(s.roundStart, seat, text));
}

/** The key a `++TacKey` release gives for the memo held: it must name that memo, its round and its player. */
export async function keyForMemo(game: LiveGame, release: string, heldMemo: string): Promise<string> {
  return unwrap(await sealed(game).orders.keyFor(release, heldMemo));
}
