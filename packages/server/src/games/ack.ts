/**
 * What a player hears back when a command has been committed: the game's new version (to name in the next
 * command), who is to act, and the outcome once there is one. The same for HTTP and the event stream.
 */
import type { Player } from '@tactica/core';
import type { CommandAck } from '../protocol/index.js';
import { playersToAct, versionFor, type LiveGame } from './live-game.js';

export type { CommandAck } from '../protocol/index.js';

/** The acknowledgement for the player in seat `viewer` (the version is theirs: `versionFor`). */
export function ackOf(game: LiveGame, viewer: Player | undefined): CommandAck {
  return {
    id: game.id,
    version: versionFor(game, viewer),
    toAct: playersToAct(game),
    status: game.finished ? 'finished' : 'active',
    outcome: game.restored.session.outcome ?? null,
  };
}
