/**
 * Force 400 as its IBM PC screen had it: each man with his force, the crowned king, the status line (move, side to
 * move, men and units per side, the kings, men waiting to recharge), the command letters T (transfer) and X
 * (abdication) before the two squares, the amount asked for a transfer, and the computer's thinking messages.
 */
import type { Force400Setup, Force400Status } from '@tactica/catalogue/force400';
import { force400Art } from '../board/art.js';
import { force400Side } from './status-words.js';
import { defineGameUi, type PanelProps } from './game-ui.js';

function Status({ game }: PanelProps<Force400Setup>) {
  const st = game.status();
  const mover = st.toMove[0];
  const side = (p: 0 | 1) => {
    const k = st.kings[p];
    return (
      <li key={p}>
        <b>{game.ui.sides[p]}</b>: {force400Side(st.men[p], st.units[p])}; king{' '}
        {k ? `${k.square} (force ${k.force})` : 'fallen'}
        {st.recharging[p] > 0 ? `; ${st.recharging[p]} waiting to recharge` : ''}
        {st.handicap[p] > 0 ? `; handicap ${st.handicap[p]}` : ''}
      </li>
    );
  };
  return (
    <section class="status force400-status" aria-label="status">
      <p class="status-line">
        Move {st.moveNumber}
        {mover !== undefined ? `, ${game.ui.sides[mover]} to move` : ''}.
      </p>
      <ul>{[side(0), side(1)]}</ul>
    </section>
  );
}

function Controls({ game }: PanelProps<Force400Setup>) {
  const mode = game.actionFilter.value;
  const set = (m: string | undefined) => {
    game.actionFilter.value = m;
    game.rev.value++;
  };
  return (
    <section class="controls force400-controls" aria-label="commands">
      <div class="row" role="group" aria-label="command">
        <button
          type="button"
          aria-pressed={mode === undefined}
          onClick={() => set(undefined)}
          title="move a man, or drag onto one of your men to choose an act"
        >
          M Move
        </button>
        <button
          type="button"
          aria-pressed={mode === 'transfer'}
          onClick={() => set('transfer')}
          title="T: send force from a man to one of yours; the amount is asked"
        >
          T Transfer
        </button>
        <button
          type="button"
          aria-pressed={mode === 'abdicate'}
          onClick={() => set('abdicate')}
          title="X: the king passes his crown to one of his men (costs him 2 units)"
        >
          X Abdicate
        </button>
      </div>
      <p class="hint">
        {mode === 'transfer'
          ? 'Drag from the sending man to the receiving man, then give the units sent: one in five is lost on the way.'
          : mode === 'abdicate'
            ? 'Drag from your king to the man who takes the crown.'
            : 'A short move is free, a long move costs one unit; attacking a man fights him: the stronger wins, less what the loser had.'}
      </p>
    </section>
  );
}

function OnlineStatus({ state: st }: { state: Force400Status }) {
  return (
    <p class="status-words">
      Move {st.moveNumber} · White {force400Side(st.men[0], st.units[0])} · Black {force400Side(st.men[1], st.units[1])}
    </p>
  );
}

export const force400Ui = defineGameUi<Force400Setup>({
  family: 'force400',
  art: force400Art,
  sides: ['White', 'Black'],
  coordinates: true,
  amountQuestion({ action, from, to, min, max }) {
    if (action !== 'transfer') return undefined;
    // The manual asks "the number of force units to be sent" and loses one unit in five, rounded against the sender:
    // proposed, half the sender's force down to a multiple of five (nothing lost to the rounding) **(ours)**; the
    // whole force, proposed before, emptied the man by a slip of the Enter key.
    const half = Math.floor(max / 2);
    const value = half >= 5 ? half - (half % 5) : Math.max(min, half);
    return {
      title: `Transfer force from ${from ?? '?'} to ${to ?? '?'}`,
      label: `Units sent (${min}–${max}; one in five is lost on the way)`,
      value,
    };
  },
  orientation(viewer, view) {
    // White sat at rank 9, the bottom of the screen.
    return view === 'viewer' && viewer === 1
      ? { rankZeroAt: 'top', fileZeroAt: 'right' }
      : { rankZeroAt: 'bottom', fileZeroAt: 'left' };
  },
  Status,
  Controls,
  OnlineStatus,
  help: {
    title: 'Force 400',
    sections: [
      {
        heading: 'The game',
        body: (
          <p>
            White and Black each start with 20 men of force 10 on a 10×10 board (files A–J, ranks 0–9); one man of each
            side wears the crown. Take the enemy king to win. White moves first.
          </p>
        ),
      },
      {
        heading: 'Your turn',
        body: (
          <ul>
            <li>
              <b>Move</b>: a short move (one square any way) is free; a long move (any distance in a straight line, like
              a queen) costs one unit. No man passes through another.
            </li>
            <li>
              <b>Combat</b>: moving onto an enemy man attacks him. The greater force wins (the defender wins ties), and
              the winner loses as many units as the loser had.
            </li>
            <li>
              <b>Recharge</b>: a man moving onto rank 0 or 9 gains 10 units, if he has not been on either for three
              turns.
            </li>
            <li>
              <b>Transfer (T)</b>: send units to one of your men on a clear straight line; one unit in five is lost,
              rounded against you. Nobody passes 99.
            </li>
            <li>
              <b>Abdication (X)</b>: the king hands the crown to one of his men on a clear line; it costs him two units,
              and a king below 2 cannot.
            </li>
            <li>
              <b>Resign</b> whenever it is your turn.
            </li>
          </ul>
        ),
      },
      {
        heading: 'Playing here',
        body: (
          <ul>
            <li>
              Drag or click a man then a square. Dropping a man on one of your own asks which act: a transfer (type the
              units) or, from the king, the abdication.
            </li>
            <li>
              A picked-up man's targets: a dot for a free short move, a ring for a long move, which costs a unit (a
              dashed ring round an attack made by a long move).
            </li>
            <li>T and X above the board limit the board to that act, as the original's command letters did.</li>
            <li>
              The computer's levels 0–6 are the manual's; while it thinks, its messages show what it is worried about.
            </li>
            <li>Blue pips on a man count the turns he still waits before he may recharge.</li>
          </ul>
        ),
      },
    ],
  },
});
