/**
 * Reading a game in play the same way whatever its dynamics (issue 41): who is to act, and the position a seat sees.
 * A sequential session has one player to move and one position for everyone; a simultaneous one has each player
 * who has not yet submitted the round, and each seat sees the round's start with its own pending moves (a spectator
 * the round's start alone). Interfaces ask here instead of branching on `dynamics` themselves.
 */
import type { Player } from '@tactica/core';
import type { RestoredGame } from './stored-game.js';

/** The players who are to act now: the player to move, or those who have not yet submitted the round. */
export function playersToAct(play: RestoredGame): readonly Player[] {
  if (play.dynamics === 'sequential') return play.session.toMove === undefined ? [] : [play.session.toMove];
  if (play.session.outcome) return [];
  return ([0, 1] as const).filter((p) => !play.session.submitted(p));
}

/**
 * The position `viewer` sees now (undefined: a spectator): the game's position, or in a simultaneous round the
 * round's start with the viewer's own pending moves — never the other side's.
 */
export function positionSeenBy(play: RestoredGame, viewer: Player | undefined): unknown {
  if (play.dynamics === 'sequential') return play.session.position;
  return viewer === undefined ? play.session.roundStart : play.session.ownPosition(viewer);
}
