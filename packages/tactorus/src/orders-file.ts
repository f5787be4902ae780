/**
 * The `++TacMoves` order export for play by e-mail (manual, "Exporting scheduled Tactorus moves" and
 * "Importing scheduled Tactorus moves"). **(ours)** The original's 45-bit home-made cipher is replaced by
 * AES-256-GCM from the platform's Web Crypto:
 *
 * - the orders are written into a fixed 99 slots (the manual's "maximum 99"), so the count of real orders does
 *   not show, and encrypted under a fresh random 256-bit key with a fresh random nonce;
 * - the memo states `Commitment: SHA-256(key)`, so the sender cannot later reveal a different key that opens the
 *   same ciphertext to other orders (AES-GCM alone does not bind a ciphertext to one key);
 * - the header (round, player, rules, position, slots, commitment) is the cipher's associated data, so it cannot
 *   be changed either; a SHA-256 checksum over every line but the key line detects any damage;
 * - the key is sent only after both players hold each other's sealed memo; the import then checks the key
 *   against the commitment, decrypts (which authenticates), and checks that every order starts on one of that
 *   player's pieces and is legal.
 *
 *   ++TacMoves
 *   Name: friday game
 *   Game: <32 hex>                 the game's random id, fixed when it was made
 *   Round: 3                       the round these orders are for (rounds resolved + 1)
 *   Player: 2
 *   Rules: chain
 *   Position: <64 hex>             SHA-256 of the board, round and rules the orders were made on
 *   Slots: 99
 *   Nonce: <24 hex>
 *   Commitment: <64 hex>
 *   Orders: 7                      then that many lines of ciphertext in hex
 *   …
 *   Signature: <128 hex>           the sender's ECDSA P-256 signature over every line above
 *   Key: <64 hex>                  removed before sending; added back when the key arrives
 *   Checksum: <64 hex>             over every line above except the key line
 *
 * **Bound to game and sender (ours):** every e-mail game has a random id fixed at `new`, and each player a signing
 * key pair whose public half travels in the `++Tactorus` export. The signature covers the game id, the round, the
 * player, the position and the sealed orders (the commitment and the ciphertext), so a memo of another game, or a
 * memo made by anyone but that player, is refused (`checkMemoSigned`). The game id is also part of the cipher's
 * associated data. The key is released in a signed `++TacKey` text bound to the memo it opens (`makeKeyRelease`);
 * a key inside a memo needs no signature of its own, since only the key whose SHA-256 is the signed commitment
 * opens it. Memos without `Game:` and `Signature:` lines (made before) are read, for replaying old records, but
 * never accepted into a game (`tacmoves/unsigned`).
 */
import { err, inputError, ok, type InputError, type Player, type Result } from '@tactica/core';
import { ownerOf, SQUARES, squareName } from './board.js';
import { checksumOf, cleanName, HEX64, LineCursor, memoLines } from './memo.js';
import type { TactorusObservation } from './observation.js';
import { formatBoard, formatRulesField, parseRulesField } from './position.js';
import { checkOrder } from './schedule.js';
import { sameRules, type Order, type Rules, type TactorusState } from './state.js';
import { playMove } from './game.js';
import {
  fromHex,
  GAME_ID,
  KEY_BYTES,
  NONCE_BYTES,
  open,
  randomBytes,
  seal,
  sha256Hex,
  SIGNATURE,
  signText,
  toHex,
  utf8,
  verifyText,
} from './web-crypto.js';

export const ORDERS_HEADER = '++TacMoves';
/** Slots in every order export (manual: "written out for all moves possible (maximum 99 in Tactorus)"). */
export const SLOTS = 99;
const EMPTY_SLOT = 0xff;
const HEX_LINE = 64;

/** A parsed `++TacMoves` memo whose layout and checksum are sound; the orders are still sealed. */
export interface SealedOrders {
  readonly name: string;
  /** The game's id; undefined in a memo made before memos were signed. */
  readonly gameId: string | undefined;
  /** The sender's signature over `signed`; undefined in an unsigned (old) memo. */
  readonly signature: string | undefined;
  /** The text the signature covers: every line from the header to the end of the ciphertext. */
  readonly signed: string;
  readonly round: number;
  readonly player: Player;
  readonly rules: Rules;
  readonly position: string;
  readonly nonce: Uint8Array;
  readonly commitment: string;
  readonly ciphertext: Uint8Array;
  /** The key, when the memo carries it (hex), else undefined. */
  readonly key: string | undefined;
  /** The memo without its key, as it is sent before the key exchange. */
  readonly withoutKey: string;
}

/** What the orders were made on: the public position at the start of the round. */
export async function positionDigest(board: string, round: number, rules: Rules): Promise<Result<string, InputError>> {
  return sha256Hex(`${formatBoard(board)} ${round} ${formatRulesField(rules)}`);
}

function associatedData(h: {
  gameId: string | undefined;
  round: number;
  player: Player;
  rules: Rules;
  position: string;
  commitment: string;
}): Uint8Array {
  const game = h.gameId === undefined ? '' : `|${h.gameId}`;
  return utf8(
    `${ORDERS_HEADER}|${h.round}|${h.player + 1}|${formatRulesField(h.rules)}|${h.position}|${SLOTS}|${h.commitment}${game}`,
  );
}

/** The lines a signature or checksum covers, as one text: each line ended by a line feed. */
function coveredText(lines: readonly string[]): string {
  return lines.map((l) => `${l}\n`).join('');
}

/** Who seals: the game's id and the sender's private signing key (PKCS#8 hex). */
export interface MemoSigner {
  readonly gameId: string;
  readonly signingKey: string;
}

/** What a memo is checked against: the game's id and each player's public key (raw hex), undefined if not known. */
export interface MemoTrust {
  readonly gameId: string;
  readonly publicKeys: readonly [string | undefined, string | undefined];
}

function headerLines(h: {
  gameId: string | undefined;
  name: string;
  round: number;
  player: Player;
  rules: Rules;
  position: string;
  nonce: Uint8Array;
  commitment: string;
  ciphertext: Uint8Array;
}): string[] {
  const hex = toHex(h.ciphertext);
  const chunks: string[] = [];
  for (let i = 0; i < hex.length; i += HEX_LINE) chunks.push(hex.slice(i, i + HEX_LINE));
  return [
    ORDERS_HEADER,
    `Name: ${cleanName(h.name)}`,
    ...(h.gameId === undefined ? [] : [`Game: ${h.gameId}`]),
    `Round: ${h.round}`,
    `Player: ${h.player + 1}`,
    `Rules: ${formatRulesField(h.rules)}`,
    `Position: ${h.position}`,
    `Slots: ${SLOTS}`,
    `Nonce: ${toHex(h.nonce)}`,
    `Commitment: ${h.commitment}`,
    `Orders: ${chunks.length}`,
    ...chunks,
  ];
}

/**
 * Seals a player's orders of this round, made from that player's own observation, and signs them with `signer`'s
 * key (without a signer: the old unsigned memo, which no game accepts any more; tests of old records make them).
 * Returns the memo with its key line filled in (keep it) and the same memo without the key (send it now).
 */
export async function exportOrders(
  obs: TactorusObservation,
  name: string,
  signer?: MemoSigner,
): Promise<Result<{ readonly withKey: string; readonly withoutKey: string; readonly key: string }, InputError>> {
  if (obs.outcome) return err(inputError('tacmoves/game-over', 'the game is over'));
  if (obs.orders.length > SLOTS) return err(inputError('tacmoves/too-many', `at most ${SLOTS} orders`));
  const key = randomBytes(KEY_BYTES);
  const nonce = randomBytes(NONCE_BYTES);
  if (!key.ok) return key;
  if (!nonce.ok) return nonce;
  const commitment = await sha256Hex(key.value);
  const position = await positionDigest(obs.board, obs.round, obs.rules);
  if (!commitment.ok) return commitment;
  if (!position.ok) return position;
  const plaintext = new Uint8Array(SLOTS * 2).fill(EMPTY_SLOT);
  obs.orders.forEach((o, i) => {
    plaintext[2 * i] = o.from;
    plaintext[2 * i + 1] = o.to;
  });
  if (signer && !GAME_ID.test(signer.gameId)) {
    return err(inputError('tacmoves/bad-game-id', 'a game id is 32 lower-case hex digits'));
  }
  const header = {
    gameId: signer?.gameId,
    name,
    round: obs.round + 1,
    player: obs.viewer,
    rules: obs.rules,
    position: position.value,
    commitment: commitment.value,
  };
  const ciphertext = await seal(key.value, nonce.value, associatedData(header), plaintext);
  if (!ciphertext.ok) return ciphertext;
  const lines = headerLines({ ...header, nonce: nonce.value, ciphertext: ciphertext.value });
  if (signer) {
    const signature = await signText(signer.signingKey, coveredText(lines));
    if (!signature.ok) return signature;
    lines.push(`Signature: ${signature.value}`);
  }
  const sum = await checksumOf(lines);
  if (!sum.ok) return sum;
  const keyHex = toHex(key.value);
  const withKey = [...lines, `Key: ${keyHex}`, `Checksum: ${sum.value}`].join('\n') + '\n';
  const withoutKey = [...lines, 'Key:', `Checksum: ${sum.value}`].join('\n') + '\n';
  return ok({ withKey, withoutKey, key: keyHex });
}

const NUMBER = /^(0|[1-9]\d{0,3})$/;

/** Reads a `++TacMoves` memo: its layout, and its checksum (so any changed byte outside the key is detected). */
export async function parseOrdersMemo(text: string): Promise<Result<SealedOrders, InputError>> {
  if (typeof text !== 'string' || text.length > 100_000) {
    return err(inputError('tacmoves/syntax', 'an order memo is text of at most 100 kB'));
  }
  const lines = memoLines(text);
  const c = new LineCursor(lines, 'tacmoves');
  const header = c.line('the header');
  if (!header.ok || header.value !== ORDERS_HEADER) {
    return err(inputError('tacmoves/not-orders', `an order memo begins with the line "${ORDERS_HEADER}"`, { line: 1 }));
  }
  const name = c.field('Name', /^[^\p{Cc}]*$/u);
  if (!name.ok) return name;
  const signedMemo = c.peek()?.startsWith('Game:') === true;
  const gameId = signedMemo ? c.field('Game', GAME_ID) : ok(undefined);
  if (!gameId.ok) return gameId;
  const round = c.field('Round', NUMBER);
  if (!round.ok) return round;
  const player = c.field('Player', /^[12]$/);
  if (!player.ok) return player;
  const rules = c.field('Rules', /^(basic|[a-z,-]+)$/);
  if (!rules.ok) return rules;
  const position = c.field('Position', HEX64);
  if (!position.ok) return position;
  const slots = c.field('Slots', new RegExp(`^${SLOTS}$`));
  if (!slots.ok) return slots;
  const nonce = c.field('Nonce', new RegExp(`^[0-9a-f]{${NONCE_BYTES * 2}}$`));
  if (!nonce.ok) return nonce;
  const commitment = c.field('Commitment', HEX64);
  if (!commitment.ok) return commitment;
  const count = c.field('Orders', NUMBER);
  if (!count.ok) return count;
  let hex = '';
  for (let i = 0; i < Number(count.value); i++) {
    const l = c.line('the end of the orders');
    if (!l.ok) return l;
    if (!/^[0-9a-f]{1,64}$/.test(l.value)) return err(c.error('bad-ciphertext', 'ciphertext lines are hex digits'));
    hex += l.value;
  }
  const signedLines = lines.slice(0, c.index);
  const signature = signedMemo ? c.field('Signature', SIGNATURE) : ok(undefined);
  if (!signature.ok) return signature;
  const covered = lines.slice(0, c.index);
  const key = c.field('Key', /^(\s*|[0-9a-f]{64})$/);
  if (!key.ok) return key;
  const sum = c.field('Checksum', HEX64);
  if (!sum.ok) return sum;
  if (!c.atEnd()) return err(c.error('trailing', 'nothing may follow the checksum line'));
  const expected = await checksumOf(covered);
  if (!expected.ok) return expected;
  if (expected.value !== sum.value) {
    return err(
      inputError('tacmoves/checksum', 'the checksum does not match: the order memo was changed or damaged', {
        line: lines.length,
      }),
    );
  }
  const parsedRules = parseRulesField(rules.value);
  if (!parsedRules.ok) return parsedRules;
  const ciphertext = fromHex(hex);
  if (!ciphertext || ciphertext.length !== SLOTS * 2 + 16) {
    return err(inputError('tacmoves/bad-ciphertext', `the orders hold ${SLOTS} slots; this ciphertext does not`));
  }
  const keyHex = key.value.trim();
  return ok({
    name: name.value,
    gameId: gameId.value,
    signature: signature.value,
    signed: coveredText(signedLines),
    round: Number(round.value),
    player: player.value === '1' ? 0 : 1,
    rules: parsedRules.value,
    position: position.value,
    nonce: fromHex(nonce.value) as Uint8Array,
    commitment: commitment.value,
    ciphertext,
    key: keyHex === '' ? undefined : keyHex,
    withoutKey: [...covered, 'Key:', `Checksum: ${sum.value}`].join('\n') + '\n',
  });
}

function signedBy(player: Player): string {
  return `Player ${player + 1}`;
}

/**
 * Checks that a memo was made for this game by the player it names: it carries this game's id, and its signature
 * verifies under that player's public key. Unsigned memos (made before memos were signed) are refused.
 */
export async function checkMemoSigned(memo: SealedOrders, trust: MemoTrust): Promise<Result<void, InputError>> {
  if (memo.gameId === undefined || memo.signature === undefined) {
    return err(
      inputError(
        'tacmoves/unsigned',
        'this order memo is not signed (made by an older version): it cannot be told from a forgery',
      ),
    );
  }
  if (memo.gameId !== trust.gameId) {
    return err(
      inputError('tacmoves/wrong-game', `these orders are for game ${memo.gameId}, not this game (${trust.gameId})`),
    );
  }
  const key = trust.publicKeys[memo.player];
  if (key === undefined) {
    return err(
      inputError(
        'tacmoves/unknown-signer',
        `${signedBy(memo.player)}'s signing key is not known yet: import their game export first (import-game)`,
      ),
    );
  }
  const valid = await verifyText(key, memo.signed, memo.signature);
  if (!valid.ok) return valid;
  if (!valid.value) {
    return err(
      inputError(
        'tacmoves/bad-signature',
        `the signature is not ${signedBy(memo.player)}'s: the memo was forged or changed`,
      ),
    );
  }
  return ok(undefined);
}

/**
 * Checks that a sealed memo belongs to this game's current round: the round, the player, the rules and the
 * position it was made on. Needs no key, so it is done as soon as a memo arrives.
 */
export async function checkMemoFits(
  memo: SealedOrders,
  s: Pick<TactorusState, 'board' | 'round' | 'rules' | 'ended'>,
  expectedPlayer?: Player,
): Promise<Result<void, InputError>> {
  if (s.ended) return err(inputError('tacmoves/game-over', 'the game is over'));
  if (expectedPlayer !== undefined && memo.player !== expectedPlayer) {
    return err(
      inputError(
        'tacmoves/wrong-player',
        `these are Player ${memo.player + 1}'s orders, not Player ${expectedPlayer + 1}'s`,
      ),
    );
  }
  if (memo.round !== s.round + 1) {
    return err(
      inputError(
        'tacmoves/wrong-round',
        `these orders are for round ${memo.round}, the game is at round ${s.round + 1}`,
      ),
    );
  }
  if (!sameRules(memo.rules, s.rules)) {
    return err(
      inputError(
        'tacmoves/wrong-rules',
        `these orders were made under the rules "${formatRulesField(memo.rules)}", this game has "${formatRulesField(s.rules)}"`,
      ),
    );
  }
  const digest = await positionDigest(s.board, s.round, s.rules);
  if (!digest.ok) return digest;
  if (digest.value !== memo.position) {
    return err(inputError('tacmoves/wrong-position', 'these orders were made on a different position (another game?)'));
  }
  return ok(undefined);
}

/**
 * Opens a sealed memo with its key and checks its orders against the position: the key must match the
 * commitment, the ciphertext must authenticate, every order must start on one of that player's pieces and pass
 * every scheduling restriction, in the order written. Returns the orders.
 */
export async function openOrders(
  memo: SealedOrders,
  keyHex: string | undefined,
  s: TactorusState,
): Promise<Result<readonly Order[], InputError>> {
  const fits = await checkMemoFits(memo, s);
  if (!fits.ok) return fits;
  const k = (keyHex ?? memo.key)?.trim();
  if (k === undefined || k === '') {
    return err(inputError('tacmoves/no-key', 'the key has not been added yet; ask the other player for it'));
  }
  const key = fromHex(k);
  if (!key || key.length !== KEY_BYTES) {
    return err(
      inputError('tacmoves/bad-key', `a key is ${KEY_BYTES * 2} lower-case hex digits`, { input: k.slice(0, 80) }),
    );
  }
  const hash = await sha256Hex(key);
  if (!hash.ok) return hash;
  if (hash.value !== memo.commitment) {
    return err(inputError('tacmoves/wrong-key', 'this is not the key these orders were sealed with'));
  }
  const plaintext = await open(key, memo.nonce, associatedData(memo), memo.ciphertext);
  if (!plaintext.ok) {
    return err(inputError('tacmoves/not-authentic', 'the sealed orders do not authenticate: they were changed'));
  }
  const orders: Order[] = [];
  let t: TactorusState = { ...s, orders: [[], []], committed: [false, false] };
  const p = memo.player;
  for (let i = 0; i < SLOTS; i++) {
    const from = plaintext.value[2 * i] as number;
    const to = plaintext.value[2 * i + 1] as number;
    if (from === EMPTY_SLOT && to === EMPTY_SLOT) {
      for (let j = i + 1; j < SLOTS; j++) {
        if (plaintext.value[2 * j] !== EMPTY_SLOT || plaintext.value[2 * j + 1] !== EMPTY_SLOT) {
          return err(inputError('tacmoves/bad-slots', 'an order follows an empty slot'));
        }
      }
      break;
    }
    if (from >= SQUARES || to >= SQUARES) return err(inputError('tacmoves/bad-slots', `slot ${i + 1} is not an order`));
    if (ownerOf(s.board[from]) !== p) {
      return err(
        inputError(
          'tacmoves/not-your-piece',
          `order ${i + 1} starts on ${squareName(from)}, where Player ${p + 1} has no piece (orders for another game?)`,
        ),
      );
    }
    const problem = checkOrder(t, p, from, to);
    if (problem) return err(inputError('tacmoves/illegal-order', `order ${i + 1}: ${problem.message}`));
    t = playMove(t, { type: 'order', player: p, from, to });
    orders.push({ from, to });
  }
  return ok(orders);
}

// ---------------------------------------------------------------------------------------------------------------
// The key release.

export const KEY_RELEASE_HEADER = '++TacKey';

/**
 * A signed key release: the key that opens one sealed memo, bound to it.
 *
 *   ++TacKey
 *   Game: <32 hex>
 *   Round: 3
 *   Player: 2                      whose orders the key opens (the sender)
 *   Memo: <64 hex>                 SHA-256 of the signed part of that memo
 *   Key: <64 hex>
 *   Signature: <128 hex>           the sender's signature over every line above
 */
export interface KeyRelease {
  readonly gameId: string;
  readonly round: number;
  readonly player: Player;
  readonly memo: string;
  readonly key: string;
  readonly signature: string;
  readonly signed: string;
}

/** The signed key release of one's own sealed memo (which holds its key). */
export async function makeKeyRelease(own: SealedOrders, signer: MemoSigner): Promise<Result<string, InputError>> {
  if (own.key === undefined) return err(inputError('tackey/no-key', 'the sealed memo has lost its key'));
  const digest = await sha256Hex(own.signed);
  if (!digest.ok) return digest;
  const lines = [
    KEY_RELEASE_HEADER,
    `Game: ${signer.gameId}`,
    `Round: ${own.round}`,
    `Player: ${own.player + 1}`,
    `Memo: ${digest.value}`,
    `Key: ${own.key}`,
  ];
  const signature = await signText(signer.signingKey, coveredText(lines));
  if (!signature.ok) return signature;
  return ok([...lines, `Signature: ${signature.value}`].join('\n') + '\n');
}

/** Reads a `++TacKey` text (its layout only: `openKeyRelease` checks it against a memo). */
export function parseKeyRelease(text: string): Result<KeyRelease, InputError> {
  if (typeof text !== 'string' || text.length > 10_000) {
    return err(inputError('tackey/syntax', 'a key release is text of at most 10 kB'));
  }
  const lines = memoLines(text);
  const c = new LineCursor(lines, 'tackey');
  const header = c.line('the header');
  if (!header.ok || header.value !== KEY_RELEASE_HEADER) {
    return err(
      inputError('tackey/not-a-key', `a key release begins with the line "${KEY_RELEASE_HEADER}"`, { line: 1 }),
    );
  }
  const gameId = c.field('Game', GAME_ID);
  if (!gameId.ok) return gameId;
  const round = c.field('Round', NUMBER);
  if (!round.ok) return round;
  const player = c.field('Player', /^[12]$/);
  if (!player.ok) return player;
  const memo = c.field('Memo', HEX64);
  if (!memo.ok) return memo;
  const key = c.field('Key', HEX64);
  if (!key.ok) return key;
  const signed = coveredText(lines.slice(0, c.index));
  const signature = c.field('Signature', SIGNATURE);
  if (!signature.ok) return signature;
  if (!c.atEnd()) return err(c.error('trailing', 'nothing may follow the signature line'));
  return ok({
    gameId: gameId.value,
    round: Number(round.value),
    player: player.value === '1' ? 0 : 1,
    memo: memo.value,
    key: key.value,
    signature: signature.value,
    signed,
  });
}

/**
 * The key a signed release gives for `memo` (the other player's sealed memo, already checked with
 * `checkMemoSigned`): the release must be for this game, round and player, name this very memo, and carry that
 * player's signature.
 */
export async function openKeyRelease(
  release: KeyRelease,
  memo: SealedOrders,
  trust: MemoTrust,
): Promise<Result<string, InputError>> {
  if (release.gameId !== trust.gameId) {
    return err(inputError('tackey/wrong-game', 'this key release is for another game'));
  }
  if (release.round !== memo.round || release.player !== memo.player) {
    return err(
      inputError(
        'tackey/wrong-memo',
        `this key release is for round ${release.round}, Player ${release.player + 1}: the memo held is for ` +
          `round ${memo.round}, Player ${memo.player + 1}`,
      ),
    );
  }
  const digest = await sha256Hex(memo.signed);
  if (!digest.ok) return digest;
  if (digest.value !== release.memo) {
    return err(inputError('tackey/wrong-memo', 'this key release is for another memo of that round'));
  }
  const key = trust.publicKeys[release.player];
  if (key === undefined) {
    return err(inputError('tackey/unknown-signer', `${signedBy(release.player)}'s signing key is not known`));
  }
  const valid = await verifyText(key, release.signed, release.signature);
  if (!valid.ok) return valid;
  if (!valid.value) {
    return err(
      inputError(
        'tackey/bad-signature',
        `the key release is not signed by ${signedBy(release.player)}: forged or changed`,
      ),
    );
  }
  return ok(release.key);
}
