/**
 * A game as one viewer may see it: a player sees their own pending orders and the moves they may make; the
 * opponent and spectators see only that orders are in. Views are built from the catalogue's board model and
 * status, so every interface shows the same thing.
 */
import { lineTexts, positionText, stateAt, type Player } from '@tactica/core';
import { byKind, positionSeenBy, type MoveInput, type RoundPlay, type SequentialPlay } from '@tactica/catalogue';
import type { GameView, LegalInput, PlayerInfo } from '../protocol/index.js';
import { playersToAct, versionFor, type LiveGame } from './live-game.js';
import { stepsPlayed } from './summary.js';

export type { GameView } from '../protocol/index.js';

function stripMove(i: MoveInput<unknown>): LegalInput {
  const { move: _move, ...rest } = i;
  return rest;
}

const finite = (ms: number): number | null => (Number.isFinite(ms) ? Math.max(0, Math.round(ms)) : null);

export function viewOf(game: LiveGame, viewer: Player | undefined, now: number, deadline: number | null): GameView {
  const r = game.restored;
  const { setup } = r;
  const players: [PlayerInfo, PlayerInfo] = [0, 1].map((p) => ({
    name: game.users[p]?.name ?? null,
    level: game.levels[p] ?? null,
  })) as [PlayerInfo, PlayerInfo];
  const base = {
    id: game.id,
    family: game.family,
    variantId: setup.variantId,
    name: setup.game.info.name,
    options: setup.options,
    rated: game.rated,
    engineHelp: game.meta.engineHelp === true,
    tournament: game.meta.tournament ?? null,
    status: game.finished ? ('finished' as const) : ('active' as const),
    version: versionFor(game, viewer),
    players,
    viewer: viewer ?? null,
    control: game.control,
    toAct: playersToAct(game),
    deadline,
    takebackRequest: game.meta.takeback?.by ?? null,
  };
  const position = positionSeenBy(r, viewer);
  const mayAct = viewer !== undefined && !game.finished && base.toAct.includes(viewer);
  const own = byKind(
    r,
    (moves) => lineFields(moves, now),
    (rounds) => roundFields(rounds, viewer),
  );
  return {
    ...base,
    outcome: r.session.outcome ?? null,
    lostOnTime: own.lostOnTime,
    moves: own.moves,
    lastMove: own.lastMove,
    rounds: own.rounds,
    board: setup.board.model(position, viewer),
    state: own.state,
    clock: own.clock,
    drawOffer: r.session.drawOffer ?? null,
    orders: own.orders,
    legal: mayAct ? setup.board.inputs(position, viewer).map(stripMove) : [],
    position: own.position,
  };
}

/** What a view shows of one kind of game only: a line of moves and its clock, or the rounds and their orders. */
type KindFields = Pick<
  GameView,
  'lostOnTime' | 'moves' | 'lastMove' | 'rounds' | 'state' | 'clock' | 'orders' | 'position'
>;

/** A game of single moves: its line, its last move's squares, its clock and its position's text. */
function lineFields(r: SequentialPlay, now: number): KindFields {
  const { setup, session } = r;
  const h = session.history;
  // The line's texts as the stored snapshot writes them: remembered per moves list and extended by one a move, so a
  // view of a long game does not format its whole line again (only the first view after a restore does).
  const texts = lineTexts(setup.game, h);
  const st = session.status(now);
  const position = session.position;
  return {
    lostOnTime: session.lostOnTime ?? null,
    moves: texts.length === h.cursor ? texts : texts.slice(0, h.cursor),
    // The state before the last move is held beside the cursor's (history's `beforeCursor`): no replay.
    lastMove: h.cursor > 0 ? setup.board.squaresOf(stateAt(setup.game, h, h.cursor - 1), h.moves[h.cursor - 1]) : null,
    rounds: [],
    state: setup.status(position, { start: h.start, ply: h.cursor }) as unknown as Record<string, unknown>,
    clock: st.clock
      ? {
          mode: st.clock.mode,
          limit: st.clock.limit,
          running: st.clock.running ?? null,
          left: [finite(st.clock.left[0]), finite(st.clock.left[1])],
        }
      : null,
    orders: null,
    position: positionText(setup.game, position),
  };
}

/** A game of rounds: the rounds played, the viewer's own pending orders and who has submitted. */
function roundFields(r: RoundPlay, viewer: Player | undefined): KindFields {
  const { setup, session } = r;
  const mine = viewer !== undefined ? session.viewFor(viewer) : undefined;
  return {
    lostOnTime: null,
    moves: [],
    lastMove: null,
    // Encoded once per session (with the write that made it), not at every view.
    rounds: stepsPlayed(session),
    state: setup.status(session.roundStart, { start: session.roundStart, ply: session.round - 1 }) as unknown as Record<
      string,
      unknown
    >,
    clock: null,
    orders: {
      mine: mine?.ok ? mine.value.pending : [],
      submitted: [session.submitted(0), session.submitted(1)],
    },
    position: null,
  };
}
