/**
 * Force 400 on the Tactica game contract. `createForce400(setup)` makes a game with its handicaps fixed;
 * `force400` is the game without handicaps.
 */
import {
  draw,
  err,
  ok,
  opponent,
  unwrap,
  win,
  type Game,
  type InputError,
  type Player,
  type Result,
} from '@tactica/core';
import { SIDE_NAMES } from './board.js';
import { actionCode, actionFromCode, describeAction, refusal, sameAction, type Force400Action } from './actions.js';
import { Force400Engine } from './engine.js';
import { parseActionText } from './notation.js';
import { formatPosition, parsePosition } from './position-text.js';
import { setupPosition, type Force400Setup } from './setup.js';
import { loadEngine, readEngine, type Force400State } from './state.js';
import type { Force400Code } from './codes.js';

export type Force400Game = Game<Force400State, Force400Action, Force400State> & {
  readonly setup: Force400Setup;
  /** Leaf count by the fast make/unmake path (always present for Force 400). */
  perft(s: Force400State, depth: number): number;
  /** Why `a` is illegal in `s` (one reason), or undefined when it is legal. */
  refusal(s: Force400State, a: Force400Action): InputError | undefined;
};

/** Makes the game; refuses a bad handicap with a coded error. */
export function createForce400(setup: Force400Setup = {}): Result<Force400Game, InputError<Force400Code>> {
  const start = setupPosition(setup);
  if (!start.ok) return start;
  const initial = start.value;
  // One scratch engine for the validating paths; `play` and `legalMoves` load it afresh each call.
  const scratch = new Force400Engine();

  const game: Force400Game = {
    setup,
    info: {
      id: 'force400',
      family: 'force400',
      name: 'Force 400',
      dynamics: 'sequential',
      board: { files: 10, ranks: 10 },
      players: SIDE_NAMES,
    },
    initial: () => initial,
    toMove: (s) => (s.ended ? [] : [s.toMove]),
    legalMoves(s, p) {
      if (s.ended || (p !== undefined && p !== s.toMove)) return [];
      return Array.from(loadEngine(s, scratch).legalCodes(), actionFromCode);
    },
    play(s, m) {
      const engine = loadEngine(s, scratch);
      engine.make(actionCode(m));
      return readEngine(engine);
    },
    outcome: (s) => s.ended ?? undefined,
    resign: (s, p: Player) => (s.ended ? s : { ...s, ended: win(opponent(p), 'resigned') }),
    agreeDraw: (s) => (s.ended ? s : { ...s, ended: draw('agreed') }),
    formatMove: (_s, m) => describeAction(m),
    parseMove(s, text, p) {
      const parsed = parseActionText(text);
      if (!parsed.ok) return parsed;
      const why = refusalIn(s, parsed.value, p);
      return why ? err(why) : parsed;
    },
    tryPlay(s, text, p) {
      const parsed = game.parseMove(s, text, p);
      return parsed.ok ? ok(game.play(s, parsed.value)) : parsed;
    },
    sameMove: sameAction,
    formatPosition,
    parsePosition,
    observe: (s) => s,
    perft(s, depth) {
      if (s.ended) return depth <= 0 ? 1 : 0;
      return loadEngine(s, new Force400Engine()).perft(depth);
    },
    refusal: (s, a) => refusalIn(s, a),
  };

  function refusalIn(s: Force400State, a: Force400Action, p?: Player): InputError | undefined {
    if (s.ended) return { code: 'move/game-over', message: 'The game is over.', input: describeAction(a) };
    if (p !== undefined && p !== s.toMove) {
      return {
        code: 'move/not-your-turn',
        message: `It is ${s.toMove === 0 ? 'White' : 'Black'}'s turn.`,
        input: describeAction(a),
      };
    }
    return refusal(loadEngine(s, scratch), a);
  }

  return ok(game);
}

/** Force 400 without handicaps. */
export const force400: Force400Game = unwrap(createForce400());
