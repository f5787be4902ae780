/**
 * What the last change did, in words, for a board mail (issue 40: Force 400 and Tactorus mails never said what a
 * combat did). Each game says it from the positions before and after (the catalogue's `text.change`), so no rule is
 * copied here.
 */
import { current, roundLineRules, stateAt, type Player } from '@tactica/core';
import { byKind } from '@tactica/catalogue';
import type { LiveGame } from '../games/live-game.js';

/** A line on what the game's last move or round did, where the board alone does not say it; else undefined. */
export function lastChangeText(game: LiveGame, name: (p: Player) => string): string | undefined {
  const r = game.restored;
  const change = r.setup.text.change?.bind(r.setup.text);
  if (!change) return undefined;
  return byKind(
    r,
    ({ setup, session }) => {
      const h = session.history;
      if (h.cursor === 0) return undefined;
      return change(stateAt(setup.game, h, h.cursor - 1), current(h), name, 0);
    },
    ({ setup, session }) => {
      // Only when the round has just been carried out (nobody's orders of the next one are in yet).
      if (session.submitted(0) || session.submitted(1)) return undefined;
      const line = session.state.line;
      const last = line.moves[line.cursor - 1];
      if (line.cursor === 0 || last?.kind !== 'round') return undefined;
      return change(stateAt(roundLineRules(setup.game), line, line.cursor - 1), current(line), name, session.round - 1);
    },
  );
}
