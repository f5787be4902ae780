/**
 * Tactorus as the Palm screen had it: the 10×10 board numbered 00–99 from the top-left, the flanks each player
 * brought, the home rows (dashed with Supply Lines), the High Ground's dotted centre, a chain under the board with
 * Chain moves; order entry for every unit (drag a unit one or two squares; click an ordered unit to withdraw its
 * order) with the scheduling rules' own reasons when an order is refused, the orders left this round, Next, the
 * hand-over at one screen, the Movement Check, the round report, and the rule alterations. The computer chooses
 * its orders in a Web Worker from what its own seat observes.
 */
import { useState } from 'preact/hooks';
import type { Player } from '@tactica/core';
import {
  describeRound,
  formatCommand,
  formatOrders,
  lastRound,
  observe,
  squareName,
  type Order,
  type Rules,
  type TactorusCore,
  type TactorusMove,
  type TactorusState,
} from '@tactica/tactorus';
import { tactorusArt } from '../board/art.js';
import { engineFor } from '../app/engines.js';
import type { LocalGame } from '../app/local-game.js';
import type { GameUi, PanelProps } from './game-ui.js';

interface Units {
  readonly flag: number;
  readonly artillery: number;
  readonly cavalry: number;
  readonly infantry: number;
  readonly total: number;
}

/** The catalogue's Tactorus status, as much of it as the panel reads. */
interface TactorusStatusView {
  readonly round: number;
  readonly roundLimit: number;
  readonly rules: Rules;
  readonly units: readonly [Units, Units];
  readonly allowance: readonly [number, number];
  readonly line: string;
}

const RULES: readonly { key: keyof Rules; label: string }[] = [
  { key: 'chain', label: 'Chain moves' },
  { key: 'supplyLines', label: 'Supply Lines' },
  { key: 'highGround', label: 'High Ground' },
];

function ordersOf(game: LocalGame, p: Player): readonly Order[] {
  return (game.ownPosition(p) as TactorusState).orders[p];
}

function Status({ game }: PanelProps) {
  const st = game.status() as unknown as TactorusStatusView;
  const s = game.play.dynamics === 'simultaneous' ? game.play.session : undefined;
  const p = game.actor();
  const given = p === undefined ? 0 : ordersOf(game, p).length;
  return (
    <section class="status tactorus-status" aria-label="status">
      <p class="status-line">
        {game.outcome
          ? `Game over after ${st.round - 1} round${st.round === 2 ? '' : 's'}`
          : `Round ${st.round} of ${st.roundLimit}`}{' '}
        ·{' '}
        {RULES.filter((r) => st.rules[r.key])
          .map((r) => r.label)
          .join(', ') || 'basic rules'}
      </p>
      <ul>
        {([0, 1] as const).map((q) => (
          <li key={q}>
            <b>Player {q + 1}</b>: {st.units[q].total} unit{st.units[q].total === 1 ? '' : 's'} ({st.units[q].infantry}{' '}
            infantry, {st.units[q].cavalry} cavalry, {st.units[q].artillery} artillery,{' '}
            {st.units[q].flag ? 'flag' : 'no flag'}) · {st.allowance[q]} order{st.allowance[q] === 1 ? '' : 's'} a round
            {s && !game.outcome ? ` · ${s.submitted(q) ? 'orders in' : 'giving orders'}` : ''}
          </li>
        ))}
      </ul>
      {p !== undefined && (
        <p class="orders-left">
          Player {p + 1}: {given} order{given === 1 ? '' : 's'} given, {Math.max(0, st.allowance[p] - given)} left
        </p>
      )}
    </section>
  );
}

/** The manual: "When this rules alteration is enabled a chain-like graphic will be depicted below the Tactorus board." */
function UnderBoard({ game }: PanelProps) {
  const st = game.status() as unknown as TactorusStatusView;
  if (!st.rules.chain) return null;
  const links = 12;
  return (
    <svg class="chain" viewBox={`0 0 ${links * 24 + 8} 16`} role="img" aria-label="Chain moves are on">
      <title>Chain moves</title>
      {Array.from({ length: links }, (_, i) =>
        i % 2 === 0 ? (
          <rect key={i} x={4 + i * 24} y={3} width={32} height={10} rx={5} />
        ) : (
          <line key={i} x1={8 + i * 24} y1={8} x2={32 + i * 24} y2={8} />
        ),
      )}
    </svg>
  );
}

function Controls({ game }: PanelProps) {
  const [rulesOpen, setRulesOpen] = useState(false);
  const check = game.check.value;
  const handoff = game.handoff.value;
  const report = game.report.value;
  const p = game.actor();
  const st = game.status() as unknown as TactorusStatusView;
  return (
    <section class="controls tactorus-controls" aria-label="orders">
      {handoff !== undefined && (
        <div class="handoff" role="dialog" aria-label="hand over">
          <p>
            Player {handoff === 0 ? 2 : 1}'s orders are in and hidden. Hand the screen to Player {handoff + 1}.
          </p>
          <button type="button" class="primary" onClick={() => game.takeOver()}>
            I am Player {handoff + 1}
          </button>
        </div>
      )}
      {p !== undefined && (
        <div class="row">
          <span>Player {p + 1}: drag a unit one or two squares to order it; click an ordered unit to withdraw.</span>
          <button type="button" class="primary" onClick={() => game.next()}>
            Next
          </button>
        </div>
      )}
      {check && (
        <div class="modal-back">
          <div class="modal movement-check" role="dialog" aria-modal="true" aria-label="movement check">
            <h3>Movement Check — round {check.round}</h3>
            <p>Player 1: {check.lines[0] || 'no orders'}</p>
            <p>Player 2: {check.lines[1] || 'no orders'}</p>
            <div class="buttons">
              <button type="button" onClick={() => game.cancelCheck()}>
                Back
              </button>
              <button type="button" class="primary" onClick={() => game.confirmRound()}>
                OK
              </button>
            </div>
          </div>
        </div>
      )}
      {report && (
        <details class="round-report" open>
          <summary>Round report</summary>
          <pre>{report}</pre>
        </details>
      )}
      <button type="button" onClick={() => setRulesOpen(!rulesOpen)} aria-expanded={rulesOpen}>
        Rule alterations…
      </button>
      {rulesOpen && (
        <form
          class="rules-form"
          onSubmit={(e) => {
            e.preventDefault();
            const f = e.currentTarget as HTMLFormElement;
            const rules: Rules = {
              chain: (f.elements.namedItem('chain') as HTMLInputElement).checked,
              supplyLines: (f.elements.namedItem('supplyLines') as HTMLInputElement).checked,
              highGround: (f.elements.namedItem('highGround') as HTMLInputElement).checked,
            };
            game.command(formatCommand({ type: 'rules', rules }));
            setRulesOpen(false);
          }}
        >
          {RULES.map((r) => (
            <label key={r.key}>
              <input type="checkbox" name={r.key} checked={st.rules[r.key]} /> {r.label}
            </label>
          ))}
          <small>Changing the rules drops this round's orders (Tactorus 3.5: the rules may change mid-game).</small>
          <button type="submit">Apply</button>
        </form>
      )}
    </section>
  );
}

function OnlineStatus(props: { state: Readonly<Record<string, unknown>> }) {
  return <p class="status-words">{String(props.state['line'] ?? '')}</p>;
}

export const tactorusUi: GameUi = {
  family: 'tactorus',
  art: tactorusArt,
  sides: ['Player 1', 'Player 2'],
  coordinates: true,
  orientation(viewer) {
    // 00 at the top-left as Player 1 looks at it; Board->Rotate turns it.
    return viewer === 1 ? { rankZeroAt: 'top', fileZeroAt: 'right' } : { rankZeroAt: 'bottom', fileZeroAt: 'left' };
  },
  Status,
  UnderBoard,
  Controls,
  OnlineStatus,
  async computerMoves(game, player, level) {
    const state = game.play.session.position as TactorusState;
    const view = observe(state, player);
    const choice = await engineFor('tactorus', 'play').choose(view, level, {
      seed: Math.floor(Math.random() * 2 ** 31),
    });
    const chosen = choice.move as readonly Order[];
    return [
      ...[...view.orders].reverse().map((o): TactorusMove => ({ type: 'withdraw', player, from: o.from })),
      ...chosen.map((o): TactorusMove => ({ type: 'order', player, from: o.from, to: o.to })),
      { type: 'done', player },
    ];
  },
  analysisOf(game, player) {
    // The engine is given what the player's own seat observes: the board at the round's start and their own orders.
    const view = observe(game.ownPosition(player) as TactorusState, player);
    return {
      state: view,
      names: {
        side: `for Player ${player + 1}`,
        depthName: 'refinement passes',
        nodesName: 'rounds tried',
        lineName: `orders recommended for Player ${player + 1}`,
      },
      describe(a) {
        const orders = (a.pv[0] ?? []) as readonly Order[];
        return {
          line: orders.length ? [formatOrders(orders, ' ')] : ['none'],
          arrows: orders.map((o) => ({ from: squareName(o.from), to: squareName(o.to), kind: 'best' as const })),
        };
      },
    };
  },
  ordersText(game, player) {
    return formatOrders(ordersOf(game, player), ', ');
  },
  roundReport(game) {
    if (game.play.dynamics !== 'simultaneous') return undefined;
    const played = lastRound(game.play.session as unknown as TactorusCore);
    return played ? describeRound(played.report) : undefined;
  },
  help: {
    title: 'Tactorus',
    sections: [
      {
        heading: 'The game',
        body: (
          <p>
            Both players give their orders for a round in secret; then both are carried out at once. Capture the enemy
            flag with your infantry to win. Squares are numbered 00 to 99 from the top-left, row then column.
          </p>
        ),
      },
      {
        heading: 'Orders',
        body: (
          <ul>
            <li>Every unit may be ordered one or two squares up, down, left, right or diagonally.</li>
            <li>
              Never onto a square one of your units holds now or is ordered to (with Chain moves: unless that unit is
              ordered away, so three or more can move in a line).
            </li>
            <li>
              Supply Lines: 10 orders a round, minus 2 for each square of your home row an enemy holds (at least 1).
              High Ground: 10, plus 1 for each of the 16 centre squares you hold.
            </li>
          </ul>
        ),
      },
      {
        heading: 'Carrying out a round',
        body: (
          <ul>
            <li>
              Capture stage: like units remove each other; infantry removes all others; cavalry removes artillery;
              artillery removes none; flags remove cavalry and artillery.
            </li>
            <li>
              Elimination stage: infantry next to enemy cavalry or artillery, and infantry or cavalry next to enemy
              artillery, are removed.
            </li>
            <li>
              A tie: both flags taken in one round, no infantry left on either side, equal infantry at round 50, or a
              flag that takes the other flag.
            </li>
          </ul>
        ),
      },
      {
        heading: 'Playing here',
        body: (
          <ul>
            <li>
              Drag a unit to order it; an arrow shows the order. Click an ordered unit to withdraw its order. Press Next
              when your orders are in.
            </li>
            <li>
              At one screen, Player 1's orders are hidden while the screen is handed to Player 2. The Movement Check
              shows both sides' orders before the round is carried out, and the round report says what met where.
            </li>
            <li>You may type orders too: 84-64, w84 to withdraw, done.</li>
          </ul>
        ),
      },
    ],
  },
};
