/**
 * The session plumbing every sequential game's setup shares: a new session starts at the setup's start position
 * with the game's status and takeback hooks, and a stored snapshot restores with the same hooks. A game's entry
 * supplies only what is its own.
 */
import { createSession, current, restoreSession, startHistory, type History } from '@tactica/core';
import { makeBoard } from './board.js';
import type { BoardAdapter, PieceModel, SequentialSetup, StatusBase } from './types.js';

/** What a sequential game's entry writes itself; `sequentialSetup` adds the sessions and `fromInput`. */
export type SequentialParts<S, M, V, St extends StatusBase, P extends PieceModel> = Omit<
  SequentialSetup<S, M, V, St, P>,
  'dynamics' | 'board' | 'newSession' | 'restoreSession'
> & { readonly boardAdapter: BoardAdapter<S, M, P> };

export function sequentialSetup<S, M, V, St extends StatusBase, P extends PieceModel>(
  parts: SequentialParts<S, M, V, St, P>,
): SequentialSetup<S, M, V, St, P> {
  const { boardAdapter, ...rest } = parts;
  const status = (h: History<S, M>): St => parts.status(current(h), { start: h.start, ply: h.cursor });
  const takeback = parts.takebackAllowed?.bind(parts);
  const hooks = { status, ...(takeback ? { takebackAllowed: takeback } : {}) };
  return {
    ...rest,
    dynamics: 'sequential',
    board: makeBoard(parts.game, boardAdapter),
    newSession(o) {
      return createSession<S, M, St>(parts.game, {
        ...(o.seats ? { seats: o.seats } : {}),
        ...(o.clock ? { clock: o.clock } : {}),
        seed: o.seed,
        now: o.now,
        history: startHistory(parts.initial()),
        ...hooks,
      });
    },
    restoreSession(snapshot) {
      return restoreSession<S, M, St>(parts.game, snapshot, hooks);
    },
  };
}
