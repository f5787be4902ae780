/**
 * Tactorus as the Palm screen had it: the 10×10 board numbered 00–99 from the top-left, the flanks each player
 * brought, the home rows (dashed with Supply Lines), the High Ground's dotted centre, a chain under the board with
 * Chain moves; order entry for every unit (drag a unit one or two squares; click an ordered unit to withdraw its
 * order) with the scheduling rules' own reasons when an order is refused, the orders left this round, Next, the
 * hand-over at one screen, the Movement Check, the round report, and the rule alterations. The computer chooses
 * its orders in a Web Worker from what its own seat observes.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Player, StepText } from '@tactica/core';
import type { Analysis } from '@tactica/ai';
import type { TactorusSetup, TactorusStatus } from '@tactica/catalogue/tactorus';
import {
  describeRound,
  formatCommand,
  formatOrders,
  lastRound,
  observe,
  parseOrder,
  resolveRoundWithReport,
  squareName,
  type Order,
  type RoundReport,
  type Rules,
  type TactorusMove,
  type TactorusState,
} from '@tactica/tactorus';
import { tactorusArt } from '../board/art.js';
import { engineFor, stopEngine } from '../app/engines.js';
import { AnalysisView } from '../app/game-screen.js';
import { THINKING_REFRESH_MS, type AnalysisLine } from '../app/local-game.js';
import { throttle } from '../app/throttle.js';
import type { Arrow } from '../board/types.js';
import { defineGameUi, type LocalGameOf, type OnlineControlsProps, type PanelProps } from './game-ui.js';

const RULES: readonly { key: keyof Rules; label: string }[] = [
  { key: 'chain', label: 'Chain moves' },
  { key: 'supplyLines', label: 'Supply Lines' },
  { key: 'highGround', label: 'High Ground' },
];

/** A Tactorus game played in this browser, as the panels here see it. */
type TactorusGame = LocalGameOf<TactorusSetup>;

function ordersOf(game: TactorusGame, p: Player): readonly Order[] {
  return game.ownPosition(p).orders[p];
}

/** The colours of the board's art: Player 1 blue, Player 2 red. */
const COLOUR_NAMES = ['Blue', 'Red'] as const;
const UNIT_KINDS = [
  ['flag', 'Flag'],
  ['infantry', 'Infantry'],
  ['cavalry', 'Cavalry'],
  ['artillery', 'Artillery'],
] as const;

/** A key to the unit icons, drawn with the board's own art in the player's colour. */
function UnitKey(props: { owner: Player }) {
  return (
    <ul class="unit-key" aria-label="unit key">
      {UNIT_KINDS.map(([kind, name]) => (
        <li key={kind} data-kind={kind}>
          <svg
            viewBox="0 0 100 100"
            aria-hidden="true"
            dangerouslySetInnerHTML={{ __html: tactorusArt({ kind, owner: props.owner, symbol: '', name }) }}
          />
          {name}
        </li>
      ))}
    </ul>
  );
}

function Status({ game }: PanelProps<TactorusSetup>) {
  const st = game.status();
  const s = game.play.session;
  const p = game.actor();
  const viewer = game.viewer();
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
            {!game.outcome ? ` · ${s.submitted(q) ? 'orders in' : 'giving orders'}` : ''}
          </li>
        ))}
      </ul>
      {viewer !== undefined && (
        <p class="you-are">
          You are {COLOUR_NAMES[viewer]} (Player {viewer + 1}){' '}
          <span class={`swatch side-${viewer}`} aria-hidden="true" />
        </p>
      )}
      <UnitKey owner={viewer ?? 0} />
      {p !== undefined && (
        <p class="orders-left">
          Player {p + 1}: {given} order{given === 1 ? '' : 's'} given, {Math.max(0, st.allowance[p] - given)} left
        </p>
      )}
    </section>
  );
}

/** The manual: "When this rules alteration is enabled a chain-like graphic will be depicted below the Tactorus board." */
function ChainPicture() {
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

function UnderBoard({ game }: PanelProps<TactorusSetup>) {
  return game.status().rules.chain ? <ChainPicture /> : null;
}

/**
 * The Movement Check: each side's orders for the round and OK. Back (to change one's orders) only where the other
 * side's orders are hidden (online); where the check shows them, the orders were committed before it opened.
 * A panel among the controls, not a dialog over the page **(ours)**: the board stays in sight beside it.
 */
function MovementCheck(props: {
  readonly round: number;
  readonly lines: readonly [string, string];
  onBack?: (() => void) | undefined;
  onOk(): void;
}) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.scrollIntoView({ block: 'nearest' }), []);
  return (
    <section ref={panel} class="movement-check" aria-label="movement check">
      <h3>Movement Check — round {props.round}</h3>
      <p>Player 1: {props.lines[0] || 'no orders'}</p>
      <p>Player 2: {props.lines[1] || 'no orders'}</p>
      <div class="buttons">
        {props.onBack && (
          <button type="button" onClick={() => props.onBack?.()}>
            Back
          </button>
        )}
        <button type="button" class="primary" onClick={() => props.onOk()}>
          OK
        </button>
      </div>
    </section>
  );
}

/** The report of the last round carried out: what met where and what was eliminated. */
function RoundReportPanel(props: { readonly report: string }) {
  return (
    <details class="round-report" open>
      <summary>Round report</summary>
      <pre>{props.report}</pre>
    </details>
  );
}

/** How the analysis reads for a player: the Tactorus engine refines order sets and tries rounds. */
function recommendationNames(player: Player) {
  return {
    side: `for Player ${player + 1}`,
    depthName: 'refinement passes',
    nodesName: 'rounds tried',
    lineName: `orders recommended for Player ${player + 1}`,
  };
}

/** The orders an analysis recommends, written out and as arrows on the board. */
function describeRecommendation(a: Analysis<unknown>): { line: readonly string[]; arrows: readonly Arrow[] } {
  const orders = (a.pv[0] ?? []) as readonly Order[];
  return {
    line: orders.length ? [formatOrders(orders, ' ')] : ['none'],
    arrows: orders.map((o) => ({ from: squareName(o.from), to: squareName(o.to), kind: 'best' as const })),
  };
}

function Controls({ game }: PanelProps<TactorusSetup>) {
  const [rulesOpen, setRulesOpen] = useState(false);
  const check = game.check.value;
  const handoff = game.handoff.value;
  const report = game.report.value;
  const p = game.actor();
  const st = game.status();
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
      {check && <MovementCheck round={check.round} lines={check.lines} onOk={() => game.confirmRound()} />}
      {report && <RoundReportPanel report={report} />}
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

function OnlineStatus({ state }: { state: TactorusStatus }) {
  return <p class="status-words">{state.line}</p>;
}

/**
 * The rounds of an online game carried out again from its start (the catalogue's setup of its options) with the
 * orders the server reports played: the board the round under way started from and the last round's report. The
 * server's view carries the rounds' orders, not the boards between them.
 */
async function replayRounds(
  options: Readonly<Record<string, unknown>>,
  steps: readonly StepText[],
): Promise<{ readonly board: string; readonly report: RoundReport | undefined } | undefined> {
  // The catalogue's own Tactorus entry, loaded as `loadEntry('tactorus')` loads it: its setup's positions are typed.
  const setup = (await import('@tactica/catalogue/tactorus')).tactorusEntry.setup(options);
  if (!setup.ok) return undefined;
  let board = setup.value.initial().board;
  let report: RoundReport | undefined;
  for (const [i, round] of steps.entries()) {
    // A game's own command (a customized board, a rule change) is not replayed here: no report rather than a wrong one.
    if ('command' in round) return undefined;
    // A round's steps are each player's inputs in the game's notation: orders, withdrawals (w84) and done.
    const orders: Order[][] = [[], []];
    for (const p of [0, 1] as const) {
      for (const text of round[p]) {
        if (text === 'done') continue;
        const withdrawn = /^w(\d\d)$/.exec(text);
        const o = withdrawn ? undefined : parseOrder(text);
        if (o && !o.ok) return undefined;
        const from = o ? o.value.from : Number(withdrawn?.[1]);
        orders[p] = (orders[p] ?? []).filter((q) => q.from !== from);
        if (o) orders[p]?.push(o.value);
      }
    }
    const r = resolveRoundWithReport(board, [orders[0] ?? [], orders[1] ?? []], i + 1);
    board = r.board;
    report = r.report;
  }
  return { board, report };
}

/**
 * An online Tactorus game's orders, as the offline screen has them: the orders given, Next bringing the Movement
 * Check (the orders are sent as done only after OK; the opponent's stay hidden until the round is carried out),
 * Withdraw all, the report of the last round carried out, and Recommend orders on what this player sees (the board
 * at the round's start and their own orders) — against the server's computer, never in a game in progress between
 * people (fair play, online/fair-play.ts).
 */
function OnlineControls({ view, act, send, withdraw, showArrows, engineHelp }: OnlineControlsProps<TactorusStatus>) {
  const [checking, setChecking] = useState(false);
  const [replayed, setReplayed] = useState<Awaited<ReturnType<typeof replayRounds>>>();
  const [analysis, setAnalysis] = useState<AnalysisLine | undefined>();
  const [analysing, setAnalysing] = useState(false);
  const [ready, setReady] = useState(false);
  const asked = useRef(0);
  const searching = useRef(false);
  const seat = view.viewer;
  const rules = view.state.rules;
  useEffect(() => {
    let live = true;
    void replayRounds(view.options, view.rounds).then((r) => live && setReplayed(r));
    return () => {
      live = false;
    };
  }, [view.rounds.length, view.id]);
  useEffect(() => {
    // A new view (an order given, a round played) makes an earlier recommendation stale.
    asked.current++;
    setAnalysis(undefined);
    showArrows([]);
  }, [view.version]);
  useEffect(() => {
    // Between people the engine is not offered (fair play): not even loaded.
    if (!engineHelp) return undefined;
    engineFor('tactorus', 'analyse')
      .ready()
      .then(
        () => setReady(true),
        () => undefined,
      );
    // Leaving the game stops a recommendation under way (and only then: a stop asked of an idle worker is not sent).
    return () => {
      if (searching.current) stopEngine('tactorus', 'analyse');
    };
  }, []);
  const orders = view.orders;
  const round = view.rounds.length + 1;
  const recommend = async (timeMs: number): Promise<void> => {
    if (seat === null || !replayed || !orders || !engineHelp) return;
    const mine: Order[] = [];
    for (const text of orders.mine) {
      const o = parseOrder(text);
      if (o.ok) mine.push(o.value);
    }
    const state: TactorusState = {
      board: replayed.board,
      round: view.rounds.length,
      rules,
      orders: seat === 0 ? [mine, []] : [[], mine],
      committed: seat === 0 ? [orders.submitted[0], false] : [false, orders.submitted[1]],
    };
    const ticket = ++asked.current;
    searching.current = true;
    setAnalysing(true);
    setAnalysis(undefined);
    const show = throttle((a: Analysis<unknown>): void => {
      if (asked.current !== ticket) return;
      const { line, arrows } = describeRecommendation(a);
      setAnalysis({
        ...recommendationNames(seat),
        depth: a.depth,
        score: a.score,
        nodes: a.nodes,
        timeMs: a.timeMs,
        line,
      });
      showArrows(arrows);
    }, THINKING_REFRESH_MS);
    try {
      const a = await engineFor('tactorus', 'analyse').analyse(observe(state, seat), {
        timeMs,
        depth: 64,
        onIteration: (it) => show.push(it),
      });
      show.push(a);
      show.flush();
    } catch (e) {
      show.cancel();
      await act(() => Promise.reject(e));
    } finally {
      searching.current = false;
      setAnalysing(false);
    }
  };
  const other = seat === 0 ? 1 : 0;
  const mineLine = orders?.mine.join(', ') ?? '';
  const otherLine = orders?.submitted[other] ? 'given (hidden until the round is carried out)' : 'still choosing';
  return (
    <>
      {orders && seat !== null && (
        <section class="controls tactorus-controls" aria-label="orders">
          <p>
            Your orders this round: {mineLine || 'none'};{' '}
            {orders.submitted[other] ? 'your opponent has given theirs' : 'your opponent is still choosing'}.
          </p>
          <div class="row">
            <button
              type="button"
              class="primary"
              onClick={() => setChecking(true)}
              disabled={orders.submitted[seat] || view.status !== 'active'}
            >
              Next
            </button>
            <button type="button" onClick={() => void act(withdraw)}>
              Withdraw all
            </button>
          </div>
          {checking && (
            <MovementCheck
              round={round}
              lines={seat === 0 ? [mineLine, otherLine] : [otherLine, mineLine]}
              onBack={() => setChecking(false)}
              onOk={() => {
                setChecking(false);
                send({ action: 'done' });
              }}
            />
          )}
        </section>
      )}
      {replayed?.report && <RoundReportPanel report={describeRound(replayed.report)} />}
      {seat !== null && view.status === 'active' && engineHelp && (
        <AnalysisView
          ready={ready}
          analysing={analysing}
          analysis={analysis}
          simultaneous
          onStart={(ms) => void recommend(ms)}
          onStop={() => stopEngine('tactorus', 'analyse')}
        />
      )}
    </>
  );
}

function OnlineUnderBoard({ state }: { state: TactorusStatus }) {
  return state.rules.chain ? <ChainPicture /> : null;
}

export const tactorusUi = defineGameUi<TactorusSetup>({
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
  OnlineControls,
  OnlineUnderBoard,
  async computerMoves(game, player, level) {
    const view = observe(game.play.session.position, player);
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
    const view = observe(game.ownPosition(player), player);
    return { state: view, names: recommendationNames(player), describe: describeRecommendation };
  },
  ordersText(game, player) {
    return formatOrders(ordersOf(game, player), ', ');
  },
  roundReport(game) {
    const played = lastRound(game.play.session);
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
});
