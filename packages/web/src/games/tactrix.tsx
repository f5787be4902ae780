/**
 * Tactrix! as the Amiga game's window had it: the board with the chips on its squares, the chips of both sides, the
 * Buy button (a piece placed next to the regeneroid), and the Tutor, which names any piece (either side's), its
 * cost, how it moves, and marks its legal moves on the board.
 */
import { useState } from 'preact/hooks';
import type { TactrixSetup, TactrixStatus } from '@tactica/catalogue/tactrix';
import { squareName, tutor } from '@tactica/tactrix';
import { pieceIcon, tactrixArt } from '../board/art.js';
import { chips, tactrixLine } from './status-words.js';
import { defineGameUi, type PanelProps } from './game-ui.js';

function Status({ game }: PanelProps<TactrixSetup>) {
  const st = game.status();
  return (
    <section class="status tactrix-status" aria-label="status">
      <p class="status-line">{tactrixLine({ ...st, turnName: game.ui.sides[st.turn] })}</p>
      <div class="chips-row" aria-label="chips">
        {([0, 1] as const).map((p) => (
          <span key={p} class={`chips-side side-${p}`} data-side={p}>
            {game.ui.sides[p]}: <b>{chips(st.balance[p])}</b>
            {st.regeneroid[p] ? '' : ' (no regeneroid: cannot buy)'}
          </span>
        ))}
        <span>{chips(st.chipsOnBoard)} on the board</span>
      </div>
    </section>
  );
}

function Controls({ game }: PanelProps<TactrixSetup>) {
  const st = game.status();
  const [report, setReport] = useState<string | undefined>();
  const tutorOn = game.squareHook !== undefined;
  const placing = game.placing.value;
  const mine = game.actor() !== undefined;
  const toggleTutor = () => {
    if (tutorOn) {
      game.squareHook = undefined;
      game.selectHook = undefined;
      game.highlights.value = [];
      setReport(undefined);
    } else {
      game.placing.value = undefined;
      const inspect = (sq: string): void => {
        const r = tutor(game.position(), sq);
        if (!r.ok) {
          setReport(r.error.message);
          return;
        }
        const t = r.value;
        // The marks are this piece's alone: another piece's (an opponent's looked at before) go.
        game.highlights.value = [...new Set(t.moves.map((m) => squareName(m.to)))];
        setReport(
          t.piece
            ? `${t.piece.ownerName}'s ${t.piece.name}${t.piece.cost !== undefined ? `, costs ${t.piece.cost} chips` : ', not for sale'}: ${t.piece.movement}. ${t.moves.length ? `Legal moves: ${t.moveTexts.join(', ')}.` : 'No legal move now.'}`
            : `${t.square}: empty, ${chips(t.chips)}.`,
        );
      };
      // The person's own pieces are picked up by the board, not clicked through to the Tutor: it hears of them when
      // picked up (the manual's main use of the Tutor: what can my piece do?), and a click on a square the piece
      // picked up can go to is the move, not a question (issue 39: own pieces were never described).
      let picked: string | undefined;
      game.selectHook = (sq) => {
        picked = sq;
        if (sq !== undefined) inspect(sq);
      };
      game.squareHook = (sq) => {
        if (picked !== undefined && game.legal().some((i) => i.from === picked && i.to === sq)) return false;
        inspect(sq);
        return true;
      };
    }
    game.rev.value++;
  };
  return (
    <section class="controls tactrix-controls" aria-label="buy and tutor">
      <div class="row">
        <button type="button" aria-pressed={tutorOn} onClick={toggleTutor} title="then click any piece">
          Tutor
        </button>
        {placing && (
          <button type="button" onClick={() => (game.placing.value = undefined)}>
            Cancel buying
          </button>
        )}
      </div>
      {tutorOn && (
        <p class="tutor-report" role="status">
          {report ?? 'Tutor: click any piece, yours or your opponent’s.'}
        </p>
      )}
      {mine && st.purchases.length > 0 && (
        <div class="buy" role="group" aria-label="buy a piece">
          <span>Buy:</span>
          {st.purchases.map((p) => (
            <button
              type="button"
              key={p.kind}
              aria-pressed={placing?.choice === p.kind}
              onClick={() => {
                game.squareHook = undefined;
                game.selectHook = undefined;
                game.highlights.value = [];
                game.placing.value = { action: 'buy', choice: p.kind, label: p.name };
              }}
              title={`place it next to your regeneroid: ${p.squares.join(', ')}`}
            >
              <span
                class="icon"
                dangerouslySetInnerHTML={{
                  __html: pieceIcon(tactrixArt, { kind: p.kind, owner: st.turn, symbol: '', name: p.name }, 24),
                }}
              />
              {p.name} ({p.cost})
            </button>
          ))}
        </div>
      )}
      {placing && <p class="hint">Click a marked square next to your regeneroid to place the {placing.label}.</p>}
    </section>
  );
}

function OnlineStatus({ state }: { state: TactrixStatus }) {
  return <p class="status-words">{state.line}</p>;
}

export const tactrixUi = defineGameUi<TactrixSetup>({
  family: 'tactrix',
  art: tactrixArt,
  sides: ['White', 'Black'],
  coordinates: true,
  orientation(viewer, view) {
    return view === 'viewer' && viewer === 1
      ? { rankZeroAt: 'top', fileZeroAt: 'right' }
      : { rankZeroAt: 'bottom', fileZeroAt: 'left' };
  },
  Status,
  Controls,
  OnlineStatus,
  help: {
    title: 'Tactrix!',
    sections: [
      {
        heading: 'General rules',
        body: (
          <p>
            Players take turns moving their pieces on a 10×10 board. Land on an opponent's piece to capture it. The
            empty squares start with chips on them: move onto them to collect them (they do not come back), and spend
            them on new pieces. Lose your king and you lose the game; there is no check.
          </p>
        ),
      },
      {
        heading: 'The pieces',
        body: (
          <ul>
            <li>
              <b>Jerk</b> (small circle, 3 chips): one step forward; captures by jumping two squares up, down, left or
              right, over anything. Reaching the far side gives a 25-chip bonus and it leaves the board.
            </li>
            <li>
              <b>Jumpnar</b> (circle in a square, 6): moves like a chess knight, over anything.
            </li>
            <li>
              <b>Wrapnoid</b> (circle in parentheses, 9): one step up, down or diagonally; sideways it jumps a square,
              then may slide up to 3, wrapping round the edges.
            </li>
            <li>
              <b>Verticon</b> (spot with a vertical line, 12): one step any way, or slides any distance vertically.
            </li>
            <li>
              <b>Diaganoid</b> (X, 15): slides diagonally like a bishop, or one step up, down, left or right.
            </li>
            <li>
              <b>Regeneroid</b> (ripples): one step any way, never past the middle of the board. New pieces are placed
              next to it; without it you cannot buy.
            </li>
            <li>
              <b>King</b> (crown): one step any way. Lose it and you lose.
            </li>
          </ul>
        ),
      },
      {
        heading: 'Playing here',
        body: (
          <ul>
            <li>Click a piece then a square, or drag. Chips on a square show as a stack with their number.</li>
            <li>
              Buy: pick a piece you can afford, then a marked square next to your regeneroid (an enemy there is
              captured).
            </li>
            <li>Tutor: turn it on and click any piece to see its name, cost and legal moves.</li>
          </ul>
        ),
      },
    ],
  },
});
