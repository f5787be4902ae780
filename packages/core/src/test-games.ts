/**
 * A tiny complete game used to test the kit itself: Nim with one heap, take 1–3, who takes the last stone wins.
 * Kept in the package (not a test file) so other packages' tests can drive the contract with a known game.
 */
import type { Game } from './game.js';
import { tryPlayWith } from './game.js';
import { draw, win, type Outcome } from './outcome.js';
import { opponent, type Player } from './player.js';
import { err, inputError, ok } from './result.js';

export interface NimState {
  readonly stones: number;
  readonly toMove: Player;
  readonly ended?: Outcome;
}

const nimBase: Omit<Game<NimState, number>, 'tryPlay'> = {
  info: {
    id: 'nim',
    family: 'nim',
    name: 'Nim (test game)',
    dynamics: 'sequential',
    board: { files: 1, ranks: 1 },
    players: ['First', 'Second'],
  },
  initial: () => ({ stones: 10, toMove: 0 }),
  toMove: (s) => (nimOutcome(s) ? [] : [s.toMove]),
  legalMoves(s) {
    if (nimOutcome(s)) return [];
    return [1, 2, 3].filter((n) => n <= s.stones);
  },
  play: (s, m) => ({ stones: s.stones - m, toMove: opponent(s.toMove) }),
  outcome: nimOutcome,
  resign: (s, p) => ({ ...s, ended: win(opponent(p), 'resigned') }),
  agreeDraw: (s) => ({ ...s, ended: draw('agreed') }),
  formatMove: (_s, m) => `take ${m}`,
  parseMove(s, text) {
    const match = /^\s*take\s+(\d+)\s*$/i.exec(text);
    if (!match) return err(inputError('move/syntax', `expected "take N", got "${text}"`, { input: text }));
    const n = Number(match[1]);
    if (!nimBase.legalMoves(s).includes(n)) return err(inputError('move/illegal', `cannot take ${n}`, { input: text }));
    return ok(n);
  },
  formatPosition: (s) => `${s.stones}/${s.toMove}`,
  parsePosition(text) {
    const match = /^(\d{1,3})\/([01])$/.exec(text);
    if (!match) return err(inputError('position/syntax', 'expected "stones/player"', { input: text }));
    return ok({ stones: Number(match[1]), toMove: Number(match[2]) as Player });
  },
  observe: (s) => s,
};

function nimOutcome(s: NimState): Outcome | undefined {
  if (s.ended) return s.ended;
  // The player who took the last stone (the one not to move) wins.
  return s.stones === 0 ? win(opponent(s.toMove), 'last-stone') : undefined;
}

export const nim: Game<NimState, number> = { ...nimBase, tryPlay: tryPlayWith(nimBase) };
