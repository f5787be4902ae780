/**
 * A game at this screen: the board, the game's own status and controls, the clocks, the move list with its
 * navigation and takeback/redo, resign, draw offers, switching sides, the computer's thinking (with Stop), the
 * analysis, saving and files.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { exportPlay, listing, playsInRounds, sequentialPlay } from '@tactica/catalogue';
import { reasonWords, type Player } from '@tactica/core';
import type { BoardApi } from '../board/board.js';
import { rotated, type BoardConfig } from '../board/types.js';
import { BoardView } from './board-view.js';
import { download, safeName } from './files.js';
import type { AnalysisLine, LocalGame } from './local-game.js';
import { ReviewPanel, ReviewSign } from './review-panel.js';
import { go, saveCurrent, saveTitleBase, settings } from './state.js';
import { useWatch } from './use-watch.js';

function formatMs(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '–';
  const s = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

/** One number format for the page (`toLocaleString('en')` builds one at every call: 1–2 ms each, measured). */
const NUMBER = new Intl.NumberFormat('en');

/** An endgame database's value for the side to move, as the analysis line says it. */
const PROVEN = { 1: 'won', 0: 'drawn', [-1]: 'lost' } as const;

function scoreText(score: number): string {
  if (Math.abs(score) > 90_000) return score > 0 ? 'winning' : 'losing';
  return (score >= 0 ? '+' : '') + (score / 100).toFixed(2);
}

function outcomeText(game: LocalGame): string | undefined {
  const o = game.outcome;
  if (!o) return undefined;
  const reason = 'reason' in o && typeof o.reason === 'string' ? ` (${reasonWords(o.reason)})` : '';
  if (o.kind === 'draw') return `Draw${reason}.`;
  return `${game.ui.sides[o.winner as Player]} wins${reason}.`;
}

function Clocks(props: { game: LocalGame }) {
  const { game } = props;
  // Its own subscription to the time: a running clock redraws the clocks alone.
  useWatch(() => game.now.value);
  // Only a game of moves has clocks.
  const seq = sequentialPlay(game.play);
  if (!seq) return null;
  const st = seq.session.status(Date.now());
  if (!st.clock) return null;
  const c = st.clock;
  return (
    <div class={`clocks clock-${c.limit}`} aria-label="clocks">
      {([0, 1] as const).map((p) => (
        <div
          key={p}
          class={`clock${c.running === p ? ' running' : ''}${Number.isFinite(c.left[p]) && c.left[p] < 10_000 ? ' low' : ''}`}
          data-side={p}
        >
          <span class="who">{game.ui.sides[p]}</span>
          <span class="time">{c.limit === 'off' ? formatMs(c.used[p]) : formatMs(c.left[p])}</span>
        </div>
      ))}
      <span class="clock-mode">
        {c.mode === 'move' ? 'per move' : 'per game'}, {c.limit}
      </span>
    </div>
  );
}

function MoveList(props: { game: LocalGame }) {
  const { game } = props;
  const { numbered, cursor } = game.moves();
  const view = game.viewPly.value;
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
  });
  // A game of rounds shows its rounds in its own panel, not a move list.
  if (playsInRounds(game.play)) return null;
  const at = view ?? cursor;
  return (
    <section class="moves" aria-label="moves">
      <div class="nav">
        <button
          type="button"
          onClick={() => game.view(0)}
          disabled={at === 0}
          title="first position"
          aria-label="first position"
        >
          «
        </button>
        <button
          type="button"
          onClick={() => game.view(at - 1)}
          disabled={at === 0}
          title="back"
          aria-label="back one move"
        >
          ‹
        </button>
        <button
          type="button"
          onClick={() => game.view(at + 1)}
          disabled={view === undefined}
          title="forward"
          aria-label="forward one move"
        >
          ›
        </button>
        <button
          type="button"
          onClick={() => game.view(undefined)}
          disabled={view === undefined}
          title="the game as it stands"
          aria-label="last position"
        >
          »
        </button>
      </div>
      <ol ref={list} class="move-list">
        {numbered.flatMap((n) =>
          n.plies.map(({ ply, text }, i) => {
            // Two columns, the first mover's and the reply: a number's first ply carries the number (`1.`, or
            // `1...` when the line opens with the reply, which then stands in the second column).
            const label = i === 0 ? <span class="ply">{n.reply ? `${n.number}...` : `${n.number}.`}</span> : null;
            const column = i === 0 && !n.reply ? 'first' : 'reply';
            if (ply >= cursor) {
              return (
                <li key={`u${ply}`} class={`undone ${column}`} title="taken back: redo plays it again">
                  {label} {text}
                </li>
              );
            }
            return (
              <li key={ply} class={`${column}${ply + 1 === at ? ' current' : ''}`}>
                <button type="button" onClick={() => game.view(ply + 1)}>
                  {label} {text}
                  <ReviewSign game={game} ply={ply} text={text} />
                </button>
              </li>
            );
          }),
        )}
      </ol>
    </section>
  );
}

function Thinking(props: { game: LocalGame }) {
  // Its own subscription: the engine's iterations re-render this line only, not the board.
  useWatch(() => props.game.thinking.value);
  const t = props.game.thinking.value;
  if (!t) return null;
  const it = t.iteration;
  return (
    <div class="thinking" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      <span>
        The computer ({t.level}) is thinking{it ? `: depth ${it.depth}, ${scoreText(-it.score)}` : '…'}
      </span>
      {t.thoughts.length > 0 && <q class="thought">{t.thoughts[t.thoughts.length - 1]}</q>}
      <button type="button" onClick={() => props.game.stop()}>
        Stop
      </button>
    </div>
  );
}

function AnalysisPanel(props: { game: LocalGame }) {
  const { game } = props;
  useWatch(() => [game.analysis.value, game.analysing.value, game.analysisReady.value]);
  // The analysis worker starts (and loads its game's engine) while the page is idle, not when asked to think.
  useEffect(() => game.prepareAnalysis(), [game]);
  if (playsInRounds(game.play) && !game.ui.analysisOf) return null;
  return (
    <AnalysisView
      ready={game.analysisReady.value}
      analysing={game.analysing.value}
      analysis={game.analysis.value}
      simultaneous={playsInRounds(game.play)}
      onStart={(ms) => void game.analyse(ms)}
      onStop={() => game.stopAnalysis()}
    />
  );
}

/**
 * The analysis panel as drawn: the button (Analyse this position, or Recommend orders for a simultaneous game), the
 * time asked for, Stop, and the line found. Offline games feed it from their `LocalGame`; an online Tactorus game
 * from the analysis of what its player sees.
 */
export function AnalysisView(props: {
  readonly ready: boolean;
  readonly analysing: boolean;
  readonly analysis: AnalysisLine | undefined;
  readonly simultaneous: boolean;
  onStart(timeMs: number): void;
  onStop(): void;
}) {
  const [seconds, setSeconds] = useState(10);
  const a = props.analysis;
  return (
    <section class="analysis" aria-label="analysis" data-ready={String(props.ready)}>
      <div class="row">
        {props.analysing ? (
          <button type="button" onClick={() => props.onStop()}>
            Stop analysis
          </button>
        ) : (
          <>
            <button type="button" class="analyse" onClick={() => props.onStart(seconds * 1000)}>
              {props.simultaneous ? 'Recommend orders' : 'Analyse this position'}
            </button>
            <label>
              for{' '}
              <select
                value={String(seconds)}
                onChange={(e) => setSeconds(Number((e.target as HTMLSelectElement).value))}
                aria-label="analysis time"
              >
                {[3, 10, 30, 120].map((n) => (
                  <option key={n} value={String(n)}>
                    {n} s
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
        {props.analysing && <span class="spinner" aria-hidden="true" />}
      </div>
      {a && (
        <p class="analysis-line" data-depth={a.depth}>
          <b>{scoreText(a.score)}</b> ({a.side ?? 'for the side to move'}) · {a.depthName ?? 'depth'} {a.depth} ·{' '}
          {NUMBER.format(a.nodes)} {a.nodesName ?? 'nodes'} · {a.lineName ?? 'best line'}: {a.line.join(' ')}
          {a.proven !== undefined && (
            <span class="proven" data-proven={String(a.proven)}>
              {' '}
              · the endgame databases say: {PROVEN[a.proven]}
            </span>
          )}
        </p>
      )}
    </section>
  );
}

function GameActions(props: { game: LocalGame; onNew: () => void }) {
  const { game } = props;
  const [saveText, setSaveText] = useState<string | undefined>();
  const seq = sequentialPlay(game.play)?.session;
  const over = !!game.outcome;
  const offer = game.drawOffer();
  const computerSeat = ([0, 1] as const).find((p) => game.seats[p].kind === 'computer');
  const levels = game.setup.levels;
  const exportRecord = async (formatId: string) => {
    const f = game.setup.records.find((r) => r.id === formatId);
    if (!f) return;
    const meta = {
      players: [game.ui.sides[0], game.ui.sides[1]] as const,
      site: 'Tactica (browser)',
      date: new Date().toISOString().slice(0, 10).replace(/-/g, '.'),
    };
    const r = await exportPlay(game.play, f.id, meta);
    if (!r.ok) setSaveText(r.error.message);
    else download(`${safeName(game.meta.title ?? game.family)}.${f.extension}`, r.value, f.mediaType);
  };
  return (
    <section class="actions" aria-label="game actions">
      <div class="row">
        <button type="button" onClick={props.onNew}>
          New game
        </button>
        <button
          type="button"
          onClick={() => game.takeback()}
          disabled={!seq ? false : !seq.takebackAllowed}
          title="take back (against the computer: back to your last move)"
        >
          Take back
        </button>
        <button type="button" onClick={() => game.redo()}>
          Redo
        </button>
        <button type="button" onClick={() => game.flip()} title="turn the board round">
          Flip board
        </button>
        <button type="button" onClick={() => game.switchSides()} disabled={over}>
          Switch sides
        </button>
      </div>
      <div class="row">
        <button type="button" onClick={() => confirm('Resign this game?') && game.resign()} disabled={over}>
          Resign
        </button>
        <button type="button" onClick={() => game.offerDraw()} disabled={over || offer !== undefined}>
          Offer a draw
        </button>
        {offer !== undefined && game.seats[offer === 0 ? 1 : 0].kind === 'human' && (
          <span class="draw-answer" role="group" aria-label="draw offer">
            {game.ui.sides[offer]} offers a draw:
            <button type="button" onClick={() => game.answerDraw(true)}>
              Accept
            </button>
            <button type="button" onClick={() => game.answerDraw(false)}>
              Decline
            </button>
          </span>
        )}
        {computerSeat !== undefined && (
          <label>
            Computer level{' '}
            <select
              value={(game.seats[computerSeat] as { level: string }).level}
              onChange={(e) => game.setLevel(computerSeat, (e.target as HTMLSelectElement).value)}
              aria-label="computer level"
            >
              {levels.map((l) => (
                <option value={l.id} key={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div class="row">
        <button type="button" onClick={async () => setSaveText(await saveCurrent())}>
          Save
        </button>
        <button
          type="button"
          onClick={async () => {
            const t = prompt('Save as', game.meta.title ?? saveTitleBase(game));
            if (t) setSaveText(await saveCurrent(t));
          }}
        >
          Save as…
        </button>
        <button
          type="button"
          onClick={async () => setSaveText(await saveCurrent(undefined, 'server'))}
          title="keep it in your library on the server (signed in), to open on another device"
        >
          Save on the server
        </button>
        <button
          type="button"
          onClick={() =>
            download(
              `${safeName(game.meta.title ?? game.family)}.json`,
              JSON.stringify(game.toDoc().stored, null, 1),
              'application/json',
            )
          }
        >
          Download game
        </button>
        {game.setup.records.map((f) => (
          <button type="button" key={f.id} onClick={() => void exportRecord(f.id)} title={f.name}>
            Export {f.extension.toUpperCase()}
          </button>
        ))}
        <button type="button" onClick={() => go({ screen: 'help', family: game.family })}>
          Rules
        </button>
      </div>
      {saveText && (
        <p class="save-note" role="status">
          {saveText}
        </p>
      )}
    </section>
  );
}

export function GameScreen(props: { game: LocalGame; onNew: () => void }) {
  const { game } = props;
  // What the whole screen shows. The computer's thinking, the analysis and the clocks are drawn by their own
  // components, which watch their own signals: an engine's iteration or a clock's second redraws only them.
  useWatch(() => [
    game.rev.value,
    game.notice.value,
    game.viewPly.value,
    game.check.value,
    game.report.value,
    game.handoff.value,
    game.highlights.value,
    game.arrows.value,
    game.placing.value,
    game.actionFilter.value,
    settings.value,
  ]);
  const ui = game.ui;
  const board = useRef<BoardApi | undefined>(undefined);
  const viewer = game.viewer();
  const base = ui.orientation(viewer, settings.value.boardView);
  const orientation = game.meta.flipped ? rotated(base) : base;
  const [typed, setTyped] = useState('');
  const config: BoardConfig = useMemo(
    () => ({
      model: game.model(),
      legal: game.legal(),
      orientation,
      art: ui.art,
      label: `${game.setup.game.info.name} board`,
      lastMove: game.lastMove,
      highlights: game.highlights.value,
      arrows: game.arrows.value,
      coordinates: ui.coordinates,
      squareLabels: true,
      interactive: game.viewPly.value === undefined && !game.outcome && game.handoff.value === undefined,
      placing: game.placing.value,
      animationMs: settings.value.animation ? 180 : 0,
      amountQuestion: ui.amountQuestion,
    }),
    [
      game.rev.value,
      game.viewPly.value,
      game.handoff.value,
      game.actionFilter.value,
      game.highlights.value,
      game.arrows.value,
      game.placing.value,
      orientation.rankZeroAt,
      orientation.fileZeroAt,
      settings.value.animation,
    ],
  );
  const outcome = outcomeText(game);
  const Controls = ui.Controls;
  const Status = ui.Status;
  const UnderBoard = ui.UnderBoard;
  return (
    <div class={`game-screen family-${game.family}`} data-family={game.family} data-version={game.version}>
      <div class="board-column">
        <Clocks game={game} />
        <BoardView
          config={config}
          onInput={(i) => game.input(i)}
          onIllegal={(i) => game.explain(i)}
          onSquare={(sq) => game.squareHook?.(sq) ?? false}
          onSelect={(sq) => game.selectHook?.(sq)}
          onReady={(b) => (board.current = b)}
        />
        {UnderBoard && <UnderBoard game={game} />}
        <form
          class="typed-move"
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.trim() && game.typed(typed)) setTyped('');
          }}
        >
          <label for="typed">Type a move</label>
          <input
            id="typed"
            value={typed}
            onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
            autocomplete="off"
            placeholder={`e.g. ${listing(game.family).moveExample}`}
          />
          <button type="submit">Play</button>
        </form>
        <p class="notice" role="status" aria-live="polite">
          {game.notice.value ?? ''}
        </p>
      </div>
      <div class="side-column">
        <h2 class="game-title">
          {game.setup.game.info.name}
          {game.meta.title ? ` — ${game.meta.title}` : ''}
        </h2>
        {outcome && (
          <p class="outcome" role="alert">
            {outcome}
          </p>
        )}
        <Thinking game={game} />
        <Status game={game} />
        {Controls && <Controls game={game} />}
        <MoveList game={game} />
        <AnalysisPanel game={game} />
        <ReviewPanel game={game} />
        <GameActions game={game} onNew={props.onNew} />
      </div>
    </div>
  );
}
