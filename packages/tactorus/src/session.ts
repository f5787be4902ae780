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
 * 3. `revealKey`: the local key is given out only once both sealed memos exist;
 * 4. `receiveOrders` / `receiveKey` with the other player's key: their orders are opened, checked and submitted for
 *    them to the core session, which plays the round. A player can never see the other side's orders before their
 *    own are fixed.
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
import { checkMemoFits, exportOrders, openOrders, parseOrdersMemo, type SealedOrders } from './orders-file.js';
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
  return ok({
    ...s,
    ...(priv?.sent !== undefined ? { sent: priv.sent } : {}),
    ...(priv?.received !== undefined ? { received: priv.received } : {}),
  });
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
  return saveGame(localView(session), record.value, gameSettings(session), memos);
}

/** The game export to send (no orders of anyone). */
export async function exportSession(session: TactorusSession): Promise<Result<string, InputError>> {
  const record = recordOf(session.core);
  if (!record.ok) return record;
  return exportGame(publicView(localView(session)), record.value, gameSettings(session), session.seat);
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
  const { sent: _sent, received: _received, ...rest } = session;
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
 * orders become ordinary scheduled orders again.
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
  return ok({ ...clearRound(withCore(session, core)), settings: { name: session.settings.name, mode } });
}

/** `player` resigns (at one screen either player; otherwise the local player only). */
export function resignSession(session: TactorusSession, player: Player): Result<TactorusSession, InputError> {
  const refused = notYours(session, player);
  if (refused) return err(refused);
  const next = session.core.resign(player, commandOptions(session.core));
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
  return undefined;
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
  const memo = await exportOrders(localView(next), session.settings.name);
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
  const key = keyHex ?? memo.value.key;
  if (key === undefined) return ok({ session: withReceived });
  return receiveKey(withReceived, key);
}

/** The local player's own memo (see `receiveOrders`). */
async function receiveOwnOrders(
  session: TactorusSession,
  memo: SealedOrders,
  keyHex: string | undefined,
): Promise<Result<{ session: TactorusSession; own: 'replaced' | 'sealed' }, InputError>> {
  const { core, seat } = session;
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
 * Step 4 with the key alone, for a memo received earlier: the other player's orders are opened and submitted for
 * them to the core session, which plays the round.
 */
export async function receiveKey(
  session: TactorusSession,
  keyHex: string,
): Promise<Result<{ session: TactorusSession; report?: RoundReport }, InputError>> {
  const problem = requireEmail(session);
  if (problem) return err(problem);
  if (session.received === undefined) {
    return err(inputError('email/no-memo', "the other player's orders have not been received yet"));
  }
  if (session.sent === undefined) {
    return err(inputError('email/export-first', 'seal and send your own orders (export-orders) before opening theirs'));
  }
  const memo = await parseOrdersMemo(session.received);
  if (!memo.ok) return memo;
  const { core } = session;
  const theirs = await openOrders(memo.value, keyHex, core.roundStart);
  if (!theirs.ok) return theirs;
  const moves = [...theirs.value.map(formatOrder), 'done'];
  return afterCore(session, core.submit(memo.value.player, moves, commandOptions(core)));
}

/** Step 3: the local key, once both sealed memos are held. */
export async function revealKey(session: TactorusSession): Promise<Result<string, InputError>> {
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
  return ok(mine.value.key);
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
  };
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
  });
}
