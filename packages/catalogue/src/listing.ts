/**
 * The games as a list a menu or a lobby shows before any game is loaded: plain data, no rules imported, so a page
 * that lists the games pays for none of them.
 */
import type { Dynamics } from '@tactica/core';
import type { GameFamily } from './types.js';

export interface GameListing {
  readonly family: GameFamily;
  readonly name: string;
  readonly summary: string;
  readonly dynamics: Dynamics;
  /** The original program the game comes from. */
  readonly origin: string;
  /** Other names a player may type for the game (pbmserv's `checkers`), lower case. */
  readonly aliases: readonly string[];
  /** How moves are written, in a sentence or two (help pages). */
  readonly notation: string;
  /** A move (or a round's orders) as typed, for an input's placeholder. */
  readonly moveExample: string;
  /** The seats' names, as the game's manual calls its sides. */
  readonly sides: readonly [string, string];
  /** The file extensions of the game's records (the entry's `records`, checked by a test), without the dot. */
  readonly recordExtensions: readonly string[];
  /**
   * What a host passes its worker engine beside the family (`EngineSpec.options`), where the game wants something
   * other than the defaults: draughts loads one rule set's learned weights when a game first asks, not all seven,
   * and fetches the endgame databases its position needs from the server that sent the page (`/egdb/`, see
   * docs/server.md; a page without such a server has none and plays on without them). The address is at the site's
   * root, as the page's API (`/api/…`) is: a sub-path behind a proxy passes both there (docs/web.md) **(ours)**.
   */
  readonly engineOptions?: Readonly<Record<string, unknown>>;
  /**
   * What a position weighs in a server's game cache, in bytes of heap: its move, the move's text, its share of the
   * stored JSON and of the line's checkpoints. Measured (`node --expose-gc bench/server-long-games.js --part memory`;
   * bench/RESULTS.md 2026-11-29 "compact line"), rounded up; for a simultaneous game, a round.
   */
  readonly positionBytes: number;
}

export const GAME_LISTINGS: readonly GameListing[] = [
  {
    family: 'draughts',
    name: 'Draughts',
    summary:
      'seven national rule sets — International, English/American, Spanish, Russian, Brazilian, Thai, Pool — each also in give-away mode',
    dynamics: 'sequential',
    origin: 'Draughts Galore (J2ME, 2003)',
    aliases: ['checkers'],
    notation:
      'Moves are written as in the rule set: square numbers (11-15, 15x24) in the numbered ones, algebraic (c3-d4, c3:e5) in Russian.',
    positionBytes: 450,
    moveExample: '32-28',
    sides: ['White', 'Black'],
    recordExtensions: ['pdn'],
    engineOptions: { variants: [], endgames: { url: '/egdb/' } },
  },
  {
    family: 'force400',
    name: 'Force 400',
    summary: '10x10 game of force levels: short and long moves, combat, recharge, transfers, abdication, handicaps',
    dynamics: 'sequential',
    origin: 'Force 400 (IBM PC / TRS-80, 1984)',
    aliases: ['force-400'],
    notation:
      'Moves are the record\'s forms: "M C8-C1" (or "C8-C1") a move, "T J8-C1 10" a transfer of 10, "X E9-F9" an abdication.',
    positionBytes: 400,
    moveExample: 'C8-C1',
    sides: ['White', 'Black'],
    recordExtensions: ['txt', 'f400'],
  },
  {
    family: 'tactrix',
    name: 'Tactrix!',
    summary: '10x10 chess-like game with chips, bought pieces and seven piece types',
    dynamics: 'sequential',
    origin: 'Tactrix! (Amiga, 1994)',
    aliases: ['tactrix!'],
    notation:
      'Moves are from-to squares (b2-b4, b2xb4 a capture); a purchase is "buy" with the piece\'s letter and the square ' +
      'it is put on: buy J@e2 (Jerk J 3 chips, Jumpnar N 6, Wrapnoid W 9, Verticon V 12, Diaganoid D 15).',
    positionBytes: 400,
    moveExample: 'b2-b4',
    sides: ['White', 'Black'],
    recordExtensions: ['tac'],
  },
  {
    family: 'tactics',
    name: 'Tactics',
    summary: '8x8 flip-piece rook/bishop/queen game of the play-by-e-mail servers',
    dynamics: 'sequential',
    origin: 'the pbmserv play-by-e-mail servers',
    aliases: [],
    notation: 'Moves are from and to coordinates: f1-f4 (Tactics uses the same move format as other pbem games).',
    positionBytes: 300,
    moveExample: 'f1-f4',
    sides: ['White', 'Black'],
    recordExtensions: ['tactics'],
  },
  {
    family: 'tactorus',
    name: 'Tactorus',
    summary: '10x10 simultaneous-move war game with secret orders and rule alterations',
    dynamics: 'simultaneous',
    origin: 'Tactorus 4.1.3 (Palm OS, 2002)',
    aliases: [],
    notation: 'Orders are from and to squares, any number a round: 84-64 85-65; w84 withdraws one.',
    positionBytes: 1_800,
    moveExample: '84-64, w84, done',
    sides: ['Player 1', 'Player 2'],
    recordExtensions: ['txt'],
  },
];

/** The family a name stands for: its id or one of its aliases, in any case; undefined for none. */
export function familyNamed(name: string): GameFamily | undefined {
  const n = name.toLowerCase();
  return GAME_LISTINGS.find((g) => g.family === n || g.aliases.includes(n))?.family;
}

/** The listing of one family (every family has one). */
export function listing(family: GameFamily): GameListing {
  const found = GAME_LISTINGS.find((g) => g.family === family);
  if (!found) throw new Error(`no listing for ${family}`);
  return found;
}
