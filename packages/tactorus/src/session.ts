/**
 * A game as one player's program holds it: the settings (name, who plays Player 2), the local seat, the record,
 * the state, and, in e-mail play, this round's memos. It keeps the record in step with the rounds played and
 * enforces the e-mail protocol on the local side:
 *
 * 1. `sealOrders`: the local player's orders are fixed (Next) and sealed into a `++TacMoves` memo to send;
 * 2. `receiveOrders`: the other player's sealed memo is checked (layout, checksum, round, player, rules,
 *    position) and kept;
 * 3. `revealKey`: the local key is given out only once both sealed memos exist;
 * 4. `receiveOrders` / `receiveKey` with the other player's key: their orders are opened, checked and the round
 *    resolves. A player can never see the other side's orders before their own are fixed.
 */
import { err, inputError, ok, opponent, type InputError, type Player, type Result } from '@tactica/core';
import { changeRules, customize } from './customize.js';
import {
  exportGame,
  importSeat,
  publicView,
  saveGame,
  stateOfFile,
  type GameFile,
  type GameSettings,
} from './game-file.js';
import { newGame, playMove, type TactorusSetup } from './game.js';
import { observe, type TactorusObservation } from './observation.js';
import { checkMemoFits, exportOrders, openOrders, parseOrdersMemo } from './orders-file.js';
import { appendEvent, playRoundChecked, startRecord, type TactorusRecord } from './record.js';
import type { RoundReport } from './resolve.js';
import { checkMove } from './schedule.js';
import type { Rules, TactorusMove, TactorusState } from './state.js';

export interface TactorusSession {
  readonly settings: GameSettings;
  /** The local player: the e-mail player at this end, or the player at the keyboard (hot-seat). */
  readonly seat: Player;
  readonly record: TactorusRecord;
  readonly state: TactorusState;
  /** E-mail: the local player's memo of this round, key included (kept private). */
  readonly sent?: string;
  /** E-mail: the other player's sealed memo of this round. */
  readonly received?: string;
}

export function newSession(settings: GameSettings, setup: TactorusSetup = {}, seat: Player = 0): TactorusSession {
  const state = newGame(setup);
  return { settings, seat, record: startRecord(state), state };
}

/** A session from a read game file: an export continues as the importing seat, a save as the saving player. */
export function sessionFromFile(f: GameFile): Result<TactorusSession, InputError> {
  const state = stateOfFile(f);
  if (!state.ok) return state;
  const s: TactorusSession = { settings: f.settings, seat: importSeat(f), record: f.record, state: state.value };
  const priv = f.private;
  if (!priv) return ok(s);
  return ok({
    ...s,
    ...(priv.sent !== undefined ? { sent: priv.sent } : {}),
    ...(priv.received !== undefined ? { received: priv.received } : {}),
  });
}

/** What the local player sees. */
export function localView(session: TactorusSession): TactorusObservation {
  return observe(session.state, session.seat);
}

/** The save text of the local player (their own orders and memos, never the other side's orders). */
export async function saveSession(session: TactorusSession): Promise<Result<string, InputError>> {
  const memos = {
    ...(session.sent !== undefined ? { sent: session.sent } : {}),
    ...(session.received !== undefined ? { received: session.received } : {}),
  };
  return saveGame(localView(session), session.record, session.settings, memos);
}

/** The game export to send (no orders of anyone). */
export async function exportSession(session: TactorusSession): Promise<Result<string, InputError>> {
  return exportGame(publicView(localView(session)), session.record, session.settings, session.seat);
}

/**
 * Plays a scheduling move at this end (hot-seat: either player's; e-mail: the local player's own). When it ends
 * a round, the round is added to the record and its report returned.
 */
export function playLocal(
  session: TactorusSession,
  m: TactorusMove,
): Result<{ session: TactorusSession; report?: RoundReport }, InputError> {
  if (session.settings.mode === 'e-mail' && m.player !== session.seat) {
    return err(
      inputError('email/not-your-seat', `in e-mail play you schedule Player ${session.seat + 1}'s orders only`),
    );
  }
  if (session.sent !== undefined) {
    return err(inputError('email/sealed', 'your orders for this round are sealed and sent; they cannot change'));
  }
  const problem = checkMove(session.state, m);
  if (problem) return err(problem);
  const s = session.state;
  if (m.type === 'done' && s.committed[opponent(m.player)]) {
    const played = playRoundChecked(s, s.orders);
    if (!played.ok) return played;
    const record = appendEvent(session.record, { type: 'round', round: s.round + 1, orders: s.orders });
    return ok({ session: { ...session, state: played.value.state, record }, report: played.value.report });
  }
  return ok({ session: { ...session, state: playMove(s, m) } });
}

function clearRound(session: TactorusSession): TactorusSession {
  const { sent: _sent, received: _received, ...rest } = session;
  return rest;
}

/** Customizes the board (clears every scheduled order and any memo of this round). */
export function customizeSession(session: TactorusSession, board: string): Result<TactorusSession, InputError> {
  const next = customize(session.state, board);
  if (!next.ok) return next;
  return ok({
    ...clearRound(session),
    state: next.value,
    record: appendEvent(session.record, { type: 'customize', board: next.value.board }),
  });
}

/** Changes the rule alterations mid-game (clears scheduled orders and memos of this round). */
export function changeSessionRules(session: TactorusSession, rules: Rules): Result<TactorusSession, InputError> {
  const next = changeRules(session.state, rules);
  if (!next.ok) return next;
  if (next.value === session.state) return ok(session);
  return ok({
    ...clearRound(session),
    state: next.value,
    record: appendEvent(session.record, { type: 'rules', rules }),
  });
}

/**
 * Changes who plays Player 2 mid-game (manual, 3.5.X: "the rules and mode of play"). Memos of this round are
 * dropped. Going to e-mail play, the state keeps only the local player's orders: the other player schedules at
 * their own end. Going back to one screen, sealed orders become ordinary scheduled orders again.
 */
export function changeSessionMode(
  session: TactorusSession,
  mode: GameSettings['mode'],
  level?: number,
): Result<TactorusSession, InputError> {
  if (session.state.ended) return err(inputError('game/over', 'the game is over'));
  if (mode === session.settings.mode && level === session.settings.level) return ok(session);
  const seat = session.seat;
  const s = session.state;
  let state = s;
  if (mode === 'e-mail') {
    state = {
      ...s,
      orders: seat === 0 ? [s.orders[0], []] : [[], s.orders[1]],
      committed: seat === 0 ? [s.committed[0], false] : [false, s.committed[1]],
    };
  } else if (session.settings.mode === 'e-mail') {
    state = { ...s, committed: [false, false] };
  }
  const settings: GameSettings =
    mode === 'computer' && level !== undefined
      ? { name: session.settings.name, mode, level }
      : { name: session.settings.name, mode };
  return ok({ ...clearRound(session), settings, state });
}

export function resignSession(session: TactorusSession, p: Player): Result<TactorusSession, InputError> {
  if (session.state.ended) return err(inputError('game/over', 'the game is already over'));
  const state: TactorusState = {
    ...session.state,
    orders: [[], []],
    committed: [false, false],
    ended: { kind: 'win', winner: opponent(p), reason: 'resigned' },
  };
  return ok({ ...clearRound(session), state, record: appendEvent(session.record, { type: 'resign', player: p }) });
}

export function drawSession(session: TactorusSession): Result<TactorusSession, InputError> {
  if (session.state.ended) return err(inputError('game/over', 'the game is already over'));
  const state: TactorusState = {
    ...session.state,
    orders: [[], []],
    committed: [false, false],
    ended: { kind: 'draw', reason: 'agreed' },
  };
  return ok({ ...clearRound(session), state, record: appendEvent(session.record, { type: 'draw' }) });
}

function requireEmail(session: TactorusSession): InputError | undefined {
  if (session.settings.mode !== 'e-mail') {
    return inputError('email/not-email', 'only a game made for e-mail play exchanges orders (see export-game)');
  }
  if (session.state.ended) return inputError('email/game-over', 'the game is over');
  return undefined;
}

/**
 * Step 1: fixes the local player's orders (Next) and seals them. Returns the memo to send (without key). Asking
 * again in the same round returns the same memo, so what was sent cannot be replaced.
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
  const seat = session.seat;
  const state = session.state.committed[seat] ? session.state : playMove(session.state, { type: 'done', player: seat });
  const sealed = await exportOrders(observe(state, seat), session.settings.name);
  if (!sealed.ok) return sealed;
  return ok({ session: { ...session, state, sent: sealed.value.withKey }, memo: sealed.value.withoutKey });
}

/**
 * Steps 2 and 4: takes the other player's memo. Without a key (in the memo or given) it is checked and kept
 * until the key arrives; with a key it is opened and the round resolves, which requires the local orders to be
 * sealed first.
 */
export async function receiveOrders(
  session: TactorusSession,
  memoText: string,
  keyHex?: string,
): Promise<Result<{ session: TactorusSession; report?: RoundReport }, InputError>> {
  const problem = requireEmail(session);
  if (problem) return err(problem);
  const memo = await parseOrdersMemo(memoText);
  if (!memo.ok) return memo;
  const other = opponent(session.seat);
  const fits = await checkMemoFits(memo.value, session.state, other);
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

/** Step 4 with the key alone, for a memo received earlier. */
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
  const theirs = await openOrders(memo.value, keyHex, session.state);
  if (!theirs.ok) return theirs;
  const seat = session.seat;
  const orders =
    seat === 0
      ? ([session.state.orders[0], theirs.value] as const)
      : ([theirs.value, session.state.orders[1]] as const);
  const played = playRoundChecked(session.state, orders);
  if (!played.ok) return played;
  const record = appendEvent(session.record, { type: 'round', round: session.state.round + 1, orders });
  return ok({ session: { ...clearRound(session), state: played.value.state, record }, report: played.value.report });
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
