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
  },
  {
    family: 'force400',
    name: 'Force 400',
    summary: '10x10 game of force levels: short and long moves, combat, recharge, transfers, abdication, handicaps',
    dynamics: 'sequential',
    origin: 'Force 400 (IBM PC / TRS-80, 1984)',
    aliases: ['force-400'],
  },
  {
    family: 'tactrix',
    name: 'Tactrix!',
    summary: '10x10 chess-like game with chips, bought pieces and seven piece types',
    dynamics: 'sequential',
    origin: 'Tactrix! (Amiga, 1994)',
    aliases: ['tactrix!'],
  },
  {
    family: 'tactics',
    name: 'Tactics',
    summary: '8x8 flip-piece rook/bishop/queen game of the play-by-e-mail servers',
    dynamics: 'sequential',
    origin: 'the pbmserv play-by-e-mail servers',
    aliases: [],
  },
  {
    family: 'tactorus',
    name: 'Tactorus',
    summary: '10x10 simultaneous-move war game with secret orders and rule alterations',
    dynamics: 'simultaneous',
    origin: 'Tactorus 4.1.3 (Palm OS, 2002)',
    aliases: [],
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
