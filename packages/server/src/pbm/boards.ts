/**
 * Boards as text for mails, each drawn by its own game (the catalogue's `text`): a position of a sequential game,
 * and a simultaneous game's board as the viewer observes it (their own orders marked, never the other side's; a
 * spectator sees the round's start).
 */
import { positionSeenBy } from '@tactica/catalogue';
import type { Player } from '@tactica/core';
import type { LiveGame } from '../games/live-game.js';

function sideName(game: LiveGame): (p: Player) => string {
  const players = game.restored.setup.game.info.players;
  return (p) => players[p];
}

/** A position of the game as text (a preview of a sequential move, or of a board's position). */
export function positionText(game: LiveGame, state: unknown): string {
  return game.restored.setup.text.draw(state, sideName(game));
}

/** The board of a game now, as `viewer` may see it (undefined: a spectator). */
export function boardText(game: LiveGame, viewer: Player | undefined): string {
  return game.restored.setup.text.draw(positionSeenBy(game.restored, viewer), sideName(game), viewer);
}
