/**
 * One game of an external match, refereed by our rules:
 *
 * - Every move the engine sends is read with our rules; one they refuse, or no answer in time, loses the game, and so
 *   does ending the game as drawn (DXP) unless our move counter had drawn it by then or, in International, the last
 *   25 moves each were kings' without a capture (FMJD's rule, which Scan applies) (ours). A side without a move loses;
 *   the third occurrence of a position draws; a game reaching the ply cap is adjudicated drawn.
 * - Our own move counter (manual 2.4) is not applied here: the referee plays on past it (`playingOn`), and our engine
 *   is asked without it (`withoutMoveCounter`), as the external engine plays without it, up to the cap.
 */
import type { Player } from '@tactica/core';
import {
  pieceAt,
  playingOn,
  withoutMoveCounter,
  type DraughtsGame,
  type DraughtsMove,
  type DraughtsState,
} from '@tactica/draughts';
import { readHubMove } from '../hub.js';
import type { ExternalEngine, Protocol } from './engines.js';
import type { Opening } from './openings.js';

/** Tactica's side of a match: its move in a position, in about `ms`. */
export interface OurSide {
  move(s: DraughtsState, ms: number, seed: number): Promise<DraughtsMove>;
  /** How deep the last move's search went and how many positions it saw (none for a book move, or unknown). */
  lastSearch?(): { readonly depth?: number; readonly nodes?: number } | undefined;
  close(): Promise<void>;
}

/** What the referee needs for every game of a match. */
export interface Referee {
  readonly game: DraughtsGame;
  /** Where every game starts (the initial position, or `--fen`'s); the opening's moves are played from it. */
  readonly start: DraughtsState;
  readonly engine: ExternalEngine;
  readonly ours: OurSide;
  readonly protocol: Protocol;
  readonly moveMs: number;
  readonly timeoutMs: number;
  readonly maxPlies: number;
  readonly seed: number;
}

/** A game as the referee saw it. */
export interface PlayedGame {
  /** 1 Tactica won, 0.5 draw, 0 Tactica lost. */
  readonly points: number;
  readonly reason: string;
  /** Plies played after the opening. */
  readonly plies: number;
  /** Every move from the start, the opening's included. */
  readonly moves: readonly DraughtsMove[];
  /** Wall time each side spent on its moves, and how many moves (Tactica's, then the engine's). */
  readonly ourMs: number;
  readonly ourMoves: number;
  readonly engineMs: number;
  readonly engineMoves: number;
  /** Our moves that were searched (`lastSearch` gave a depth), their depths summed, their positions and wall time. */
  readonly ourSearches: number;
  readonly ourDepthSum: number;
  readonly ourNodes: number;
  readonly ourSearchMs: number;
}

/** Reads the engine's move text with our rules (Hub/DXP notation on 10x10, PDN on 8x8). */
function readEngineMove(game: DraughtsGame, s: DraughtsState, text: string): DraughtsMove | string {
  if (game.initial().position.variant === 'international') {
    const m = readHubMove(game, s, text);
    return m.ok ? m.value : m.error.message;
  }
  const m = game.parseMove(s, text);
  return m.ok ? m.value : m.error.message;
}

/**
 * Plays one game from `opening` (from the referee's start), the external engine on `engineSide`; `index` seeds our
 * engine, `last` tells a DXP engine the match ends with it.
 */
export async function refereeGame(
  r: Referee,
  opening: Opening,
  engineSide: Player,
  index: number,
  last: boolean,
): Promise<PlayedGame> {
  const { game, start, engine, ours, protocol, moveMs, timeoutMs, maxPlies, seed } = r;
  let s = start;
  const moves: DraughtsMove[] = [];
  for (const m of opening.moves) {
    s = game.play(s, m);
    moves.push(m);
  }
  const openingState = s;
  // Hub is told the game from the start; DXP starts the engine's game at the opening's position.
  await engine.newGame(protocol === 'dxp' ? openingState : start, engineSide, moveMs);
  const counts = new Map<string, number>();
  const key = (t: DraughtsState): string => `${t.position.turn}${t.position.bits.join(',')}`;
  counts.set(key(s), 1);
  let points = 0.5;
  let reason = '';
  let plies = 0;
  const dxpMoves: DraughtsMove[] = [];
  // The first draw our rules gave (the move counter, manual 2.4): the referee plays on past it, but an engine that
  // ends the game as drawn by its own rules is then believed.
  let drawnByOurRules: string | undefined;
  // Plies in a row of kings moving without taking: FMJD's 25-move rule, which DXP engines (Scan 2.0) apply.
  let kingPlies = 0;
  let ourMs = 0;
  let ourMoves = 0;
  let engineMs = 0;
  let engineMoves = 0;
  const searched = { searches: 0, depthSum: 0, nodes: 0, ms: 0 };
  for (;;) {
    if (drawnByOurRules === undefined && s.over?.kind === 'draw') drawnByOurRules = s.over.reason;
    const live = playingOn(s);
    const legal = game.legalMoves(live);
    const mover = live.position.turn;
    const engineToMove = mover === engineSide;
    if (legal.length === 0) {
      points = engineToMove ? 1 : 0;
      reason = 'no move';
      break;
    }
    if ((counts.get(key(live)) ?? 0) >= 3) {
      reason = 'third repetition';
      break;
    }
    if (plies >= maxPlies) {
      reason = `ply cap ${maxPlies}`;
      break;
    }
    let move: DraughtsMove;
    if (engineToMove) {
      const asked = Date.now();
      const answer = await engine.think(
        {
          start: protocol === 'dxp' ? openingState : start,
          moves: protocol === 'dxp' ? dxpMoves : moves,
          current: live,
        },
        moveMs,
        timeoutMs,
      );
      engineMs += Date.now() - asked;
      engineMoves++;
      if (answer.kind === 'none') {
        if (answer.claim === 'draw' && drawnByOurRules !== undefined) {
          reason = `${engine.name} ended the game as drawn; our rules had drawn it (${drawnByOurRules})`;
          break;
        }
        if (answer.claim === 'draw' && game.initial().position.variant === 'international' && kingPlies >= 50) {
          reason = `${engine.name} ended the game as drawn: 25 moves of kings alone without a capture (FMJD)`;
          break;
        }
        points = 1;
        reason = `${engine.name} gave no move: ${answer.reason}`;
        break;
      }
      const m = readEngineMove(game, live, answer.text);
      if (typeof m === 'string') {
        points = 1;
        reason = `${engine.name} played ${answer.text}: ${m}`;
        break;
      }
      move = m;
    } else {
      const started = Date.now();
      // Our engine plays the match's rules: the referee plays on past our move counter, so the engine is asked
      // without it (it would otherwise play the last moves before the counter's draw as if any move drew).
      move = await ours.move(withoutMoveCounter(live), moveMs, seed + index * 1000 + plies);
      const took = Date.now() - started;
      ourMs += took;
      ourMoves++;
      const search = ours.lastSearch?.();
      if (search?.depth !== undefined) {
        searched.searches++;
        searched.depthSum += search.depth;
        searched.nodes += search.nodes ?? 0;
        searched.ms += took;
      }
      engine.told(move, (Date.now() - started) / 1000);
    }
    const moved = pieceAt(live.position, move.from);
    kingPlies = (moved === 'W' || moved === 'B') && move.captures.length === 0 ? kingPlies + 1 : 0;
    s = game.play(live, move);
    moves.push(move);
    dxpMoves.push(move);
    plies++;
    counts.set(key(s), (counts.get(key(s)) ?? 0) + 1);
  }
  const engineResult = points === 1 ? 'loss' : points === 0 ? 'win' : 'draw';
  await engine.endGame(reason.startsWith('ply cap') ? 'unknown' : engineResult, last);
  return {
    points,
    reason,
    plies,
    moves,
    ourMs,
    ourMoves,
    engineMs,
    engineMoves,
    ourSearches: searched.searches,
    ourDepthSum: searched.depthSum,
    ourNodes: searched.nodes,
    ourSearchMs: searched.ms,
  };
}
