/**
 * One side of a DXP match: the games a connection carries, refereed by our rules (International draughts), with our
 * moves from a `DxpMover` (an engine). The follower answers game requests (`tactica dxp --listen`, the way a DXP
 * GUI or engine plays us); the initiator asks for games (`tactica dxp --connect --initiator`, or the external-match
 * tool when it plays a DXP engine).
 *
 * How a game ends (as Scan and the DXP programs do it): the side to move when the game is over by the rules sends
 * `E` with its result (no move: it lost; a draw by our rules: draw); the other side confirms with `E`. A move the
 * rules refuse ends the game too: we say why in a chat line and send `E` with reason 0 (unknown), never playing on
 * from a position we do not believe in. The ply cap, when set, ends a game with reason 0 and counts it drawn.
 */
import { clockMoveTime } from '@tactica/ai';
import { describeError, type Player } from '@tactica/core';
import { draughtsGame, formatMove, playingOn, type DraughtsMove, type DraughtsState } from '@tactica/draughts';
import type { DxpConnection, DxpEvent } from './connection.js';
import {
  dxpColour,
  dxpMoveOf,
  formatDxpPosition,
  parseDxpPosition,
  playerOf,
  readDxpMove,
  DXP_START,
  type DxpMessage,
} from './messages.js';

/** Where our moves come from. */
export interface DxpMover {
  /**
   * Our move in `s` (it has a legal move), within `timeMs`; `targetMs` is what the move should take on average (the
   * clock's share, for the engine's time manager).
   */
  move(s: DraughtsState, timeMs: number, targetMs?: number): Promise<DraughtsMove>;
}

/** A game's result from our side, and why. */
export interface DxpGameResult {
  readonly result: 'win' | 'loss' | 'draw' | 'unknown';
  readonly reason: string;
  readonly ourColour: Player;
  readonly plies: number;
  readonly moves: readonly string[];
  readonly start: string;
}

export interface DxpSideOptions {
  /** Our name in `R` and `A` messages. */
  readonly name: string;
  /** Progress lines for people (stderr). */
  readonly log?: (line: string) => void;
  /** Ends a game at this many plies (reason 0, counted drawn); default none. */
  readonly maxPlies?: number;
}

const game = draughtsGame('international');

/** The end of a game as `E` writes it, from the sender's side: 1 I lose, 2 draw, 3 I win. */
function reasonOf(result: DxpGameResult['result']): '0' | '1' | '2' | '3' {
  return result === 'win' ? '3' : result === 'loss' ? '1' : result === 'draw' ? '2' : '0';
}

/** The result an `E` we received means for us. */
function theirEnd(reason: '0' | '1' | '2' | '3'): DxpGameResult['result'] {
  return reason === '1' ? 'win' : reason === '3' ? 'loss' : reason === '2' ? 'draw' : 'unknown';
}

interface GameSetup {
  readonly start: DraughtsState;
  readonly ourColour: Player;
  /** Our time for `moves` moves (ms), and how many moves (0: the whole game). */
  readonly timeMs: number;
  readonly moves: number;
}

/**
 * Plays one game on the connection. Resolves with the result and whether the other side wants no more games (its
 * `E` said stop, or the connection ended).
 */
async function playGame(
  c: DxpConnection,
  mover: DxpMover,
  setup: GameSetup,
  options: DxpSideOptions,
  lastGame: () => boolean,
): Promise<{ result: DxpGameResult; stop: boolean }> {
  const log = options.log ?? ((): void => undefined);
  let s = setup.start;
  const history: DraughtsState[] = [s];
  const moves: string[] = [];
  let leftMs = setup.timeMs;
  let ourMoves = 0;
  const finish = (result: DxpGameResult['result'], reason: string): DxpGameResult => ({
    result,
    reason,
    ourColour: setup.ourColour,
    plies: moves.length,
    moves,
    start: formatDxpPosition(setup.start),
  });
  const stopCode = (): '0' | '1' => (lastGame() ? '1' : '0');
  /** We end the game: `E` with our result; the other side's `E` confirms it (read and dropped). */
  const weEnd = async (
    result: DxpGameResult['result'],
    reason: string,
  ): Promise<{ result: DxpGameResult; stop: boolean }> => {
    c.send({ kind: 'E', reason: reasonOf(result), stop: stopCode() });
    const answer = await nextMessage(c, log, CONFIRM_MS);
    const stop = answer === undefined || (answer.kind === 'E' && answer.stop === '1') || lastGame();
    return { result: finish(result, reason), stop };
  };

  for (;;) {
    // The rules decide first, whoever is to move: no move loses, a repetition or the move counter draws (manual 2.4).
    const over = game.outcome(s);
    const ourTurn = s.position.turn === setup.ourColour;
    if (over) {
      const result = over.kind === 'draw' ? 'draw' : over.winner === setup.ourColour ? 'win' : 'loss';
      return weEnd(result, over.reason);
    }
    if (options.maxPlies !== undefined && moves.length >= options.maxPlies) {
      return weEnd('unknown', `ply cap ${options.maxPlies}`);
    }
    if (ourTurn) {
      const live = playingOn(s);
      const movesLeft = setup.moves > 0 ? setup.moves - (ourMoves % setup.moves) : 30;
      const started = Date.now();
      // The engine's time manager shares the clock: what is left over the moves to the control (or 30 more).
      const time = clockMoveTime({ remainingMs: leftMs, movesToGo: movesLeft });
      const m = await mover.move(live, time.timeMs, time.targetMs);
      const used = Date.now() - started;
      leftMs -= used;
      ourMoves++;
      if (setup.moves > 0 && ourMoves % setup.moves === 0) leftMs += setup.timeMs;
      c.send(dxpMoveOf(m, used / 1000));
      moves.push(formatMove(live.position, m, game.legalMoves(live)));
      s = game.play(live, m);
      history.push(s);
      continue;
    }
    const e = await c.next();
    if (e.kind === 'closed') return { result: finish('unknown', e.reason), stop: true };
    if (e.kind === 'bad') {
      log(`dxp: ${describeError(e.error)}`);
      c.send({ kind: 'C', text: `unreadable message: ${e.error.message}` });
      return weEnd('unknown', `unreadable message (${e.error.code})`);
    }
    const msg = e.message;
    switch (msg.kind) {
      case 'M': {
        const live = playingOn(s);
        const m = readDxpMove(game, live, msg);
        if (!m.ok) {
          log(`dxp: the other side's move ${describeError(m.error)}`);
          c.send({ kind: 'C', text: `your move ${m.error.message}` });
          return weEnd('unknown', `illegal move ${m.error.input ?? ''}`);
        }
        moves.push(formatMove(live.position, m.value, game.legalMoves(live)));
        s = game.play(live, m.value);
        history.push(s);
        break;
      }
      case 'E': {
        // The other side ends the game: we confirm (Scan answers with reason 0).
        c.send({ kind: 'E', reason: '0', stop: stopCode() });
        return { result: finish(theirEnd(msg.reason), `their game end (${msg.reason})`), stop: msg.stop === '1' };
      }
      case 'B': {
        // Back to the position before move `moveNumber` with `colour` to move (counting from the game's start).
        const ply = (msg.moveNumber - 1) * 2 + (playerOf(msg.colour) === setup.start.position.turn ? 0 : 1);
        if (ply < 0 || ply >= history.length) c.send({ kind: 'K', code: '1' });
        else {
          c.send({ kind: 'K', code: '0' });
          history.length = ply + 1;
          moves.length = ply;
          s = history[ply] as DraughtsState;
        }
        break;
      }
      case 'C':
        log(`dxp chat: ${msg.text}`);
        break;
      case 'R':
      case 'A':
      case 'K':
        log(`dxp: a ${msg.kind} message in the middle of a game is ignored`);
        break;
    }
  }
}

/** How long we wait for the other side to confirm a game end before going on without it. */
const CONFIRM_MS = 10_000;

/** The next message that is not a chat line (chats are logged), or undefined at the end (or after `timeoutMs`). */
async function nextMessage(
  c: DxpConnection,
  log: (line: string) => void,
  timeoutMs?: number,
): Promise<DxpMessage | undefined> {
  const deadline = timeoutMs === undefined ? Infinity : Date.now() + timeoutMs;
  for (;;) {
    const e: DxpEvent | undefined =
      deadline === Infinity ? await c.next() : await c.next(Math.max(0, deadline - Date.now()));
    if (e === undefined) return undefined;
    if (e.kind === 'closed') return undefined;
    if (e.kind === 'bad') {
      log(`dxp: ${describeError(e.error)}`);
      continue;
    }
    if (e.message.kind === 'C') {
      log(`dxp chat: ${e.message.text}`);
      continue;
    }
    return e.message;
  }
}

/**
 * The follower: answers game requests and plays the games asked for until the other side stops or goes away.
 * Resolves with the games' results.
 */
export async function runDxpFollower(
  c: DxpConnection,
  mover: DxpMover,
  options: DxpSideOptions,
): Promise<DxpGameResult[]> {
  const log = options.log ?? ((): void => undefined);
  const results: DxpGameResult[] = [];
  for (;;) {
    const msg = await nextMessage(c, log);
    if (!msg) break;
    if (msg.kind === 'E') {
      // A game end outside a game: confirm it; stop when told.
      if (msg.stop === '1') break;
      continue;
    }
    if (msg.kind !== 'R') {
      log(`dxp: a ${msg.kind} message outside a game is ignored`);
      continue;
    }
    if (msg.version !== 1) {
      c.send({ kind: 'A', follower: options.name, code: '1' });
      continue;
    }
    let start = game.initial();
    if (msg.position !== undefined) {
      const p = parseDxpPosition(msg.position, game);
      if (!p.ok) {
        c.send({ kind: 'A', follower: options.name, code: '2' });
        continue;
      }
      start = p.value;
    }
    if (game.outcome(start)) {
      c.send({ kind: 'A', follower: options.name, code: '2' });
      continue;
    }
    c.send({ kind: 'A', follower: options.name, code: '0' });
    log(
      `dxp: game ${results.length + 1} against ${msg.initiator || 'the initiator'}, we play ${msg.followerColour === 'W' ? 'White' : 'Black'}`,
    );
    const { result, stop } = await playGame(
      c,
      mover,
      { start, ourColour: playerOf(msg.followerColour), timeMs: msg.minutes * 60_000, moves: msg.moves },
      options,
      () => false,
    );
    results.push(result);
    log(`dxp: game ${results.length}: ${result.result} (${result.reason}) after ${result.plies} plies`);
    if (stop) break;
  }
  c.close();
  return results;
}

export interface DxpInitiatorOptions extends DxpSideOptions {
  readonly games: number;
  /** Thinking time per side in minutes for `moves` moves (DXP's fields). */
  readonly minutes: number;
  readonly moves: number;
  /** Start positions by game (DXP text; default the initial position); a game uses start `i % starts.length`. */
  readonly starts?: readonly string[];
  /** Our colour in game i (default: White in even games, Black in odd ones). */
  readonly ourColour?: (i: number) => Player;
  /** Called after each game. */
  readonly onGame?: (i: number, r: DxpGameResult) => void;
}

/** The initiator: asks for `games` games, colours alternating, and plays them. */
export async function runDxpInitiator(
  c: DxpConnection,
  mover: DxpMover,
  options: DxpInitiatorOptions,
): Promise<DxpGameResult[]> {
  const log = options.log ?? ((): void => undefined);
  const results: DxpGameResult[] = [];
  for (let i = 0; i < options.games; i++) {
    const startText = options.starts?.[i % options.starts.length] ?? DXP_START;
    const parsed = parseDxpPosition(startText, game);
    if (!parsed.ok) throw new Error(`bad start position for game ${i + 1}: ${parsed.error.message}`);
    const ourColour = options.ourColour?.(i) ?? ((i % 2) as Player);
    c.send({
      kind: 'R',
      version: 1,
      initiator: options.name,
      followerColour: dxpColour(ourColour === 0 ? 1 : 0),
      minutes: options.minutes,
      moves: options.moves,
      ...(startText === DXP_START ? {} : { position: startText }),
    });
    const answer = await nextMessage(c, log);
    if (!answer) break;
    if (answer.kind !== 'A' || answer.code !== '0') {
      log(
        `dxp: game ${i + 1} was not accepted (${answer.kind === 'A' ? `code ${answer.code}` : `a ${answer.kind} message`})`,
      );
      break;
    }
    const { result, stop } = await playGame(
      c,
      mover,
      { start: parsed.value, ourColour, timeMs: options.minutes * 60_000, moves: options.moves },
      options,
      () => i === options.games - 1,
    );
    results.push(result);
    options.onGame?.(i, result);
    if (stop && i < options.games - 1) {
      log('dxp: the other side wants no more games');
      break;
    }
  }
  c.close();
  return results;
}
