/**
 * Fair play online (issue 39): in a game in progress between two people, no engine help — recommended orders,
 * analysis, hints, the Tutor — is offered to anyone, players or spectators (a spectator's could reach a player);
 * once the game has ended it is. A game against the server's computer, or an imported record whose two seats are
 * the same person's, is the person's own to study. **(ours)**: casual games between people are not exempt yet: the
 * challenge carries no agreement to it.
 */
import type { GameView } from './api.js';

export function engineHelpAllowed(view: Pick<GameView, 'status' | 'players'>): boolean {
  if (view.status !== 'active') return true;
  const [a, b] = view.players;
  const people = a.level === null && b.level === null;
  return !people || (a.name !== null && a.name === b.name);
}
