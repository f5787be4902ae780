/**
 * The computer review at the game screen: "Review the game" once the game is over or for a record (see
 * `reviewOffered`), the review's progress with Cancel, then the evaluation over the game as a graph, each player's
 * summary, the marked moves (also marked in the move list, `ReviewSign`), and for the move on the board its mark and
 * the engine's better line.
 */
import { useEffect, useState } from 'preact/hooks';
import { formatScore, type GameReview, type PlyReview } from '@tactica/ai/review';
import { playsInRounds } from '@tactica/catalogue';
import type { LocalGame } from './local-game.js';
import { cancelReview, reviewDone, reviewOf, reviewOffered, reviewRun, startReview } from './review-state.js';
import {
  GRAPH_HEIGHT,
  GRAPH_WIDTH,
  MARK_SIGNS,
  graphPoints,
  markTitle,
  markedMoves,
  pointsText,
  reviewedMove,
} from './review-view.js';
import { useWatch } from './use-watch.js';

/** The sign of a reviewed move in the move list (`??` with its title), if the review marked it. */
export function ReviewSign(props: { game: LocalGame; ply: number; text: string }) {
  useWatch(() => reviewDone.value);
  const run = reviewDone.value;
  if (run?.gameId !== props.game.id) return null;
  const p = reviewedMove(run.review, props.ply, props.text);
  if (!p?.mark) return null;
  return (
    <span class={`review-sign mark-${p.mark}`} title={markTitle(p)} data-mark={p.mark}>
      {MARK_SIGNS[p.mark]}
    </span>
  );
}

export function ReviewPanel(props: { game: LocalGame }) {
  const { game } = props;
  useWatch(() => [reviewRun.value, game.rev.value, game.viewPly.value]);
  // A review under way belongs to its screen: leaving the game ends it.
  useEffect(() => () => cancelReview(game.id), [game]);
  const run = reviewOf(game);
  if (!run && !reviewOffered(game)) return null;
  return (
    <section class="review" aria-label="review">
      {run?.status === 'running' ? (
        <div class="row" role="status">
          <span class="spinner" aria-hidden="true" />
          <span class="review-progress">
            Reviewing the game{run.total > 0 ? `: ${run.done} of ${run.total} moves` : '…'}
          </span>
          <progress max={Math.max(1, run.total)} value={run.done} />
          <button type="button" onClick={() => cancelReview(game.id)}>
            Cancel review
          </button>
        </div>
      ) : (
        <div class="row">
          <button
            type="button"
            class="start-review"
            onClick={() => startReview(game)}
            title={`each position searched by the computer at depth ${game.setup.review.depth}`}
          >
            {run?.status === 'done' ? 'Review again' : 'Review the game'}
          </button>
          {run?.status === 'cancelled' && <span class="review-note">Review cancelled.</span>}
          {run?.status === 'failed' && <span class="review-note">The review failed: {run.message}</span>}
        </div>
      )}
      {run?.status === 'done' && <ReviewResult game={game} review={run.review} />}
    </section>
  );
}

function ReviewResult(props: { game: LocalGame; review: GameReview }) {
  const { game, review } = props;
  const sequential = !playsInRounds(game.play);
  // Sequential games: the move on the board (the one leading to the position viewed); Tactorus: the one picked.
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const at = sequential ? (game.viewPly.value ?? game.moves().cursor) - 1 : picked;
  const focus = at === undefined ? undefined : sequential ? reviewedAt(game, review, at) : review.plies[at];
  const show = (p: PlyReview): void => {
    if (sequential) game.view(p.ply + 1);
    else setPicked(p.ply);
  };
  const marked = markedMoves(review);
  return (
    <div class="review-result" data-complete={String(review.complete)}>
      <EvaluationGraph game={game} review={review} at={at} onPick={show} />
      <table class="review-summary">
        <thead>
          <tr>
            <th />
            <th>average loss</th>
            <th title="inaccuracies">?!</th>
            <th title="mistakes">?</th>
            <th title="blunders">??</th>
          </tr>
        </thead>
        <tbody>
          {review.players.map((s) => (
            <tr key={s.player} data-player={s.player}>
              <th>{game.ui.sides[s.player]}</th>
              <td>{formatScore(s.averageLoss).replace('+', '')}</td>
              <td class="count-inaccuracy">{s.marks.inaccuracy}</td>
              <td class="count-mistake">{s.marks.mistake}</td>
              <td class="count-blunder">{s.marks.blunder}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="review-scale">
        Depth {review.depth ?? '–'}; losses in {game.setup.review.unit.replace('centi-', '')} (1.00 = one), for the side
        that moved.
      </p>
      {marked.length === 0 ? (
        <p class="review-note">No move marked.</p>
      ) : (
        <ol class="review-marks">
          {marked.map((p) => (
            <li key={p.ply}>
              <button type="button" onClick={() => show(p)} title={markTitle(p)} data-ply={p.ply}>
                {moveName(game, p)} <span class={`review-sign mark-${p.mark}`}>{p.mark && MARK_SIGNS[p.mark]}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {focus && <FocusLine game={game} p={focus} />}
    </div>
  );
}

/** The review's entry of the line's move at `ply`, if it is the move reviewed (not one played after a takeback). */
function reviewedAt(game: LocalGame, review: GameReview, ply: number): PlyReview | undefined {
  const text = game
    .moves()
    .numbered.flatMap((n) => n.plies)
    .find((p) => p.ply === ply)?.text;
  return text === undefined ? undefined : reviewedMove(review, ply, text);
}

/** A reviewed move as the panel names it: its side and move (Tactorus: the round and the side's orders). */
function moveName(game: LocalGame, p: PlyReview): string {
  const side = game.ui.sides[p.player];
  if (!playsInRounds(game.play)) return `${side}: ${p.move}`;
  return `round ${Math.floor(p.ply / 2) + 1}, ${side}`;
}

/** The move on the board as the review saw it: its loss and mark, and the engine's better line. */
function FocusLine(props: { game: LocalGame; p: PlyReview }) {
  const { game, p } = props;
  const better = p.best ? 'the computer’s choice' : p.line.length > 0 ? `better: ${p.line.join(' ')}` : '';
  return (
    <p class="review-focus" data-ply={p.ply} data-mark={p.mark ?? ''}>
      <b>
        {moveName(game, p)}
        {p.mark ? ` ${MARK_SIGNS[p.mark]}` : ''}
      </b>{' '}
      {p.mark
        ? `${p.mark}, loses ${formatScore(p.loss).replace('+', '')}`
        : `loses ${formatScore(p.loss).replace('+', '')}`}
      {better && <span class="review-better"> · {better}</span>}
    </p>
  );
}

/** The evaluation after each move, the first player's advantage up, the marked moves as dots to click. */
function EvaluationGraph(props: {
  game: LocalGame;
  review: GameReview;
  at: number | undefined;
  onPick: (p: PlyReview) => void;
}) {
  const { game, review, at } = props;
  const points = graphPoints(review.graph, game.setup.review.clamp);
  const atPoint = at !== undefined ? points[at + 1] : undefined;
  return (
    <svg
      class="review-graph"
      viewBox={`0 0 ${GRAPH_WIDTH} ${GRAPH_HEIGHT}`}
      role="img"
      aria-label={`evaluation over the game, ${game.ui.sides[0]} up`}
      data-points={points.length}
      preserveAspectRatio="none"
    >
      <line class="axis" x1={0} y1={GRAPH_HEIGHT / 2} x2={GRAPH_WIDTH} y2={GRAPH_HEIGHT / 2} />
      {atPoint && <line class="at" x1={atPoint.x} y1={0} x2={atPoint.x} y2={GRAPH_HEIGHT} />}
      <polyline class="evaluation" points={pointsText(points)} />
      {review.plies.map((p, i) => {
        const pt = points[i + 1];
        if (!p.mark || !pt) return null;
        return (
          <circle key={p.ply} class={`mark-${p.mark}`} cx={pt.x} cy={pt.y} r={3} onClick={() => props.onPick(p)}>
            <title>
              {moveName(game, p)}: {markTitle(p)}
            </title>
          </circle>
        );
      })}
    </svg>
  );
}
