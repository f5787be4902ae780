/**
 * A Tactorus game as one player's program holds it. The play itself (the position, the rounds and their pending
 * orders, customizing, rule changes, resignation, draws) is the core simultaneous session's, `core`: the one
 * authority, whose JSON is the snapshot a server keeps, and from whose line the record of an export or a save is
 * derived (line.ts). Beside it stays only what the core session cannot know: the game's name, how it is played here
 * (`mode`), the local seat, and in e-mail play this round's memos.
 *
 *   let s = newSession({ name: 'friday game', mode: 'e-mail' });
 *   s = unwrap(playLocal(s, { type: 'order', player: 0, from: 84, to: 64 })).session;
 *   const { session, memo } = unwrap(await sealOrders(s));   // send memo
 *
 * Who may act for whom follows the mode: at one screen (hot-seat) the program schedules for both players in turn;
 * by e-mail only for the local player, the other player's orders arriving sealed; against the computer only for the
 * person, the computer's orders coming through `playComputer`.
 *
 * The e-mail protocol on the local side:
 * 1. `sealOrders`: the local player's orders are submitted to the core session (done) and sealed into a
 *    `++TacMoves` memo to send;
 * 2. `receiveOrders`: the other player's sealed memo is checked (layout, checksum, round, player, rules,
 *    position) and kept;
 * 3. `revealKey`: the local key is given out, as a signed `++TacKey` release, only once both sealed memos exist;
 *    from then on the other player's memo of the round cannot be dropped or replaced;
 * 4. `receiveOrders` / `receiveKey` with the other player's key release: their orders are opened, checked and
 *    submitted for them to the core session, which plays the round. A player can never see the other side's orders
 *    before their own are fixed.
 *
 * **Bound to game and sender (ours):** an e-mail game has a random id and each player a signing key pair
 * (`EmailIdentity`), made at `withNewEmailIdentity` (new game) or `importSession` (the other player's export). The
 * public keys travel in the `++Tactorus` export: the importer learns the exporter's key, and the exporter learns the
 * importer's when the importer's export comes back (`addPeerKey`); each is shown as a fingerprint to compare out of
 * band. Every memo and key release is signed and checked against them. An e-mail game saved before (no game id)
 * loads as a legacy game: its memos are refused (`email/unsigned-game`) until it is exported again, which gives it
 * an id and keys (`withNewEmailIdentity`), and the other player imports that export as a new game.
 */
import {
  createSimultaneousSession,
  restoreSimultaneousSession,
  err,
  inputError,
  ok,
  opponent,
  startHistory,
  type InputError,
  type Player,
  type Result,
  type SessionSeats,
} from '@tactica/core';
import { formatCommand } from './command.js';
import {
  exportGame,
  importSeat,
  MODES,
  publicView,
  saveGame,
  type GameFile,
  type GameSettings,
  type Mode,
} from './game-file.js';
import { newGame, tactorus, type TactorusSetup } from './game.js';
import { commandOptions, coreFromRecord, lastRound, NO_CLOCK, recordOf, type TactorusCore } from './line.js';
import { formatMoveText, formatOrder } from './notation.js';
import type { TactorusObservation } from './observation.js';
import {
  checkMemoFits,
  checkMemoSigned,
  exportOrders,
  makeKeyRelease,
  openKeyRelease,
  openOrders,
  parseKeyRelease,
  parseOrdersMemo,
  type MemoTrust,
  type SealedOrders,
} from './orders-file.js';
import { fingerprint, GAME_ID, generateSigningKeys, newGameId, PRIVATE_KEY, PUBLIC_KEY } from './web-crypto.js';
import { parseBoard } from './position.js';
import type { RoundReport } from './resolve.js';
import { sameRules, type Order, type Rules, type TactorusMove } from './state.js';

/** What only the local program knows about a game: its name, and how it is played here. */
export interface PlaySettings {
  /** The game's name: any length, one line. */
  readonly name: string;
  readonly mode: Mode;
}

export interface TactorusSession {
  readonly settings: PlaySettings;
  /** The local player: the e-mail player at this end, the person against the computer, or the player at the keyboard. */
  readonly seat: Player;
  /** The game's play: the one authority. Its seats say who the computer is and at which level. */
  readonly core: TactorusCore;
  /** E-mail: the local player's memo of this round, key included (kept private). */
  readonly sent?: string;
  /** E-mail: the other player's sealed memo of this round. */
  readonly received?: string;
  /** E-mail: the local player's key of this round was given out; the other side's memo is then fixed. */
  readonly released?: boolean;
  /** E-mail: the game's id, both public keys as known, and the local player's private signing key. */
  readonly email?: EmailIdentity;
}

/** An e-mail game's identity at one end: the game's id, the public keys known, and the local private key. */
export interface EmailIdentity extends MemoTrust {
  /** The local player's private signing key (PKCS#8 hex). */
  readonly signingKey: string;
}

/** The computer's level when a game against it names none **(ours)**: the manual names no default. */
export const DEFAULT_COMPUTER_LEVEL = 3;

/** The core session's seats for a mode: the computer sits opposite the local seat; otherwise two people. */
function seatsFor(mode: Mode, seat: Player, level: number | undefined): SessionSeats {
  const person = { kind: 'human' } as const;
  if (mode !== 'computer') return [person, person];
  const computer = { kind: 'computer', level: String(level ?? DEFAULT_COMPUTER_LEVEL) } as const;
  return seat === 0 ? [person, computer] : [computer, person];
}

/** A result that cannot fail, made from data this module checked: a failure is a broken invariant. */
function must<T>(r: Result<T, InputError>): T {
  if (!r.ok) throw new Error(`tactorus session: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

function withCore(session: TactorusSession, core: TactorusCore): TactorusSession {
  return { ...session, core };
}

/** A new game; against the computer (`mode: 'computer'`) the computer sits opposite `seat`, at `settings.level`. */
export function newSession(settings: GameSettings, setup: TactorusSetup = {}, seat: Player = 0): TactorusSession {
  const core = must(
    createSimultaneousSession(tactorus, {
      seats: seatsFor(settings.mode, seat, settings.level),
      now: NO_CLOCK,
      line: startHistory(newGame(setup)),
    }),
  );
  return { settings: { name: settings.name, mode: settings.mode }, seat, core };
}

/**
 * A session from a read game file: the core session plays the file's record, then (a save) the saving player's own
 * orders are submitted again, each checked by the rules. An export continues as the importing seat, a save as the
 * saving player.
 */
export function sessionFromFile(f: GameFile): Result<TactorusSession, InputError> {
  const seat = importSeat(f);
  const played = coreFromRecord(f.record, seatsFor(f.settings.mode, seat, f.settings.level));
  if (!played.ok) return played;
  let core = played.value;
  const priv = f.private;
  const own = priv ? [...priv.orders.map(formatOrder), ...(priv.done ? ['done'] : [])] : [];
  if (own.length) {
    if (core.outcome) return err(inputError('tactorus/bad-orders', 'a finished game has no pending orders'));
    const submitted = core.submit(f.player, own, commandOptions(core));
    if (!submitted.ok) return err(inputError('tactorus/bad-orders', `saved orders: ${submitted.error.message}`));
    core = submitted.value;
  }
  const s: TactorusSession = { settings: { name: f.settings.name, mode: f.settings.mode }, seat, core };
  let email: EmailIdentity | undefined;
  if (f.email && priv) {
    if (priv.signingKey === undefined) {
      return err(inputError('tactorus/inconsistent', 'a save of an e-mail game holds its player’s signing key'));
    }
    email = { gameId: f.email.gameId, publicKeys: f.email.publicKeys, signingKey: priv.signingKey };
  }
  return ok({
    ...s,
    ...(priv?.sent !== undefined ? { sent: priv.sent } : {}),
    ...(priv?.received !== undefined ? { received: priv.received } : {}),
    ...(priv?.released ? { released: true } : {}),
    ...(email ? { email } : {}),
  });
}

/**
 * A session from a game file a player imports: a save as `sessionFromFile`; an e-mail export as the other seat,
 * with a signing key pair made here for that seat (its public key goes into this player's own exports). `peer`
 * is the exporter's key fingerprint, for the importer to compare with the exporter out of band.
 */
export async function importSession(
  f: GameFile,
): Promise<Result<{ session: TactorusSession; peer?: { player: Player; fingerprint: string } }, InputError>> {
  const made = sessionFromFile(f);
  if (!made.ok) return made;
  if (!f.email || f.private) return ok({ session: made.value });
  const session = made.value;
  const keys = await generateSigningKeys();
  if (!keys.ok) return keys;
  const publicKeys: [string | undefined, string | undefined] = [...f.email.publicKeys];
  publicKeys[session.seat] = keys.value.publicKey;
  const email: EmailIdentity = { gameId: f.email.gameId, publicKeys, signingKey: keys.value.privateKey };
  const exporter = f.player;
  const print = await fingerprint(f.email.publicKeys[exporter] ?? '');
  if (!print.ok) return print;
  return ok({ session: { ...session, email }, peer: { player: exporter, fingerprint: print.value } });
}

/**
 * An e-mail game's identity made now: a fresh random game id and a signing key pair for the local seat. For a new
 * game, and for a legacy e-mail game (no id) that is exported again to go on with signed memos.
 */
export async function withNewEmailIdentity(session: TactorusSession): Promise<Result<TactorusSession, InputError>> {
  if (session.settings.mode !== 'e-mail') {
    return err(inputError('email/not-email', 'only a game made for e-mail play has a game id and signing keys'));
  }
  if (session.email) return ok(session);
  const gameId = newGameId();
  if (!gameId.ok) return gameId;
  const keys = await generateSigningKeys();
  if (!keys.ok) return keys;
  const publicKeys: [string | undefined, string | undefined] = [undefined, undefined];
  publicKeys[session.seat] = keys.value.publicKey;
  // Memos of a round begun before the game had an id were unsigned: they are dropped.
  return ok({
    ...clearRound(session),
    email: { gameId: gameId.value, publicKeys, signingKey: keys.value.privateKey },
  });
}

/** The fingerprint of a player's public key in this game, for people to compare out of band. */
export async function keyFingerprint(
  session: TactorusSession,
  player: Player,
): Promise<Result<string | undefined, InputError>> {
  const key = session.email?.publicKeys[player];
  return key === undefined ? ok(undefined) : fingerprint(key);
}

/**
 * The key exchange's second half: the other player's export of this game (same id) brings their public key. It
 * must hold this player's own key unchanged (else it is not an export of this game as the other player knows it),
 * and a key already known for them cannot change. Returns the session and the new key's fingerprint.
 */
export async function addPeerKey(
  session: TactorusSession,
  f: GameFile,
): Promise<Result<{ session: TactorusSession; fingerprint: string }, InputError>> {
  const own = session.email;
  if (!own) return err(inputError('email/unsigned-game', 'this game has no game id: export it first (export-game)'));
  if (!f.email || f.email.gameId !== own.gameId) {
    return err(inputError('email/wrong-game', 'that export is of another game (its game id differs)'));
  }
  const other = opponent(session.seat);
  if (f.player !== other) {
    return err(
      inputError('email/wrong-player', `that export was written by Player ${f.player + 1}, not the other player`),
    );
  }
  if (f.email.publicKeys[session.seat] !== own.publicKeys[session.seat]) {
    return err(
      inputError(
        'email/key-mismatch',
        'that export holds another key for you than yours: it was not made from your export',
      ),
    );
  }
  const theirs = f.email.publicKeys[other];
  if (theirs === undefined) return err(inputError('email/no-peer-key', 'that export holds no key of its player'));
  const known = own.publicKeys[other];
  if (known !== undefined && known !== theirs) {
    return err(
      inputError(
        'email/peer-key-changed',
        `Player ${other + 1}'s signing key is already known and that export holds another one: refused`,
      ),
    );
  }
  const print = await fingerprint(theirs);
  if (!print.ok) return print;
  const publicKeys: [string | undefined, string | undefined] = [...own.publicKeys];
  publicKeys[other] = theirs;
  return ok({ session: { ...session, email: { ...own, publicKeys } }, fingerprint: print.value });
}

/** The computer's level in a game against it (its seat in the core session), else undefined. */
export function computerLevel(session: TactorusSession): number | undefined {
  const seat = session.core.seats.find((s) => s.kind === 'computer');
  return seat?.kind === 'computer' ? Number(seat.level) : undefined;
}

/** The computer plays at `level` from now on (also once the game is over: it is a setting, not a move). */
export function setComputerLevel(session: TactorusSession, level: number): Result<TactorusSession, InputError> {
  const seat = session.core.seats.findIndex((s) => s.kind === 'computer');
  if (seat !== 0 && seat !== 1) return err(inputError('computer/none', 'no computer plays in this game'));
  const next = session.core.setLevel(seat, String(level), commandOptions(session.core));
  return next.ok ? ok(withCore(session, next.value)) : next;
}

/** The settings a `++Tactorus` file states: the name and mode, and the computer's level from the core session. */
export function gameSettings(session: TactorusSession): GameSettings {
  const level = computerLevel(session);
  const { name, mode } = session.settings;
  return level === undefined ? { name, mode } : { name, mode, level };
}

/** What `player` sees (default: the local player): the core session's view, never the other side's orders. */
export function localView(session: TactorusSession, player: Player = session.seat): TactorusObservation {
  return must(session.core.viewFor(player)).observation;
}

/** The save text of the local player (their own orders and memos, never the other side's orders). */
export async function saveSession(session: TactorusSession): Promise<Result<string, InputError>> {
  const record = recordOf(session.core);
  if (!record.ok) return record;
  const memos = {
    ...(session.sent !== undefined ? { sent: session.sent } : {}),
    ...(session.received !== undefined ? { received: session.received } : {}),
  };
  return saveGame(
    localView(session),
    record.value,
    gameSettings(session),
    { ...memos, ...(session.released ? { released: true } : {}) },
    session.email,
  );
}

/** The game's id and public keys as an export states them (never the private key). */
function trustOf(session: TactorusSession): MemoTrust | undefined {
  return session.email ? { gameId: session.email.gameId, publicKeys: session.email.publicKeys } : undefined;
}

/** The game export to send (no orders of anyone). */
export async function exportSession(session: TactorusSession): Promise<Result<string, InputError>> {
  const record = recordOf(session.core);
  if (!record.ok) return record;
  return exportGame(
    publicView(localView(session)),
    record.value,
    gameSettings(session),
    session.seat,
    trustOf(session),
  );
}

/** Why this program may not act for `player` in its mode: by e-mail and against the computer, only for its own seat. */
function notYours(session: TactorusSession, player: Player): InputError | undefined {
  const { mode } = session.settings;
  if (mode === 'hot-seat' || player === session.seat) return undefined;
  return mode === 'e-mail'
    ? inputError('email/not-your-seat', `in e-mail play you schedule Player ${session.seat + 1}'s orders only`)
    : inputError(
        'computer/not-your-seat',
        `the computer plays Player ${player + 1}; you play Player ${session.seat + 1}`,
      );
}

function sealed(): InputError {
  return inputError('email/sealed', 'your orders for this round are sealed and sent; they cannot change');
}

/** A session after a change of the core session. When a round was played, its report; the round's memos are done. */
function afterCore(
  session: TactorusSession,
  next: Result<TactorusCore, InputError>,
): Result<{ session: TactorusSession; report?: RoundReport }, InputError> {
  if (!next.ok) return next;
  if (next.value.round === session.core.round) return ok({ session: withCore(session, next.value) });
  const played = lastRound(next.value);
  const after = clearRound(withCore(session, next.value));
  return ok(played ? { session: after, report: played.report } : { session: after });
}

/**
 * Submits a scheduling move to the core session at this end (hot-seat: either player's; e-mail and against the
 * computer: the local player's own). When it ends a round, the round's report comes with it.
 */
export function playLocal(
  session: TactorusSession,
  m: TactorusMove,
): Result<{ session: TactorusSession; report?: RoundReport }, InputError> {
  const refused = notYours(session, m.player);
  if (refused) return err(refused);
  if (session.sent !== undefined) return err(sealed());
  // As text, so a refused move gets the game's own reason (occupied, no piece, allowance…).
  return afterCore(session, session.core.submit(m.player, formatMoveText(m), commandOptions(session.core)));
}

/** The computer's orders for this round, submitted for the computer seat still to give them. */
export function playComputer(
  session: TactorusSession,
  orders: readonly Order[],
): Result<{ session: TactorusSession; report?: RoundReport }, InputError> {
  const pending = session.core.pendingComputer(NO_CLOCK)[0];
  if (!pending) return err(inputError('computer/not-pending', 'no computer seat is waiting to give its orders'));
  const moves = [...orders.map(formatOrder), 'done'];
  return afterCore(session, session.core.submit(pending.player, moves, commandOptions(session.core)));
}

function clearRound(session: TactorusSession): TactorusSession {
  const { sent: _sent, received: _received, released: _released, ...rest } = session;
  return rest;
}

/** A change of the game outside the rounds, as the core session's command: it clears every order and memo. */
function command(session: TactorusSession, text: string): Result<TactorusSession, InputError> {
  if (session.sent !== undefined) return err(sealed());
  const next = session.core.command(text, commandOptions(session.core));
  return next.ok ? ok(clearRound(withCore(session, next.value))) : next;
}

/** Customizes the board (flags stay; clears every scheduled order and any memo of this round). */
export function customizeSession(session: TactorusSession, board: string): Result<TactorusSession, InputError> {
  const rows = board.includes('/') ? parseBoard(board) : ok(board);
  if (!rows.ok) return rows;
  if (rows.value.length !== session.core.roundStart.board.length) {
    return err(inputError('customize/bad-board', 'a board is 100 squares', { input: board.slice(0, 120) }));
  }
  return command(session, formatCommand({ type: 'customize', board: rows.value }));
}

/** Changes the rule alterations mid-game (clears scheduled orders and memos of this round); the same rules: no change. */
export function changeSessionRules(session: TactorusSession, rules: Rules): Result<TactorusSession, InputError> {
  if (!session.core.outcome && sameRules(session.core.roundStart.rules, rules)) return ok(session);
  return command(session, formatCommand({ type: 'rules', rules }));
}

/**
 * Changes how the game is played here mid-game (manual, 3.5.X: "the rules and mode of play"); memos of this round
 * are dropped. **(ours)** Going to e-mail play or against the computer, the other seat's orders of this round are
 * withdrawn: the other player schedules at their own end, the computer plans its own. Leaving e-mail play, sealed
 * orders become ordinary scheduled orders again, and the game's id and signing keys are dropped. Going to e-mail
 * play, the game has no id until it is exported (`withNewEmailIdentity`).
 */
export function changeSessionMode(
  session: TactorusSession,
  mode: Mode,
  level?: number,
): Result<TactorusSession, InputError> {
  if (session.core.outcome) return err(inputError('session/game-over', 'the game is over'));
  const current = computerLevel(session);
  if (mode === session.settings.mode && (mode !== 'computer' || level === undefined || level === current)) {
    return ok(session);
  }
  const seat = session.seat;
  let core = session.core;
  const other = opponent(seat);
  if (mode !== 'hot-seat' && core.state.pending[other].length > 0)
    core = must(core.withdraw(other, commandOptions(core)));
  if (session.settings.mode === 'e-mail' && mode !== 'e-mail' && core.submitted(seat)) {
    const own = localView(withCore(session, core)).orders.map(formatOrder);
    core = must(core.withdraw(seat, commandOptions(core)));
    if (own.length) core = must(core.submit(seat, own, commandOptions(core)));
  }
  core = must(core.setSeats(seatsFor(mode, seat, level ?? current), commandOptions(core)));
  const next: TactorusSession = {
    ...clearRound(withCore(session, core)),
    settings: { name: session.settings.name, mode },
  };
  if (mode === 'e-mail') return ok(next);
  // Only an e-mail game has an id and signing keys; going back to e-mail play later makes new ones.
  const { email: _email, ...rest } = next;
  return ok(rest);
}

/** `player` resigns (at one screen either player; otherwise the local player only). */
export function resignSession(session: TactorusSession, player: Player): Result<TactorusSession, InputError> {
  const refused = notYours(session, player);
  if (refused) return err(refused);
  const next = session.core.resign(player, commandOptions(session.core));
  return next.ok ? ok(clearRound(withCore(session, next.value))) : next;
}

/**
 * Takes back the last round carried out (or the result: a resignation, an agreed draw), as the browser's Take back
 * does; the round in progress is dropped, orders and all. Not by e-mail **(ours)**: a round there was sealed and
 * exchanged with the other player, who cannot be made to forget it.
 */
export function takebackSession(session: TactorusSession): Result<TactorusSession, InputError> {
  if (session.settings.mode === 'e-mail') {
    return err(inputError('email/no-takeback', 'a round played by e-mail cannot be taken back: both players have it'));
  }
  if (session.sent !== undefined) return err(sealed());
  const next = session.core.takeback(commandOptions(session.core));
  return next.ok ? ok(clearRound(withCore(session, next.value))) : next;
}

/**
 * A draw agreed: `offeredBy` (default: the local player) offers, and the other player's acceptance is recorded.
 * At one screen the other player answers at the keyboard; **(ours)** by e-mail their consent arrives by mail, as
 * their orders do, and the program asks whether it did. The computer declines every offer.
 */
export function drawSession(
  session: TactorusSession,
  offeredBy: Player = session.seat,
): Result<TactorusSession, InputError> {
  if (session.settings.mode === 'computer') {
    return err(inputError('computer/declines-draw', 'the computer declines draw offers'));
  }
  const refused = notYours(session, offeredBy);
  if (refused) return err(refused);
  const offered = session.core.offerDraw(offeredBy, commandOptions(session.core));
  if (!offered.ok) return offered;
  const agreed = offered.value.answerDraw(opponent(offeredBy), true, commandOptions(offered.value));
  return agreed.ok ? ok(clearRound(withCore(session, agreed.value))) : agreed;
}

function requireEmail(session: TactorusSession): InputError | undefined {
  if (session.settings.mode !== 'e-mail') {
    return inputError('email/not-email', 'only a game made for e-mail play exchanges orders (see export-game)');
  }
  if (session.core.outcome) return inputError('email/game-over', 'the game is over');
  if (!session.email) {
    return inputError(
      'email/unsigned-game',
      'this e-mail game was made before memos were signed, so its memos cannot be told from forgeries: export it ' +
        'again (export-game gives it a game id and your signing key) and have the other player import that export',
    );
  }
  return undefined;
}

/** The identity of a session `requireEmail` passed. */
function identity(session: TactorusSession): EmailIdentity {
  if (!session.email) throw new Error('tactorus session: an e-mail command without a game id');
  return session.email;
}

/**
 * Step 1: fixes the local player's orders (Next, submitted to the core session) and seals them. Returns the memo to
 * send (without key). Asking again in the same round returns the same memo, so what was sent cannot be replaced.
 */
export async function sealOrders(
  session: TactorusSession,
): Promise<Result<{ session: TactorusSession; memo: string }, InputError>> {
  const problem = requireEmail(session);
  if (problem) return err(problem);
  if (session.sent !== undefined) {
    const again = await parseOrdersMemo(session.sent);
    if (!again.ok) return again;
    return ok({ session, memo: again.value.withoutKey });
  }
  const { core, seat } = session;
  const done = core.submitted(seat) ? ok(core) : core.submit(seat, 'done', commandOptions(core));
  if (!done.ok) return done;
  const next = withCore(session, done.value);
  const memo = await exportOrders(localView(next), session.settings.name, identity(session));
  if (!memo.ok) return memo;
  return ok({ session: { ...next, sent: memo.value.withKey }, memo: memo.value.withoutKey });
}

/**
 * Steps 2 and 4: takes the other player's memo. Without a key (in the memo or given) it is checked and kept
 * until the key arrives; with a key it is opened and the round resolves, which requires the local orders to be
 * sealed first.
 *
 * The local player's own memo is taken too (manual, "Importing scheduled Tactorus moves": "You can import your own
 * moves, your opponent's moves, …"): opened with its key, its orders replace the ones scheduled (`own: 'replaced'`);
 * once the round's orders are sealed only the very memo sealed is taken, and changes nothing (`own: 'sealed'`).
 */
export async function receiveOrders(
  session: TactorusSession,
  memoText: string,
  keyHex?: string,
): Promise<Result<{ session: TactorusSession; report?: RoundReport; own?: 'replaced' | 'sealed' }, InputError>> {
  const problem = requireEmail(session);
  if (problem) return err(problem);
  const memo = await parseOrdersMemo(memoText);
  if (!memo.ok) return memo;
  if (memo.value.player === session.seat) return receiveOwnOrders(session, memo.value, keyHex);
  const other = opponent(session.seat);
  if (memo.value.player !== other) {
    return err(
      inputError(
        'tacmoves/wrong-player',
        `these are Player ${memo.value.player + 1}'s orders, not Player ${other + 1}'s`,
      ),
    );
  }
  const signed = await checkMemoSigned(memo.value, identity(session));
  if (!signed.ok) return signed;
  const fits = await checkMemoFits(memo.value, session.core.roundStart, other);
  if (!fits.ok) return fits;
  if (session.received !== undefined) {
    const kept = await parseOrdersMemo(session.received);
    if (kept.ok && kept.value.withoutKey !== memo.value.withoutKey) {
      return err(
        inputError(
          'email/different-memo',
          `a different memo of Player ${other + 1} for this round was received before`,
        ),
      );
    }
  }
  const withReceived: TactorusSession = { ...session, received: memo.value.withoutKey };
  if (keyHex !== undefined) return receiveKey(withReceived, keyHex);
  // A key in the memo itself needs no signature: only the key whose SHA-256 is the signed commitment opens it.
  if (memo.value.key === undefined) return ok({ session: withReceived });
  return openReceived(withReceived, memo.value.key);
}

/** The local player's own memo (see `receiveOrders`). */
async function receiveOwnOrders(
  session: TactorusSession,
  memo: SealedOrders,
  keyHex: string | undefined,
): Promise<Result<{ session: TactorusSession; own: 'replaced' | 'sealed' }, InputError>> {
  const { core, seat } = session;
  // (ours) Signed by this player's own key: nobody else's memo can replace the orders scheduled here.
  const signed = await checkMemoSigned(memo, identity(session));
  if (!signed.ok) return signed;
  const fits = await checkMemoFits(memo, core.roundStart, seat);
  if (!fits.ok) return fits;
  if (session.sent !== undefined) {
    const mine = await parseOrdersMemo(session.sent);
    if (mine.ok && mine.value.withoutKey === memo.withoutKey) return ok({ session, own: 'sealed' });
    return err(
      inputError(
        'email/sealed',
        'your orders for this round are sealed and sent: a different memo cannot replace them',
      ),
    );
  }
  if (!(keyHex ?? memo.key)?.trim()) {
    return err(inputError('tacmoves/no-key', 'your own memo is opened with its key: add the key your export gave'));
  }
  const orders = await openOrders(memo, keyHex, core.roundStart);
  if (!orders.ok) return orders;
  // The memo's orders replace the scheduled ones (a withdrawal first when there are any).
  const cleared = core.state.pending[seat].length > 0 ? core.withdraw(seat, commandOptions(core)) : ok(core);
  if (!cleared.ok) return cleared;
  const moves = orders.value.map(formatOrder);
  const next = moves.length ? cleared.value.submit(seat, moves, commandOptions(cleared.value)) : cleared;
  if (!next.ok) return err(inputError('email/bad-own-orders', `your memo's orders: ${next.error.message}`));
  return ok({ session: withCore(session, next.value), own: 'replaced' });
}

/**
 * Step 4 with the key release alone, for a memo received earlier: the release (a signed `++TacKey` text) must be
 * the other player's, for this game and for the memo held; their orders are then opened and submitted for them to
 * the core session, which plays the round. A bare key is refused (`tackey/unsigned`).
 */
export async function receiveKey(
  session: TactorusSession,
  releaseText: string,
): Promise<Result<{ session: TactorusSession; report?: RoundReport }, InputError>> {
  const problem = requireEmail(session);
  if (problem) return err(problem);
  if (session.received === undefined) {
    return err(inputError('email/no-memo', "the other player's orders have not been received yet"));
  }
  const memo = await parseOrdersMemo(session.received);
  if (!memo.ok) return memo;
  if (/^\s*[0-9a-fA-F]{64}\s*$/.test(releaseText)) {
    return err(
      inputError(
        'tackey/unsigned',
        'a bare key is not signed: ask for the other player’s ++TacKey key release (tactica tactorus key prints it)',
      ),
    );
  }
  const release = parseKeyRelease(releaseText);
  if (!release.ok) return release;
  const key = await openKeyRelease(release.value, memo.value, identity(session));
  if (!key.ok) return key;
  return openReceived(session, key.value);
}

/** Opens the memo held with its key and plays the round (the local orders must be sealed first). */
async function openReceived(
  session: TactorusSession,
  keyHex: string,
): Promise<Result<{ session: TactorusSession; report?: RoundReport }, InputError>> {
  if (session.sent === undefined) {
    return err(inputError('email/export-first', 'seal and send your own orders (export-orders) before opening theirs'));
  }
  const memo = await parseOrdersMemo(session.received ?? '');
  if (!memo.ok) return memo;
  const { core } = session;
  const theirs = await openOrders(memo.value, keyHex, core.roundStart);
  if (!theirs.ok) return theirs;
  const moves = [...theirs.value.map(formatOrder), 'done'];
  return afterCore(session, core.submit(memo.value.player, moves, commandOptions(core)));
}

/**
 * Step 3: the local key as a signed `++TacKey` release, once both sealed memos are held. The session records that
 * it was given (keep it): the other player's memo of this round can then no longer be dropped.
 */
export async function revealKey(
  session: TactorusSession,
): Promise<Result<{ session: TactorusSession; release: string }, InputError>> {
  const problem = requireEmail(session);
  if (problem) return err(problem);
  if (session.sent === undefined) {
    return err(inputError('email/export-first', 'you have not sealed your orders for this round yet (export-orders)'));
  }
  if (session.received === undefined) {
    return err(
      inputError(
        'email/wait',
        "the key is given only after the other player's sealed orders have arrived (import-orders without a key)",
      ),
    );
  }
  const mine = await parseOrdersMemo(session.sent);
  if (!mine.ok) return mine;
  if (mine.value.key === undefined) return err(inputError('email/no-key', 'the sealed memo has lost its key'));
  const release = await makeKeyRelease(mine.value, identity(session));
  if (!release.ok) return release;
  return ok({ session: { ...session, released: true }, release: release.value });
}

/**
 * Drops the other player's memo of this round that is stuck (a wrong or damaged memo, or one they replaced
 * before seeing anything), so that another can be received. Refused once the local key was given out: the other
 * player may have read these orders, and must not then change theirs (`email/key-released`).
 */
export function dropReceived(session: TactorusSession): Result<TactorusSession, InputError> {
  if (session.settings.mode !== 'e-mail') {
    return err(inputError('email/not-email', 'only a game made for e-mail play receives memos'));
  }
  if (session.received === undefined) {
    return err(inputError('email/no-memo', 'no memo of the other player is held for this round'));
  }
  if (session.released) {
    return err(
      inputError(
        'email/key-released',
        'your key of this round was given out against this memo: the other player may have read your orders, so ' +
          'their memo cannot be changed now',
      ),
    );
  }
  const { received: _received, ...rest } = session;
  return ok(rest);
}

/** The format of `sessionSnapshot`. */
export const SESSION_SNAPSHOT_FORMAT = 'tactorus-session';

/**
 * Everything a program at this end holds of a game, secrets included: the core session's snapshot (both players'
 * pending orders, as a hot-seat screen has them), the settings, the local seat and this round's memos (the local
 * key). It is what a program keeps on its own machine to resume a game exactly as it was left (manual, "Done: Exit
 * the Tactorus Application and ensure play resumes as it was left"); it is never sent to anyone.
 */
export function sessionSnapshot(session: TactorusSession): Readonly<Record<string, unknown>> {
  return {
    format: SESSION_SNAPSHOT_FORMAT,
    formatVersion: 1,
    settings: { name: session.settings.name, mode: session.settings.mode },
    seat: session.seat,
    core: session.core.toJSON(),
    ...(session.sent !== undefined ? { sent: session.sent } : {}),
    ...(session.received !== undefined ? { received: session.received } : {}),
    ...(session.released ? { released: true } : {}),
    ...(session.email
      ? {
          email: {
            gameId: session.email.gameId,
            publicKeys: session.email.publicKeys.map((k) => k ?? null),
            signingKey: session.email.signingKey,
          },
        }
      : {}),
  };
}

/** An e-mail identity as `sessionSnapshot` writes it, checked field by field. */
function restoreIdentity(v: unknown, seat: Player): Result<EmailIdentity, InputError> {
  const bad = (field: string, why: string): Result<never, InputError> =>
    err(inputError('snapshot/bad-field', `email.${field}: ${why}`, { input: `email.${field}` }));
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return bad('(top)', 'not an object');
  const { gameId, publicKeys, signingKey } = v as Record<string, unknown>;
  if (typeof gameId !== 'string' || !GAME_ID.test(gameId)) return bad('gameId', 'not a game id (32 hex digits)');
  if (typeof signingKey !== 'string' || !PRIVATE_KEY.test(signingKey)) return bad('signingKey', 'not a key in hex');
  if (!Array.isArray(publicKeys) || publicKeys.length !== 2) return bad('publicKeys', 'not two keys');
  const keys: (string | undefined)[] = [];
  for (const k of publicKeys as unknown[]) {
    if (k !== null && (typeof k !== 'string' || !PUBLIC_KEY.test(k))) return bad('publicKeys', 'not a public key');
    keys.push(k ?? undefined);
  }
  if (keys[seat] === undefined) return bad('publicKeys', "the local player's own key is missing");
  return ok({ gameId, publicKeys: [keys[0], keys[1]], signingKey });
}

/** Reads `sessionSnapshot`'s object back, checking every field; errors are `snapshot/…` and name the field. */
export function restoreSessionSnapshot(v: unknown): Result<TactorusSession, InputError> {
  const bad = (field: string, why: string): Result<never, InputError> =>
    err(inputError('snapshot/bad-field', `${field}: ${why}`, { input: field }));
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return bad('(top)', 'not an object');
  const o = v as Record<string, unknown>;
  if (o['format'] !== SESSION_SNAPSHOT_FORMAT) return bad('format', `not "${SESSION_SNAPSHOT_FORMAT}"`);
  if (o['formatVersion'] !== 1) return bad('formatVersion', 'not 1');
  const settings = o['settings'];
  if (typeof settings !== 'object' || settings === null) return bad('settings', 'not an object');
  const { name, mode } = settings as Record<string, unknown>;
  if (typeof name !== 'string' || name.length > 10_000 || /[\r\n]/.test(name)) {
    return bad('settings.name', 'not one line of text');
  }
  if (typeof mode !== 'string' || !(MODES as readonly string[]).includes(mode)) {
    return bad('settings.mode', `not one of ${MODES.join(', ')}`);
  }
  const seat = o['seat'];
  if (seat !== 0 && seat !== 1) return bad('seat', 'not 0 or 1');
  for (const memo of ['sent', 'received'] as const) {
    if (o[memo] !== undefined && (typeof o[memo] !== 'string' || mode !== 'e-mail')) {
      return bad(memo, 'a memo is text, and only an e-mail game has one');
    }
  }
  if (o['released'] !== undefined && (o['released'] !== true || o['sent'] === undefined)) {
    return bad('released', 'only true, and only with a memo sent');
  }
  let email: EmailIdentity | undefined;
  if (o['email'] !== undefined) {
    if (mode !== 'e-mail') return bad('email', 'only an e-mail game has a game id and keys');
    const id = restoreIdentity(o['email'], seat);
    if (!id.ok) return id;
    email = id.value;
  }
  const core = restoreSimultaneousSession(tactorus, o['core']);
  if (!core.ok) return err(inputError(core.error.code, `core: ${core.error.message}`, { input: 'core' }));
  const computers = core.value.seats.filter((x) => x.kind === 'computer').length;
  if (computers !== (mode === 'computer' ? 1 : 0) || (mode === 'computer' && core.value.seats[seat].kind !== 'human')) {
    return bad(
      'core.seats',
      `the seats do not fit a game played ${mode === 'computer' ? 'against the computer' : mode}`,
    );
  }
  return ok({
    settings: { name, mode: mode as Mode },
    seat,
    core: core.value,
    ...(typeof o['sent'] === 'string' ? { sent: o['sent'] } : {}),
    ...(typeof o['received'] === 'string' ? { received: o['received'] } : {}),
    ...(o['released'] === true ? { released: true } : {}),
    ...(email ? { email } : {}),
  });
}
