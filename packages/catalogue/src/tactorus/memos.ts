/**
 * `++TacMoves`, the sealed memo of one player's orders for one round (manual, "Export scheduled Tactorus moves" and
 * "Import scheduled Tactorus moves"; AES-256-GCM under a fresh key, `packages/tactorus/src/orders-file.ts`), as an
 * e-mail gateway uses it with the game's session, the one authority. It is not a record of a game (a memo holds one
 * player's part of one round), so it is not among the setup's `records`; its functions come with the setup, bound to
 * its game: each checks a memo against the round in progress of the session it is given.
 *
 * A gateway that plays for a player who mails plain orders against one who plays at a terminal (`tactica tactorus
 * import-game`, `export-orders`, `import-orders`, `key`, `import-key`):
 *
 *   mail unwrap(await setup.memos.exportForMail(session, 0, 'friday game')) to B   B's program imports it as Player 2
 *   session = submit(player A's orders and done)               A is done; the round waits for B
 *   const sealed = unwrap(await setup.memos.seal(session, 0, 'friday game'));   mail sealed.memo to B; keep the key
 *   unwrap(await setup.memos.check(session, bMemo, 1));        B's sealed memo fits this round: now send A's key
 *   const opened = unwrap(await setup.memos.open(session, bMemo, bKey));
 *   session = unwrap(session.submit(1, opened.moves, …));      the round is carried out
 */
import { err, inputError, ok, type InputError, type Player, type Result } from '@tactica/core';
import {
  checkMemoFits,
  exportGame,
  exportOrders,
  observe,
  openOrders,
  parseOrdersMemo,
  publicView,
  recordOf,
  type AnyTactorusCore,
  type TactorusMove,
} from '@tactica/tactorus';
import type { RecordFormatInfo } from '../types.js';

export const TACTORUS_ORDERS: RecordFormatInfo = {
  id: 'tactorus-orders',
  name: 'Tactorus sealed orders (++TacMoves)',
  extension: 'txt',
  mediaType: 'text/plain',
};

/** A player's orders sealed: the memo to mail now, and what opens it, to keep until the other side's memo is in. */
export interface SealedOrderMemo {
  /** The memo without its key: send it. */
  readonly memo: string;
  /** The same memo with its key line filled in: keep it (a save holds it as the player's sent memo). */
  readonly withKey: string;
  /** The key (64 hex digits): give it out only once the other player's sealed memo has arrived. */
  readonly key: string;
}

/** What a memo says of itself, once it is known to fit the round in progress. */
export interface MemoFits {
  readonly player: Player;
  /** The round the orders are for (the round in progress: rounds played + 1). */
  readonly round: number;
  /** The game's name the memo gives. */
  readonly name: string;
  /** Whether the memo carries its key (then `open` needs none). */
  readonly hasKey: boolean;
}

/** A memo opened: its player's orders as moves of the round in progress, ending with `done`, ready to submit. */
export interface OpenedOrders {
  readonly player: Player;
  readonly moves: readonly TactorusMove[];
}

export interface TactorusOrderMemos {
  readonly format: RecordFormatInfo;
  /**
   * The `++Tactorus` export of the game as an e-mail game written at `player`'s end, to start the other player's
   * program: it imports as the other seat (manual, "Importing a Tactorus game"), and its orders then travel as memos.
   */
  exportForMail(session: AnyTactorusCore, player: Player, name?: string): Promise<Result<string, InputError>>;
  /**
   * Seals `player`'s orders of the round in progress, as the player's own view holds them. The player must be done
   * (submitted), so that what is sealed can no longer change (`tacmoves/not-done`). Every call uses a fresh key.
   */
  seal(session: AnyTactorusCore, player: Player, name?: string): Promise<Result<SealedOrderMemo, InputError>>;
  /**
   * Checks a memo as soon as it arrives, with or without its key: its layout and checksum, and that it is for the
   * round in progress of this game (round, rules, position) and of `player` when given (`tacmoves/…` codes).
   */
  check(session: AnyTactorusCore, text: string, player?: Player): Promise<Result<MemoFits, InputError>>;
  /**
   * Opens a memo with its key (given, or in the memo): the key must be the one it was sealed with, the ciphertext
   * must authenticate, and every order must start on one of that player's units and pass every scheduling rule.
   */
  open(session: AnyTactorusCore, text: string, key?: string): Promise<Result<OpenedOrders, InputError>>;
}

async function exportForMail(session: AnyTactorusCore, player: Player, name = ''): Promise<Result<string, InputError>> {
  if (player !== 0 && player !== 1) return err(badPlayer());
  const record = recordOf(session);
  if (!record.ok) return record;
  const view = publicView(observe(session.roundStart, player));
  return exportGame(view, record.value, { name, mode: 'e-mail' }, player);
}

function badPlayer(): InputError {
  return inputError('tacmoves/bad-player', 'the player is 0 (Player 1) or 1 (Player 2)');
}

async function seal(session: AnyTactorusCore, player: Player, name = ''): Promise<Result<SealedOrderMemo, InputError>> {
  if (player !== 0 && player !== 1) return err(badPlayer());
  if (session.outcome) return err(inputError('tacmoves/game-over', 'the game is over'));
  if (!session.submitted(player)) {
    return err(
      inputError(
        'tacmoves/not-done',
        `Player ${player + 1} is still giving orders: seal them once they are done, so that they cannot change`,
      ),
    );
  }
  // Made from the player's own observation: their orders, never the other side's.
  const sealed = await exportOrders(observe(session.position, player), name);
  if (!sealed.ok) return sealed;
  return ok({ memo: sealed.value.withoutKey, withKey: sealed.value.withKey, key: sealed.value.key });
}

async function check(session: AnyTactorusCore, text: string, player?: Player): Promise<Result<MemoFits, InputError>> {
  const memo = await parseOrdersMemo(text);
  if (!memo.ok) return memo;
  const fits = await checkMemoFits(memo.value, session.roundStart, player);
  if (!fits.ok) return fits;
  const { round, name, key } = memo.value;
  return ok({ player: memo.value.player, round, name, hasKey: key !== undefined });
}

async function open(session: AnyTactorusCore, text: string, key?: string): Promise<Result<OpenedOrders, InputError>> {
  const memo = await parseOrdersMemo(text);
  if (!memo.ok) return memo;
  const orders = await openOrders(memo.value, key, session.roundStart);
  if (!orders.ok) return orders;
  const player = memo.value.player;
  const moves: TactorusMove[] = orders.value.map((o) => ({ type: 'order', player, from: o.from, to: o.to }));
  moves.push({ type: 'done', player });
  return ok({ player, moves });
}

export const tactorusOrderMemos: TactorusOrderMemos = { format: TACTORUS_ORDERS, exportForMail, seal, check, open };
