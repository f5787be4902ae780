/**
 * What a command does to a game, as a pure function: the new session and meta, or a coded refusal. No database,
 * no clock of its own (`now` is given), so the same command on the same game always gives the same result —
 * which is what lets two instances race and exactly one win.
 */
import {
  opponent,
  type InputError,
  type Player,
  type Result,
  type Session,
  type SimultaneousSession,
} from '@tactica/core';
import {
  byKind,
  commonCommand,
  forfeitIn,
  playTurn,
  sequentialPlay,
  turnKey,
  type RestoredGame,
  type RoundPlay,
  type SequentialPlay,
  type StatusBase,
} from '@tactica/catalogue';
import { DomainError, fromInputError } from '../errors.js';
import type { MoveInputText } from '../protocol/index.js';
import type { GameMeta, LiveGame } from './live-game.js';

/** What a player asks of a game. */
export type GameCommand =
  | { readonly kind: 'move'; readonly move: MoveInputText }
  | { readonly kind: 'orders'; readonly moves: readonly MoveInputText[] }
  | { readonly kind: 'withdraw' }
  | { readonly kind: 'resign' }
  | { readonly kind: 'offer-draw' }
  | { readonly kind: 'answer-draw'; readonly accept: boolean }
  | { readonly kind: 'request-takeback' }
  | { readonly kind: 'answer-takeback'; readonly accept: boolean };

export interface Transition {
  readonly restored: RestoredGame;
  readonly meta: GameMeta;
  /** A change only this seat may know of (their orders before `done`): see `GameMeta.hidden`. */
  readonly privateTo?: Player;
}

type Seq = Session<unknown, unknown, StatusBase>;
type Sim = SimultaneousSession<unknown, unknown, StatusBase>;

function check<T>(r: Result<T, InputError>, field?: string): T {
  if (!r.ok) {
    throw fromInputError(r.error, field);
  }
  return r.value;
}

function isComputer(game: LiveGame, p: Player): boolean {
  return game.levels[p] !== null;
}

/** Keeps the turn's start time when the same player is still to act, else starts a new turn now. */
function nextMeta(before: LiveGame, after: RestoredGame, now: number, changes: Partial<GameMeta> = {}): GameMeta {
  const sameTurn = turnKey(before.restored) === turnKey(after);
  const { takeback: _t, nagged: _n, away: _a, privateTo: _p, ...rest } = before.meta;
  const meta: GameMeta = {
    ...rest,
    turnSince: sameTurn ? before.meta.turnSince : now,
    ...(sameTurn && before.meta.nagged !== undefined ? { nagged: before.meta.nagged } : {}),
    ...(sameTurn && before.meta.away !== undefined ? { away: before.meta.away } : {}),
    ...changes,
  };
  return meta;
}

/** The commands both kinds of game take alike. */
type CommonCommand = Extract<GameCommand, { readonly kind: 'resign' | 'offer-draw' | 'answer-draw' }>;
/** The commands each kind of game takes its own way (or refuses). */
type KindCommand = Exclude<GameCommand, CommonCommand>;

function isCommon(cmd: GameCommand): cmd is CommonCommand {
  return cmd.kind === 'resign' || cmd.kind === 'offer-draw' || cmd.kind === 'answer-draw';
}

/** A resignation or a draw offered or answered, whatever the game's kind. */
function common(game: LiveGame, seat: Player, cmd: CommonCommand, now: number): Transition {
  let restored = game.restored;
  const at = (): { expectedVersion: number; now: number } => ({ expectedVersion: restored.session.version, now });
  switch (cmd.kind) {
    case 'resign':
      restored = check(commonCommand(restored, (s) => s.resign(seat, at())));
      break;
    case 'offer-draw':
      restored = check(commonCommand(restored, (s) => s.offerDraw(seat, at())));
      // The computer declines draws (as the terminal's computer does).
      if (isComputer(game, opponent(seat))) {
        restored = check(commonCommand(restored, (s) => s.answerDraw(opponent(seat), false, at())));
      }
      break;
    case 'answer-draw':
      restored = check(commonCommand(restored, (s) => s.answerDraw(seat, cmd.accept, at())));
      break;
  }
  return { restored, meta: nextMeta(game, restored, now) };
}

function sequential(game: LiveGame, r: SequentialPlay, seat: Player, cmd: KindCommand, now: number): Transition {
  const { setup } = r;
  let session: Seq = r.session;
  const at = (): { expectedVersion: number; now: number } => ({ expectedVersion: session.version, now });
  let meta: Partial<GameMeta> = {};
  switch (cmd.kind) {
    case 'move': {
      if (session.toMove !== seat) throw new DomainError('game/not-your-turn', 'it is not your turn', 'move');
      if (typeof cmd.move === 'string') session = check(session.playText(seat, cmd.move, at()), 'move');
      else {
        const move = check(setup.board.fromInput(session.position, cmd.move, seat), 'move');
        session = check(session.play(seat, move, at()), 'move');
      }
      break;
    }
    case 'request-takeback': {
      const other = opponent(seat);
      if (isComputer(game, other)) {
        session = takeBackTo(session, seat, now);
      } else {
        if (game.meta.takeback) {
          throw new DomainError('game/takeback-pending', 'a takeback is already asked for');
        }
        if (!session.takebackAllowed) {
          throw new DomainError('session/takeback-not-allowed', 'takeback is not allowed in this game');
        }
        if (session.history.cursor === 0 && !session.ending) {
          throw new DomainError('session/nothing-to-take-back', 'no move has been played');
        }
        meta = { takeback: { by: seat } };
      }
      break;
    }
    case 'answer-takeback': {
      const asked = game.meta.takeback;
      if (!asked || asked.by === seat) throw new DomainError('game/no-takeback', 'no takeback is asked of you');
      if (cmd.accept) session = takeBackTo(session, asked.by, now);
      break;
    }
    case 'orders':
    case 'withdraw':
      throw new DomainError('game/not-simultaneous', 'orders are for games of simultaneous rounds (Tactorus)');
  }
  const restored: RestoredGame = { ...r, session };
  const next = nextMeta(game, restored, now, meta);
  return { restored, meta: next };
}

/** Takes back until `player` is to move again (their own last move undone), the result first if there is one. */
function takeBackTo(session: Seq, player: Player, now: number): Seq {
  let s = check(session.takeback({ expectedVersion: session.version, now }));
  for (let k = 0; k < 2 && s.toMove !== player && s.history.cursor > 0; k++) {
    s = check(s.takeback({ expectedVersion: s.version, now }));
  }
  return s;
}

function simultaneous(game: LiveGame, r: RoundPlay, seat: Player, cmd: KindCommand, now: number): Transition {
  const { setup } = r;
  let session: Sim = r.session;
  const at = (): { expectedVersion: number; now: number } => ({ expectedVersion: session.version, now });
  switch (cmd.kind) {
    case 'orders': {
      // Board inputs are read on the player's own line, each after the ones before it.
      let s = session.ownPosition(seat);
      const moves: unknown[] = [];
      for (let i = 0; i < cmd.moves.length; i++) {
        const input = cmd.moves[i] as MoveInputText;
        const parsed =
          typeof input === 'string' ? session.game.parseMove(s, input, seat) : setup.board.fromInput(s, input, seat);
        const m = check(parsed, `moves.${i}`);
        moves.push(m);
        s = session.game.play(s, m);
      }
      session = check(session.submit(seat, moves, at()), 'moves');
      break;
    }
    case 'withdraw':
      session = check(session.withdraw(seat, at()));
      break;
    case 'move':
      throw new DomainError('game/simultaneous', 'this game is played in rounds: send orders', 'move');
    case 'request-takeback':
    case 'answer-takeback':
      throw new DomainError('game/no-round-takeback', 'rounds of simultaneous orders are not taken back on the server');
  }
  const restored: RestoredGame = { ...r, session };
  // Orders added or withdrawn before `done` are the player's draft: nothing anyone else sees has changed.
  const draft =
    (cmd.kind === 'orders' || cmd.kind === 'withdraw') &&
    !r.session.submitted(seat) &&
    !session.submitted(seat) &&
    session.round === r.session.round &&
    session.outcome === undefined;
  return { restored, meta: nextMeta(game, restored, now), ...(draft ? { privateTo: seat } : {}) };
}

/** Applies a player's command; throws an DomainError when it is refused. */
export function applyCommand(game: LiveGame, seat: Player, cmd: GameCommand, now: number): Transition {
  if (game.finished && cmd.kind !== 'request-takeback' && cmd.kind !== 'answer-takeback') {
    throw new DomainError('game/over', 'the game is over');
  }
  if (isCommon(cmd)) return common(game, seat, cmd, now);
  return byKind(
    game.restored,
    (moves) => sequential(game, moves, seat, cmd, now),
    (rounds) => simultaneous(game, rounds, seat, cmd, now),
  );
}

/** The computer's move (or a round's orders) for `seat`. */
export function applyComputer(game: LiveGame, seat: Player, moves: readonly unknown[], now: number): Transition {
  const r = game.restored;
  const restored = check(playTurn(r, seat, moves, { expectedVersion: r.session.version, now }));
  return { restored, meta: nextMeta(game, restored, now) };
}

/** Live clocks: the timeouts due by `now`, applied; undefined when none was due. */
export function applyTimeouts(game: LiveGame, now: number): Transition | undefined {
  const r = sequentialPlay(game.restored);
  if (!r) return undefined;
  const ticked = r.session.tick(now);
  if (ticked.timeouts.length === 0) return undefined;
  const restored: RestoredGame = { ...r, session: ticked.session };
  return { restored, meta: nextMeta(game, restored, now) };
}

/** Correspondence: `player` forfeits (did not move in time): a loss on time, Tactorus too (issue 40). */
export function applyForfeit(game: LiveGame, player: Player, now: number): Transition {
  const r = game.restored;
  const at = { expectedVersion: r.session.version, now };
  const restored = check(forfeitIn(r, player, at));
  return { restored, meta: nextMeta(game, restored, now) };
}
