/**
 * Tactics as its help page draws it (rank 1 at the top and file A on the left when Black's side is below, turned
 * round when White's is), each piece a rounded tile with arrows
 * on its mobile face and the opponent's colour, an S and diamonds on its frozen face, and Black's pieces starred.
 * The status: side and move, plies without a flip and repetitions against the draw limits, pieces mobile and frozen.
 */
import type { TacticsSetup, TacticsStatus } from '@tactica/catalogue/tactics';
import { tacticsArt } from '../board/art.js';
import { tacticsDrawCounts, tacticsSide } from './status-words.js';
import { defineGameUi, type PanelProps } from './game-ui.js';

function Status({ game }: PanelProps<TacticsSetup>) {
  const st = game.status();
  return (
    <section class="status tactics-status" aria-label="status">
      <p class="status-line">
        {st.toMove.length ? `${game.ui.sides[st.turn]} to move` : 'Game over'} · move {st.moveLabel}
      </p>
      <ul>
        {([0, 1] as const).map((p) => (
          <li key={p}>
            <b>{game.ui.sides[p]}</b>: {tacticsSide(st.pieces[p], st.mobile[p], st.frozen[p])}
          </li>
        ))}
      </ul>
      <p class="small">{tacticsDrawCounts(st.quietPlies, st.quietLimit, st.repetitions, st.repetitionLimit)}</p>
    </section>
  );
}

function OnlineStatus({ state: st }: { state: TacticsStatus }) {
  return (
    <p class="status-words">
      Move {st.moveLabel} · mobile {st.mobile[0]}/{st.mobile[1]} · frozen {st.frozen[0]}/{st.frozen[1]}
    </p>
  );
}

export const tacticsUi = defineGameUi<TacticsSetup>({
  family: 'tactics',
  art: tacticsArt,
  sides: ['White', 'Black'],
  coordinates: true,
  orientation(viewer, view) {
    // The help page's diagrams print rank 1 (White's home) at the top, A on the left: Black's side at the bottom.
    // As in every game here, the side at the bottom is the person's ("My side at the bottom") or else White's, the
    // diagram turned round (issue 39: White's player had Black's side below).
    const blackBelow = view === 'viewer' && viewer === 1;
    return blackBelow ? { rankZeroAt: 'top', fileZeroAt: 'left' } : { rankZeroAt: 'bottom', fileZeroAt: 'right' };
  },
  Status,
  OnlineStatus,
  help: {
    title: 'Tactics',
    sections: [
      {
        heading: 'Object of the game',
        body: <p>Prevent your opponent from moving.</p>,
      },
      {
        heading: 'Moves and pieces',
        body: (
          <p>
            Each player starts with 4 rooks, 2 bishops and 2 queens on their back rank (White on rank 1, Black on rank
            8). Rooks move orthogonally, bishops diagonally, queens both, any distance over empty squares to an empty
            square. Every piece has two faces: its owner's colour, with arrows, when it is mobile; the other colour,
            with an S and diamonds, when it is frozen. A frozen piece cannot move until it is flipped back.
          </p>
        ),
      },
      {
        heading: 'Flipping',
        body: (
          <ul>
            <li>
              Like Othello: a line of pieces showing the opponent's colour, closed at both ends by pieces showing yours,
              flips over — along ranks and files only, never diagonals.
            </li>
            <li>Moving between two pieces showing the opponent's colour flips them.</li>
            <li>Your own move never flips pieces showing your colour.</li>
          </ul>
        ),
      },
      {
        heading: 'Playing here',
        body: (
          <ul>
            <li>The board is drawn as the help page draws it, rank 1 at the top; Flip board turns it round.</li>
            <li>Click or drag a mobile piece; the squares it may reach are marked, and its flips show as it lands.</li>
            <li>Draws (ours): 100 plies without a flip, or a position seen for the third time.</li>
          </ul>
        ),
      },
    ],
  },
});
