/**
 * Draughts as Draughts Galore drew it: the status bar above the board (manual 3.3.5) — the rule set's letter (white
 * for the traditional game, cyan for give-away), the computer's skill letter, both sides' pieces (yellow for a
 * person, green for the computer), the M1/M2 move counter (violet at stage 1, pink at stage 2) when it runs, and
 * the move number coloured by the time limit; the clocks are the app's, in the chosen time mode.
 */
import type { DraughtsSetup, DraughtsStatus } from '@tactica/catalogue/draughts';
import { draughtsArt } from '../board/art.js';
import { draughtsSide } from './status-words.js';
import { defineGameUi, type PanelProps } from './game-ui.js';

function Status({ game }: PanelProps<DraughtsSetup>) {
  const st = game.status();
  const seats = game.seats;
  const first = st.firstToMove;
  const second = first === 0 ? 1 : 0;
  const who = (p: 0 | 1) => (seats[p].kind === 'computer' ? 'computer' : 'person');
  const skill = seats.find((s) => s.kind === 'computer');
  const clock = game.play.session.status(Date.now()).clock;
  const pieces = (p: 0 | 1) => st.men[p] + st.kings[p];
  const mover = st.toMove[0];
  return (
    <section class="status draughts-status" aria-label="status bar">
      <div class="status-bar">
        <span
          class={`rules-letter${st.giveaway ? ' giveaway' : ''}`}
          title={`${st.ruleSet}${st.giveaway ? ', give-away' : ''}`}
        >
          {st.letter}
        </span>
        {skill && (
          <span class="skill" title={`computer skill: ${skill.level}`}>
            {skill.level.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span class={`count ${who(first)}`} title={`${game.ui.sides[first]} (moves first): pieces`}>
          {pieces(first)}
        </span>
        <span class={`count ${who(second)}`} title={`${game.ui.sides[second]}: pieces`}>
          {pieces(second)}
        </span>
        {st.counter && (
          <span
            class={`counter stage-${st.counter.stage}`}
            title={`draw counter, stage ${st.counter.stage} (manual 2.4): half-moves left`}
          >
            {st.counter.left}
          </span>
        )}
        <span class={`move-number limit-${clock?.limit ?? 'none'}`} title="move number">
          {st.moveLabel}
        </span>
      </div>
      <p class="status-words">
        {st.ruleSet}
        {st.giveaway ? ' (give-away)' : ''} · White {draughtsSide(st.men[0], st.kings[0])} · Black{' '}
        {draughtsSide(st.men[1], st.kings[1])}
        {mover !== undefined ? ` · ${game.ui.sides[mover]} to move` : ''}
      </p>
    </section>
  );
}

function OnlineStatus({ state: st }: { state: DraughtsStatus }) {
  return (
    <p class="status-words">
      {st.ruleSet} {st.giveaway ? '(give-away)' : ''} · move {st.moveLabel} · White {st.men[0]}+{st.kings[0]} · Black{' '}
      {st.men[1]}+{st.kings[1]}
    </p>
  );
}

export const draughtsUi = defineGameUi<DraughtsSetup>({
  family: 'draughts',
  art: draughtsArt,
  sides: ['White', 'Black'],
  coordinates: true,
  orientation(viewer, view) {
    // Manual 3.2.2 "Board view": White's home at the bottom, or the person's.
    const black = view === 'viewer' && viewer === 1;
    return black ? { rankZeroAt: 'top', fileZeroAt: 'right' } : { rankZeroAt: 'bottom', fileZeroAt: 'left' };
  },
  Status,
  OnlineStatus,
  help: {
    title: 'Draughts — the seven rule sets of Draughts Galore',
    sections: [
      {
        heading: 'The game',
        body: (
          <p>
            Two players move men diagonally forward on the dark squares. A man that reaches the far row is crowned king.
            Captures jump over an enemy piece to the empty square beyond, and continue while there is more to take;
            capturing is compulsory in every rule set. You win by leaving your opponent without a move; in give-away
            mode, by being left without one yourself.
          </p>
        ),
      },
      {
        heading: 'The rule sets',
        body: (
          <table class="rules-table">
            <thead>
              <tr>
                <th />
                <th>Int.</th>
                <th>English</th>
                <th>Spanish</th>
                <th>Russian</th>
                <th>Brazilian</th>
                <th>Thai</th>
                <th>Pool</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th>Board</th>
                <td>10×10</td>
                <td>8×8</td>
                <td>8×8 flipped</td>
                <td>8×8</td>
                <td>8×8</td>
                <td>8×8</td>
                <td>8×8</td>
              </tr>
              <tr>
                <th>Men each</th>
                <td>20</td>
                <td>12</td>
                <td>12</td>
                <td>12</td>
                <td>12</td>
                <td>8</td>
                <td>12</td>
              </tr>
              <tr>
                <th>First move</th>
                <td>White</td>
                <td>Black</td>
                <td>White</td>
                <td>White</td>
                <td>White</td>
                <td>White</td>
                <td>Black</td>
              </tr>
              <tr>
                <th>Men capture back</th>
                <td>yes</td>
                <td>no</td>
                <td>no</td>
                <td>yes</td>
                <td>yes</td>
                <td>no</td>
                <td>no</td>
              </tr>
              <tr>
                <th>Must take</th>
                <td>most</td>
                <td>any</td>
                <td>most, then most kings</td>
                <td>any</td>
                <td>most</td>
                <td>any</td>
                <td>any</td>
              </tr>
              <tr>
                <th>Kings</th>
                <td>flying</td>
                <td>one step</td>
                <td>flying</td>
                <td>flying</td>
                <td>flying</td>
                <td>land just after</td>
                <td>flying</td>
              </tr>
            </tbody>
          </table>
        ),
      },
      {
        heading: 'Draws',
        body: (
          <p>
            A position seen a third time is a draw. The status bar's counter counts king moves without a capture
            (violet, stage 1: 15 moves each, 20 in English) and then all moves (pink, stage 2: 20 moves each, 40 in
            English); when it runs out, the game is drawn.
          </p>
        ),
      },
      {
        heading: 'Playing here',
        body: (
          <ul>
            <li>
              Click a piece and then its destination, or drag it. Dots mark where it may go, rings where it captures.
            </li>
            <li>
              When two captures share their start and end, the board asks which one (hover an answer to see its path).
            </li>
            <li>
              Keyboard: Tab to the board, arrow keys to move the marker, Enter to pick up and put down, Escape to
              cancel.
            </li>
            <li>
              Clocks (the manual calls the choices Time mode and Time limit): per move, running out plays a random move;
              per game, it loses. Blitz allows no takeback.
            </li>
            <li>
              Take back returns to your last move; Redo plays it again. Save keeps the game in this browser; Export PDN
              writes a record.
            </li>
          </ul>
        ),
      },
    ],
  },
});
