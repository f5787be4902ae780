/**
 * Fair play online (issue 39): in a game in progress between two people, no engine help — recommended orders,
 * analysis, hints, the Tutor — is offered to anyone, players or spectators (a spectator's could reach a player);
 * once the game has ended it is. A game against the server's computer, or an imported record whose two seats are
 * the same person's, is the person's own to study. A casual game between people whose players agreed to it at the
 * challenge (`engineHelp`, which the server never allows in a rated game) has it too.
 */
import type { GameView } from './api.js';

export function engineHelpAllowed(view: Pick<GameView, 'status' | 'players' | 'rated' | 'engineHelp'>): boolean {
  if (view.status !== 'active') return true;
  if (view.engineHelp && !view.rated) return true;
  const [a, b] = view.players;
  const people = a.level === null && b.level === null;
  return !people || (a.name !== null && a.name === b.name);
}
