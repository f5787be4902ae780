/**
 * Boards as text for mails, each drawn by its own game package: the Tactics board exactly as its manual draws it
 * (`renderDiagram`), the others as their terminal boards. Tactorus is drawn from what the viewer observes (their
 * own orders marked, never the other side's); a spectator sees the round's start.
 */
import type { Player } from '@tactica/core';
import type { BoardModel } from '@tactica/catalogue';
import { boardDiagram, type DraughtsState } from '@tactica/draughts';
import { renderBoard as renderForce400, type Force400State } from '@tactica/force400';
import { renderDiagram, type TacticsState } from '@tactica/tactics';
import { renderBoard as renderTactrix, type TactrixState } from '@tactica/tactrix';
import { renderBoard as renderTactorus, type TactorusObservation } from '@tactica/tactorus';
import type { LiveGame } from '../games/live-game.js';
import { ownPosition } from '../games/transitions.js';
import { chipsText } from './events.js';

/** The square numbers of a board whose squares carry them (draughts' numbered rule sets), drawn as the board is. */
function numberGrid(model: BoardModel): string | undefined {
  if (!model.squares.some((s) => s.label !== undefined)) return undefined;
  const width = Math.max(...model.squares.map((s) => s.label?.length ?? 0));
  const lines: string[] = [];
  for (let rank = model.ranks - 1; rank >= 0; rank--) {
    const row: string[] = [];
    for (let file = 0; file < model.files; file++) {
      const sq = model.squares[rank * model.files + file];
      row.push((sq?.label ?? '').padStart(width));
    }
    lines.push(`    ${row.join(' ')}`.trimEnd());
  }
  return lines.join('\n');
}

/** A position of a sequential game as text. */
export function positionText(game: LiveGame, state: unknown): string {
  const r = game.restored;
  switch (game.family) {
    case 'tactics':
      return renderDiagram(state as TacticsState);
    case 'draughts': {
      const board = boardDiagram((state as DraughtsState).position, { coordinates: true });
      const numbers = numberGrid(r.setup.board.model(state));
      return numbers ? `${board}\n\nSquare numbers:\n${numbers}` : board;
    }
    case 'force400':
      return renderForce400(state as Force400State);
    case 'tactrix':
      return `${renderTactrix(state as TactrixState)}\n\n${chipsText(state, (p) => r.setup.game.info.players[p])}`;
    case 'tactorus':
      // A position alone (a preview): the board, no one's orders.
      return renderTactorus({ ...(r.setup.game.observe(state, 0) as TactorusObservation), orders: [] });
  }
}

/** The board of a game now, as `viewer` may see it (undefined: a spectator). */
export function boardText(game: LiveGame, viewer: Player | undefined): string {
  const r = game.restored;
  if (r.dynamics === 'sequential') return positionText(game, r.session.position);
  const session = r.session;
  if (viewer === undefined) return renderTactorus(r.setup.game.observe(session.roundStart, 0) as TactorusObservation);
  return renderTactorus(r.setup.game.observe(ownPosition(session, viewer), viewer) as TactorusObservation);
}
