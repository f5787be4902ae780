/**
 * The parts of the online game screen around the board: the clocks, the game's heading and state, the orders of a
 * simultaneous game, the moves, the players' actions (resign, draw, takeback) and the screen's own buttons.
 */
import type { BoardInput } from '@tactica/catalogue';
import type { Player } from '@tactica/core';
import { download } from '../app/files.js';
import type { GameUi } from '../games/game-ui.js';
import { Rematch } from './after-game.js';
import { api, type GameView } from './api.js';
import { controlText } from './listing-words.js';
import { resultWords } from './result-words.js';
import { openGame, streamOf } from './session.js';

/** Runs a command of the game, showing its refusal (if any) over the board. */
export type Act = (f: () => Promise<unknown>) => Promise<void>;

function msText(ms: number | null): string {
  if (ms === null) return '–';
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Whether the game lets a player ask for a takeback: blitz forbids it (manual 3.3.3), so no button is offered. */
function takebackOffered(view: GameView): boolean {
  return !(view.control.kind === 'live' && view.control.limit === 'blitz');
}

/** The players' clocks, the running one counted down from when its view arrived. */
export function GameClocks(props: { view: GameView; names: readonly [string, string]; now: number; received: number }) {
  const { view, names } = props;
  const leftOf = (p: Player): number | null => {
    const l = view.clock?.left[p] ?? null;
    if (l === null) return null;
    return view.clock?.running === p ? l - (props.now - props.received) : l;
  };
  if (!view.clock) return null;
  return (
    <div class="clocks">
      {([0, 1] as const).map((p) => (
        <div key={p} class={`clock${view.clock?.running === p ? ' running' : ''}`} data-side={p}>
          <span class="who">{names[p]}</span>
          <span class="time">{msText(leftOf(p))}</span>
        </div>
      ))}
    </div>
  );
}

/** The game's title, who this player is in it and its terms, its result (with Rematch) or who is to act. */
export function GameHeading(props: { view: GameView; ui: GameUi; names: readonly [string, string] }) {
  const { view, names } = props;
  const seat = view.viewer;
  const outcome = view.outcome;
  return (
    <>
      <h2 class="game-title">
        #{view.id} {view.name}: {names[0]} – {names[1]}
      </h2>
      <p>
        {seat === null ? 'You are watching.' : `You play ${props.ui.sides[seat]}.`} {controlText(view.control)}
        {view.rated ? ', rated' : view.engineHelp ? ', engine help allowed by agreement' : ''}
        {view.tournament !== null && view.tournament !== undefined ? ` · tournament #${view.tournament}` : ''}
        {view.deadline && view.control.kind === 'correspondence'
          ? ` · next deadline ${new Date(view.deadline).toLocaleString()}`
          : ''}
      </p>
      {outcome && (
        <p class="outcome" role="alert">
          {resultWords(outcome, names)}
        </p>
      )}
      <Rematch view={view} stream={streamOf} open={(id) => (openGame.value = id)} />
      {!outcome && (
        <p>
          {view.toAct.map((p) => names[p]).join(' and ')} to {view.orders ? 'give orders' : 'move'}.
        </p>
      )}
    </>
  );
}

/** A simultaneous game's orders for a game with no controls of its own: this round's so far, Next and Withdraw. */
export function OrdersPanel(props: {
  view: GameView;
  seat: Player;
  send: (input: BoardInput) => void;
  act: Act;
  withdraw: () => Promise<unknown>;
}) {
  const { view, seat } = props;
  if (!view.orders) return null;
  return (
    <section aria-label="orders">
      <p>
        Your orders this round: {view.orders.mine.join(', ') || 'none'};{' '}
        {view.orders.submitted[seat === 0 ? 1 : 0]
          ? 'your opponent has given theirs'
          : 'your opponent is still choosing'}
        .
      </p>
      <div class="row">
        <button
          type="button"
          class="primary"
          onClick={() => props.send({ action: 'done' })}
          disabled={view.orders.submitted[seat]}
        >
          Next (done)
        </button>
        <button type="button" onClick={() => void props.act(props.withdraw)}>
          Withdraw all
        </button>
      </div>
    </section>
  );
}

export function MoveList(props: { view: GameView }) {
  return (
    <section aria-label="moves">
      <ol class="move-list">
        {props.view.moves.map((m, i) => (
          <li key={i}>
            {i + 1}. {m}
          </li>
        ))}
        {props.view.rounds.map((r, i) => (
          <li key={`r${i}`}>
            {'command' in r ? `${i + 1}. ${r.command}` : `Round ${i + 1}: ${r[0].join(' ')} / ${r[1].join(' ')}`}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A player's actions in a game in progress: resign, offer or answer a draw, ask for or answer a takeback. */
export function PlayerActions(props: { view: GameView; seat: Player; act: Act }) {
  const { view, seat, act } = props;
  const draw = (answer: 'offer' | 'accept' | 'decline') => void act(() => api.draw(view.id, view.version, answer));
  const takeback = (answer: 'request' | 'accept' | 'decline') =>
    void act(() => api.takeback(view.id, view.version, answer));
  return (
    <section class="actions">
      <div class="row">
        <button type="button" onClick={() => confirm('Resign?') && void act(() => api.resign(view.id, view.version))}>
          Resign
        </button>
        {view.drawOffer === null && (
          <button type="button" onClick={() => draw('offer')}>
            Offer a draw
          </button>
        )}
        {view.drawOffer !== null && view.drawOffer !== seat && (
          <>
            <span>Draw offered:</span>
            <button type="button" onClick={() => draw('accept')}>
              Accept
            </button>
            <button type="button" onClick={() => draw('decline')}>
              Decline
            </button>
          </>
        )}
        {view.takebackRequest === null && takebackOffered(view) && (
          <button type="button" onClick={() => takeback('request')}>
            Ask to take back
          </button>
        )}
        {view.takebackRequest !== null && view.takebackRequest !== seat && (
          <>
            <span>Takeback asked:</span>
            <button type="button" onClick={() => takeback('accept')}>
              Accept
            </button>
            <button type="button" onClick={() => takeback('decline')}>
              Decline
            </button>
          </>
        )}
      </div>
    </section>
  );
}

/** The screen's own buttons, for players and spectators alike: flip the board, export the record, back to the lobby. */
export function ScreenActions(props: { view: GameView; act: Act; flip: () => void }) {
  const { view, act } = props;
  return (
    <section class="actions">
      <div class="row">
        <button type="button" onClick={props.flip}>
          Flip board
        </button>
        <button
          type="button"
          onClick={() => void act(async () => download(`tactica-${view.id}.txt`, await api.exportRecord(view.id)))}
        >
          Export record
        </button>
        <button type="button" onClick={() => (openGame.value = undefined)}>
          Back to the lobby
        </button>
      </div>
    </section>
  );
}
