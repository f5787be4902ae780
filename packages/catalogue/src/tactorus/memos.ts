/**
 * `++TacMoves`, the sealed memo of one player's orders for one round (manual, "Export scheduled Tactorus moves" and
 * "Import scheduled Tactorus moves"; AES-256-GCM under a fresh key, `packages/tactorus/src/orders-file.ts`), as an
 * e-mail gateway uses it with the game's session, the one authority. It is not a record of a game (a memo holds one
 * player's part of one round), so it is not among the setup's `records`; its functions come with the setup, bound to
 * its game: each checks a memo against the round in progress of the session it is given.
 *
 * Memos are bound to their game and sender (ours): an e-mail game has a random id, and each player a signing key
 * pair (ECDSA P-256). `MailKeys` is what a gateway holds of them: the id, both public keys as known, and the
 * private keys of the seats it plays for. Every memo and key release is signed over the game id, round, player and
 * sealed orders, and checked against them; anything else is refused with a coded error (`tacmoves/unsigned`,
 * `tacmoves/wrong-game`, `tacmoves/bad-signature`, `tackey/…`).
 *
 * A gateway that plays for a player who mails plain orders against one who plays at a terminal (`tactica tactorus
 * import-game`, `export-orders`, `import-orders`, `key`, `import-key`):
 *
 *   let keys = unwrap(await setup.memos.newKeys([0]));        game id and Player 1's key pair, kept with the game
 *   mail unwrap(await setup.memos.exportForMail(session, 0, keys, 'friday game')) to B    B imports it as Player 2
 *   keys = unwrap(await setup.memos.learnKey(keys, bExport)).keys    B's export back: B's key (show the fingerprint)
 *   session = submit(player A's orders and done)               A is done; the round waits for B
 *   const sealed = unwrap(await setup.memos.seal(session, 0, keys, 'friday game'));  mail sealed.memo to B
 *   unwrap(await setup.memos.check(session, bMemo, keys, 1));  B's sealed memo fits this round: now release A's key
 *   mail unwrap(await setup.memos.release(sealed.withKey, keys))             the signed ++TacKey key release
 *   const opened = unwrap(await setup.memos.open(session, bMemo, keys, bRelease));
 *   session = unwrap(session.submit(1, opened.moves, …));      the round is carried out
 */
import { err, inputError, ok, opponent, type InputError, type Player, type Result } from '@tactica/core';
import {
  checkMemoFits,
  checkMemoSigned,
  exportGame,
  exportOrders,
  fingerprint,
  generateSigningKeys,
  makeKeyRelease,
  newGameId,
  observe,
  openKeyRelease,
  openOrders,
  parseGameFile,
  parseKeyRelease,
  parseOrdersMemo,
  publicView,
  recordOf,
  type AnyTactorusCore,
  type MemoTrust,
  type TactorusMove,
} from '@tactica/tactorus';
import type { RecordFormatInfo } from '../types.js';

export const TACTORUS_ORDERS: RecordFormatInfo = {
  id: 'tactorus-orders',
  name: 'Tactorus sealed orders (++TacMoves)',
  extension: 'txt',
  mediaType: 'text/plain',
};

type Pair<T> = readonly [T | undefined, T | undefined];

/**
 * What a gateway holds of an e-mail game's identity: its id, both players' public keys as known, and the private
 * signing keys (PKCS#8 hex) of the seats it plays for. Plain data: keep it with the game, secret.
 */
export interface MailKeys extends MemoTrust {
  readonly signingKeys: Pair<string>;
}

/** A player's orders sealed: the memo to mail now, and what opens it, to keep until the other side's memo is in. */
export interface SealedOrderMemo {
  /** The memo without its key: send it. */
  readonly memo: string;
  /** The same memo with its key line filled in: keep it (a save holds it as the player's sent memo). */
  readonly withKey: string;
  /** The key (64 hex digits): give it out only once the other player's sealed memo has arrived, with `release`. */
  readonly key: string;
}

/** What a memo says of itself, once it is known to be signed by its player for this game and round. */
export interface MemoFits {
  readonly player: Player;
  /** The round the orders are for (the round in progress: rounds played + 1). */
  readonly round: number;
  /** The game's name the memo gives. */
  readonly name: string;
  /** Whether the memo carries its key (then `open` needs no release). */
  readonly hasKey: boolean;
}

/** A memo opened: its player's orders as moves of the round in progress, ending with `done`, ready to submit. */
export interface OpenedOrders {
  readonly player: Player;
  readonly moves: readonly TactorusMove[];
}

export interface TactorusOrderMemos {
  readonly format: RecordFormatInfo;
  /** A new e-mail game's identity: a random game id, and a signing key pair for each seat in `players`. */
  newKeys(players: readonly Player[]): Promise<Result<MailKeys, InputError>>;
  /**
   * Learns the other player's public key from their `++Tactorus` export of this game (same game id, the gateway's
   * own keys unchanged). Its fingerprint is for the people to compare out of band; a known key cannot change.
   */
  learnKey(keys: MailKeys, exportText: string): Promise<Result<{ keys: MailKeys; fingerprint: string }, InputError>>;
  /** The fingerprint of a player's public key (`1a2b 3c4d …`), undefined while it is not known. */
  fingerprint(keys: MailKeys, player: Player): Promise<Result<string | undefined, InputError>>;
  /**
   * The `++Tactorus` export of the game as an e-mail game written at `player`'s end, to start the other player's
   * program: it imports as the other seat (manual, "Importing a Tactorus game"), and carries the game id and the
   * public keys, never a private one.
   */
  exportForMail(
    session: AnyTactorusCore,
    player: Player,
    keys: MailKeys,
    name?: string,
  ): Promise<Result<string, InputError>>;
  /**
   * Seals and signs `player`'s orders of the round in progress, as the player's own view holds them. The player must
   * be done (submitted), so that what is sealed can no longer change (`tacmoves/not-done`). Every call uses a fresh
   * key.
   */
  seal(
    session: AnyTactorusCore,
    player: Player,
    keys: MailKeys,
    name?: string,
  ): Promise<Result<SealedOrderMemo, InputError>>;
  /** The signed `++TacKey` release of a sealed memo's key (`withKey` of `seal`): mail it once the other memo is in. */
  release(withKey: string, keys: MailKeys): Promise<Result<string, InputError>>;
  /**
   * Checks a memo as soon as it arrives, with or without its key: its layout and checksum, its game id and its
   * player's signature, and that it is for the round in progress of this game (round, rules, position) and of
   * `player` when given (`tacmoves/…` codes).
   */
  check(session: AnyTactorusCore, text: string, keys: MailKeys, player?: Player): Promise<Result<MemoFits, InputError>>;
  /**
   * Opens a checked memo with its key: from the player's signed `++TacKey` release, or the key in the memo. The key
   * must be the one it was sealed with, the ciphertext must authenticate, and every order must start on one of that
   * player's units and pass every scheduling rule.
   */
  open(
    session: AnyTactorusCore,
    text: string,
    keys: MailKeys,
    release?: string,
  ): Promise<Result<OpenedOrders, InputError>>;
}

function badPlayer(): InputError {
  return inputError('tacmoves/bad-player', 'the player is 0 (Player 1) or 1 (Player 2)');
}

function trustOf(keys: MailKeys): MemoTrust {
  return { gameId: keys.gameId, publicKeys: keys.publicKeys };
}

async function newKeys(players: readonly Player[]): Promise<Result<MailKeys, InputError>> {
  const gameId = newGameId();
  if (!gameId.ok) return gameId;
  const publicKeys: [string | undefined, string | undefined] = [undefined, undefined];
  const signingKeys: [string | undefined, string | undefined] = [undefined, undefined];
  for (const p of new Set(players)) {
    if (p !== 0 && p !== 1) return err(badPlayer());
    const pair = await generateSigningKeys();
    if (!pair.ok) return pair;
    publicKeys[p] = pair.value.publicKey;
    signingKeys[p] = pair.value.privateKey;
  }
  return ok({ gameId: gameId.value, publicKeys, signingKeys });
}

async function learnKey(
  keys: MailKeys,
  exportText: string,
): Promise<Result<{ keys: MailKeys; fingerprint: string }, InputError>> {
  const file = await parseGameFile(exportText);
  if (!file.ok) return file;
  const theirs = file.value.email;
  if (!theirs || theirs.gameId !== keys.gameId) {
    return err(inputError('email/wrong-game', 'that export is of another game (its game id differs)'));
  }
  const other = file.value.player;
  const mine = opponent(other);
  if (keys.signingKeys[other] !== undefined) {
    return err(inputError('email/wrong-player', `that export was written by Player ${other + 1}, whom you play for`));
  }
  if (theirs.publicKeys[mine] !== keys.publicKeys[mine]) {
    return err(
      inputError('email/key-mismatch', 'that export holds another key for your player: it was not made from yours'),
    );
  }
  const key = theirs.publicKeys[other];
  if (key === undefined) return err(inputError('email/no-peer-key', 'that export holds no key of its player'));
  const known = keys.publicKeys[other];
  if (known !== undefined && known !== key) {
    return err(
      inputError('email/peer-key-changed', `Player ${other + 1}'s signing key is already known: that one differs`),
    );
  }
  const print = await fingerprint(key);
  if (!print.ok) return print;
  const publicKeys: [string | undefined, string | undefined] = [...keys.publicKeys];
  publicKeys[other] = key;
  return ok({ keys: { ...keys, publicKeys }, fingerprint: print.value });
}

async function fingerprintOf(keys: MailKeys, player: Player): Promise<Result<string | undefined, InputError>> {
  const key = keys.publicKeys[player];
  return key === undefined ? ok(undefined) : fingerprint(key);
}

async function exportForMail(
  session: AnyTactorusCore,
  player: Player,
  keys: MailKeys,
  name = '',
): Promise<Result<string, InputError>> {
  if (player !== 0 && player !== 1) return err(badPlayer());
  const record = recordOf(session);
  if (!record.ok) return record;
  const view = publicView(observe(session.roundStart, player));
  return exportGame(view, record.value, { name, mode: 'e-mail' }, player, trustOf(keys));
}

async function seal(
  session: AnyTactorusCore,
  player: Player,
  keys: MailKeys,
  name = '',
): Promise<Result<SealedOrderMemo, InputError>> {
  if (player !== 0 && player !== 1) return err(badPlayer());
  if (session.outcome) return err(inputError('tacmoves/game-over', 'the game is over'));
  const signingKey = keys.signingKeys[player];
  if (signingKey === undefined) {
    return err(inputError('tacmoves/no-signing-key', `no signing key of Player ${player + 1} is held here`));
  }
  if (!session.submitted(player)) {
    return err(
      inputError(
        'tacmoves/not-done',
        `Player ${player + 1} is still giving orders: seal them once they are done, so that they cannot change`,
      ),
    );
  }
  // Made from the player's own observation: their orders, never the other side's.
  const sealed = await exportOrders(observe(session.position, player), name, { gameId: keys.gameId, signingKey });
  if (!sealed.ok) return sealed;
  return ok({ memo: sealed.value.withoutKey, withKey: sealed.value.withKey, key: sealed.value.key });
}

async function release(withKey: string, keys: MailKeys): Promise<Result<string, InputError>> {
  const memo = await parseOrdersMemo(withKey);
  if (!memo.ok) return memo;
  const signingKey = keys.signingKeys[memo.value.player];
  if (signingKey === undefined) {
    return err(inputError('tacmoves/no-signing-key', `no signing key of Player ${memo.value.player + 1} is held here`));
  }
  const own = await checkMemoSigned(memo.value, trustOf(keys));
  if (!own.ok) return own;
  return makeKeyRelease(memo.value, { gameId: keys.gameId, signingKey });
}

async function check(
  session: AnyTactorusCore,
  text: string,
  keys: MailKeys,
  player?: Player,
): Promise<Result<MemoFits, InputError>> {
  const memo = await parseOrdersMemo(text);
  if (!memo.ok) return memo;
  const signed = await checkMemoSigned(memo.value, trustOf(keys));
  if (!signed.ok) return signed;
  const fits = await checkMemoFits(memo.value, session.roundStart, player);
  if (!fits.ok) return fits;
  const { round, name, key } = memo.value;
  return ok({ player: memo.value.player, round, name, hasKey: key !== undefined });
}

async function open(
  session: AnyTactorusCore,
  text: string,
  keys: MailKeys,
  releaseText?: string,
): Promise<Result<OpenedOrders, InputError>> {
  const memo = await parseOrdersMemo(text);
  if (!memo.ok) return memo;
  const signed = await checkMemoSigned(memo.value, trustOf(keys));
  if (!signed.ok) return signed;
  let key: string | undefined;
  if (releaseText !== undefined) {
    const parsed = parseKeyRelease(releaseText);
    if (!parsed.ok) return parsed;
    const opened = await openKeyRelease(parsed.value, memo.value, trustOf(keys));
    if (!opened.ok) return opened;
    key = opened.value;
  }
  const orders = await openOrders(memo.value, key, session.roundStart);
  if (!orders.ok) return orders;
  const player = memo.value.player;
  const moves: TactorusMove[] = orders.value.map((o) => ({ type: 'order', player, from: o.from, to: o.to }));
  moves.push({ type: 'done', player });
  return ok({ player, moves });
}

export const tactorusOrderMemos: TactorusOrderMemos = {
  format: TACTORUS_ORDERS,
  newKeys,
  learnKey,
  fingerprint: fingerprintOf,
  exportForMail,
  seal,
  release,
  check,
  open,
};
