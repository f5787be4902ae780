/** Helpers for the match tool's tests. */
import { draughtsGame, type DraughtsMove } from '@tactica/draughts';
import type { ExternalEngine } from './engines.js';
import type { OurSide } from './referee.js';

const game = draughtsGame('international');

/** An engine and our side that play the first legal move at once; `asked` counts the engine's games. */
export function firstMovers(): { engine: ExternalEngine; ours: OurSide; asked: { games: number } } {
  const asked = { games: 0 };
  const engine: ExternalEngine = {
    name: 'First',
    newGame: () => {
      asked.games++;
      return Promise.resolve();
    },
    think: (g) => {
      const m = game.legalMoves(g.current)[0] as DraughtsMove;
      return Promise.resolve({
        kind: 'move',
        text: `${m.from}${m.captures.length > 0 ? 'x' : '-'}${m.to}${m.captures.map((c) => `x${c}`).join('')}`,
      });
    },
    told: () => undefined,
    endGame: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  const ours: OurSide = {
    move: (s) => Promise.resolve(game.legalMoves(s)[0] as DraughtsMove),
    close: () => Promise.resolve(),
  };
  return { engine, ours, asked };
}
