/**
 * The Game contract for draughts: 7 rule sets x (normal | give-away) = 14 games, one immutable state type.
 *
 * Game end (manual 2.4, 3.2.2; docs/rules/draughts.md "Winning" and "Draws"):
 * - the side to move has no legal move: it loses, or wins in give-away (`no-moves`; `last-piece-taken`, or
 *   `no-pieces-left` in give-away, when it has no piece left);
 * - the same position (board and side to move) for the third time: draw (`threefold`);
 * - the move counter: after M1 inactive moves per side (king moves without capture) in a row, a second counter of
 *   M2 moves per side starts, never resets, and its end is a draw (`move-limit`);
 * - resignation (`resigned`) and agreed draws (`agreed`).
 */
import {
  draw,
  err,
  inputError,
  LAST_PIECE_TAKEN,
  NO_PIECES_LEFT,
  ok,
  opponent,
  tryPlayWith,
  win,
  type Game,
  type InputError,
  type Outcome,
  type Result,
} from '@tactica/core';
import { makeFen, parseFen } from './fen.js';
import { applyMove, generateMoves, hasMoves, perftPosition, sameMove, type DraughtsMove } from './moves.js';
import { formatMove, parseMove } from './notation.js';
import { initialPosition, pieceAt, pieceCounts, type Position } from './position.js';
import { RULE_SETS, VARIANT_IDS, type RuleSet, type VariantId } from './rules.js';
import type { DraughtsCode } from './codes.js';

export interface DraughtsState {
  readonly position: Position;
  readonly giveaway: boolean;
  /** Inactive half-moves in a row so far (stage 1 of the manual's counter, 2.4). */
  readonly inactive: number;
  /** Half-moves left in stage 2 of the counter, or -1 while stage 2 has not begun (2.4). */
  readonly stage2Left: number;
  /** Keys of the positions since the last capture or man move, oldest first, the current one last. */
  readonly seen: readonly string[];
  /** How the game ended, if it has: set when the state is made, by rule, resignation or agreement. */
  readonly over?: Outcome;
}

/** The two seats in every rule set, White's first (the players' names, whoever moves first). */
export const PLAYER_NAMES = ['White', 'Black'] as const;

export interface DraughtsOptions {
  /** Give-away: the side left without a move wins (manual 3.2.2). */
  readonly giveaway?: boolean;
}

/** What the manual's status bar shows of the move counter (manual 2.4, 3.3.5). */
export type DrawCounter =
  { readonly stage: 1; readonly left: number } | { readonly stage: 2; readonly left: number } | undefined;

export interface DraughtsGame extends Game<DraughtsState, DraughtsMove, DraughtsState> {
  readonly rules: RuleSet;
  readonly giveaway: boolean;
  /** A fresh game (counters at zero) from a position. */
  fromPosition(pos: Position): DraughtsState;
}

function positionKey(pos: Position): string {
  return `${pos.turn}${pos.bits.join(',')}`;
}

function withOutcome(s: Omit<DraughtsState, 'over'>): DraughtsState {
  const over = ruleOutcome(s);
  return over ? { ...s, over } : s;
}

function ruleOutcome(s: Omit<DraughtsState, 'over'>): Outcome | undefined {
  const toMove = s.position.turn;
  if (!hasMoves(s.position)) {
    // Taking the last piece is how most games end: said so, not as "no moves".
    const left = pieceCounts(s.position);
    if ((toMove === 0 ? left.white : left.black) === 0) {
      return s.giveaway ? win(toMove, NO_PIECES_LEFT) : win(opponent(toMove), LAST_PIECE_TAKEN);
    }
    return win(s.giveaway ? toMove : opponent(toMove), 'no-moves');
  }
  const key = s.seen[s.seen.length - 1];
  let count = 0;
  for (const k of s.seen) if (k === key) count++;
  if (count >= 3) return draw('threefold');
  if (s.stage2Left === 0) return draw('move-limit');
  return undefined;
}

/** A state for a position with fresh counters. */
export function stateFrom(pos: Position, giveaway: boolean): DraughtsState {
  return withOutcome({ position: pos, giveaway, inactive: 0, stage2Left: -1, seen: [positionKey(pos)] });
}

/**
 * The state to play on from when the draw rules (third repetition, the move counter; manual 2.4) have ended a game
 * whose position still has moves, for a referee other than these rules (a Hub GUI, a match's adjudicator) **(ours)**:
 * fresh counters, and the positions seen kept once each, so a repetition still counts when it comes round again. Any
 * other state is returned as it is.
 */
export function playingOn(s: DraughtsState): DraughtsState {
  if (!s.over || (s.over.reason !== 'threefold' && s.over.reason !== 'move-limit')) return s;
  const here = positionKey(s.position);
  const seen = [...new Set(s.seen.filter((k) => k !== here)), here];
  return withOutcome({ position: s.position, giveaway: s.giveaway, inactive: 0, stage2Left: -1, seen });
}

/**
 * The state as a referee without the move counter sees it (an engine match adjudicated by the third repetition and a
 * ply cap, as matches against other engines are): the counter at rest, the positions seen kept **(ours)**. An engine
 * asked with the counter running plays as if the game would soon be drawn, and near its end every move scores a
 * draw: against a referee that plays on, that threw won endings away and gave pieces away in drawn ones
 * (bench/RESULTS.md, "won endings converted").
 */
export function withoutMoveCounter(s: DraughtsState): DraughtsState {
  if (s.inactive === 0 && s.stage2Left < 0) return s;
  return withOutcome({ position: s.position, giveaway: s.giveaway, inactive: 0, stage2Left: -1, seen: s.seen });
}

/** Plays a legal move: the next state with its counters (manual 2.4). */
export function playMove(s: DraughtsState, m: DraughtsMove): DraughtsState {
  const rules = RULE_SETS[s.position.variant];
  const piece = pieceAt(s.position, m.from);
  const inactiveMove = (piece === 'W' || piece === 'B') && m.captures.length === 0;
  const position = applyMove(s.position, m);
  let inactive = inactiveMove ? s.inactive + 1 : 0;
  let stage2Left = s.stage2Left;
  if (stage2Left >= 0) {
    stage2Left = Math.max(0, stage2Left - 1);
  } else if (inactive >= 2 * rules.drawCounter.m1) {
    stage2Left = 2 * rules.drawCounter.m2;
    inactive = 0;
  }
  // A capture or a man move can never be undone, so earlier positions cannot come back.
  const seen = inactiveMove ? [...s.seen, positionKey(position)] : [positionKey(position)];
  return withOutcome({ position, giveaway: s.giveaway, inactive, stage2Left, seen });
}

/** The move counter as the status bar shows it: stage 1 (counting inactive moves) or 2, and half-moves left. */
export function drawCounter(s: DraughtsState): DrawCounter {
  const rules = RULE_SETS[s.position.variant];
  if (s.stage2Left >= 0) return { stage: 2, left: s.stage2Left };
  if (s.inactive > 0) return { stage: 1, left: 2 * rules.drawCounter.m1 - s.inactive };
  return undefined;
}

const legalCache = new WeakMap<DraughtsState, DraughtsMove[]>();

function legalOf(s: DraughtsState): DraughtsMove[] {
  let moves = legalCache.get(s);
  if (!moves) {
    moves = s.over ? [] : generateMoves(s.position);
    legalCache.set(s, moves);
  }
  return moves;
}

/**
 * Perft through the contract: the same count as the generic walk (positions drawn by repetition or the move counter
 * have no moves), computed with the fast generator whenever no draw can happen within `depth` plies.
 */
function contractPerft(game: DraughtsGame, s: DraughtsState, depth: number): number {
  if (depth <= 0) return 1;
  if (s.over) return 0;
  if (drawImpossibleWithin(s, depth - 1)) return perftPosition(s.position, depth);
  let total = 0;
  for (const m of legalOf(s)) total += contractPerft(game, playMove(s, m), depth - 1);
  return total;
}

/**
 * True when no position reached within `plies` plies (plies 1..plies, where moves are still generated) can be a
 * draw by repetition or by the move counter.
 */
function drawImpossibleWithin(s: DraughtsState, plies: number): boolean {
  if (plies <= 0) return true;
  const rules = RULE_SETS[s.position.variant];
  // The move counter: stage 2 ends after stage2Left more half-moves; stage 1 must finish first otherwise.
  if (
    s.stage2Left >= 0
      ? s.stage2Left <= plies
      : 2 * rules.drawCounter.m1 - s.inactive + 2 * rules.drawCounter.m2 <= plies
  ) {
    return false;
  }
  // Repetition: between two occurrences of a position there are at least 4 plies (each side must undo its own
  // king move; a capture or a man move clears the history). Any position of the history may come back as soon as
  // the next ply. So a position seen twice can make a third occurrence at ply 1; one seen once, at ply 5; the
  // current position alone in the history, at ply 8; a position not seen yet, at ply 9.
  let most = 0;
  const counts = new Map<string, number>();
  for (const k of s.seen) {
    const c = (counts.get(k) ?? 0) + 1;
    counts.set(k, c);
    if (c > most) most = c;
  }
  if (most >= 2) return false;
  if (s.seen.length >= 2) return plies < 5;
  return plies < 8;
}

/** The draughts game of a rule set, normal or give-away. */
export function draughtsGame(variant: VariantId, options: DraughtsOptions = {}): DraughtsGame {
  const rules = RULE_SETS[variant];
  const giveaway = options.giveaway ?? false;
  const base: Omit<DraughtsGame, 'tryPlay'> = {
    rules,
    giveaway,
    info: {
      id: `draughts/${variant}${giveaway ? '-giveaway' : ''}`,
      family: 'draughts',
      name: `${rules.name}${giveaway ? ' (give-away)' : ''}`,
      dynamics: 'sequential',
      board: { files: rules.size, ranks: rules.size },
      players: PLAYER_NAMES,
    },
    initial: () => stateFrom(initialPosition(variant), giveaway),
    fromPosition: (pos) => stateFrom(pos, giveaway),
    toMove: (s) => (s.over ? [] : [s.position.turn]),
    legalMoves(s, p) {
      if (p !== undefined && p !== s.position.turn) return [];
      return legalOf(s);
    },
    play: playMove,
    outcome: (s) => s.over,
    resign: (s, p) => (s.over ? s : { ...s, over: win(opponent(p), 'resigned') }),
    agreeDraw: (s) => (s.over ? s : { ...s, over: draw('agreed') }),
    formatMove: (s, m) => formatMove(s.position, m, legalOf(s)),
    parseMove(s, text, p): Result<DraughtsMove, InputError<DraughtsCode>> {
      if (s.over) {
        return err(inputError('move/game-over', `the game is over (${s.over.reason})`, { input: String(text) }));
      }
      if (p !== undefined && p !== s.position.turn) {
        return err(
          inputError('move/not-your-turn', `it is ${s.position.turn === 0 ? 'White' : 'Black'}'s turn`, {
            input: String(text),
          }),
        );
      }
      return parseMove(s.position, text, legalOf(s));
    },
    sameMove,
    formatPosition: (s) => makeFen(s.position),
    parsePosition(text) {
      const parsed = parseFen(text, variant);
      return parsed.ok ? ok(stateFrom(parsed.value, giveaway)) : parsed;
    },
    observe: (s) => s,
    perft(s, depth) {
      return contractPerft(game, s, depth);
    },
  };
  const game: DraughtsGame = { ...base, tryPlay: tryPlayWith(base) };
  return game;
}

/** All 14 games: every rule set, normal then give-away. */
export function allDraughtsGames(): DraughtsGame[] {
  return VARIANT_IDS.flatMap((v) => [draughtsGame(v), draughtsGame(v, { giveaway: true })]);
}
