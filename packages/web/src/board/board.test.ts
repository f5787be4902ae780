// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { BoardInput, BoardModel } from '@tactica/catalogue';
import { draughtsArt } from './art.js';
import { createBoard } from './board.js';
import type { LegalInput } from './types.js';

/** A 3x3 board model as the catalogue gives one: a piece on a1 and b2, no rules at all. */
function model(pieces: Record<string, 0 | 1>): BoardModel {
  const squares = [];
  for (let rank = 0; rank < 3; rank++) {
    for (let file = 0; file < 3; file++) {
      const id = `${'abc'[file]}${rank + 1}`;
      const owner = pieces[id];
      squares.push({
        id,
        file,
        rank,
        shade: (file + rank) % 2 === 0 ? ('dark' as const) : ('light' as const),
        playable: true,
        ...(owner !== undefined
          ? { piece: { kind: 'man', owner, symbol: 'w', name: owner ? 'black man' : 'white man' } }
          : {}),
      });
    }
  }
  return { files: 3, ranks: 3, squares, toMove: [0], viewer: 0 };
}

const LEGAL: LegalInput[] = [
  { action: 'move', notation: 'a1-a2', from: 'a1', to: 'a2', label: 'a1 to a2' },
  {
    action: 'capture',
    notation: 'a1xc3',
    from: 'a1',
    to: 'c3',
    choice: 'b2',
    label: 'taking b2',
    captures: ['b2'],
    path: ['c3'],
  },
  {
    action: 'capture',
    notation: 'a1xc3',
    from: 'a1',
    to: 'c3',
    choice: 'x',
    label: 'the other way',
    captures: ['b2'],
    path: ['c3'],
  },
];

function setup(legal: readonly LegalInput[] = LEGAL) {
  const host = document.createElement('div');
  document.body.append(host);
  const inputs: LegalInput[] = [];
  const illegal: BoardInput[] = [];
  const board = createBoard(
    host,
    {
      model: model({ a1: 0, b2: 1 }),
      legal,
      orientation: { rankZeroAt: 'bottom', fileZeroAt: 'left' },
      art: draughtsArt,
      label: 'test board',
    },
    { onInput: (i) => inputs.push(i), onIllegal: (i) => illegal.push(i) },
  );
  return { host, board, inputs, illegal };
}

describe('the board draws the model it is given and sends only legal inputs', () => {
  it('draws every square with a label for screen readers, and the pieces', () => {
    const { host } = setup();
    expect(host.querySelectorAll('[data-square]').length).toBe(9);
    expect(host.querySelector('[data-square="a1"]')?.getAttribute('aria-label')).toBe('a1, white man');
    expect(host.querySelector('[data-square="c3"]')?.getAttribute('aria-label')).toBe('c3, empty');
    expect(host.querySelectorAll('[data-piece]').length).toBe(2);
  });

  it('click-click: a piece, then a destination among the hints, gives that legal input', () => {
    const { board, host, inputs } = setup();
    board.activate('a1');
    expect(board.selected).toBe('a1');
    expect(host.querySelectorAll('.tb-hint').length + host.querySelectorAll('.tb-hint-capture').length).toBe(2);
    board.activate('a2');
    expect(inputs).toEqual([LEGAL[0]]);
    expect(board.selected).toBeUndefined();
  });

  it('marks a target that costs the mover (a long move) apart from a free one: a ring, not a dot', () => {
    const { board, host } = setup([
      { action: 'move', notation: 'a1-a2', from: 'a1', to: 'a2', label: 'a1 to a2' },
      { action: 'move', notation: 'a1-a3', from: 'a1', to: 'a3', label: 'a1 to a3 (long move)', cost: 1 },
    ]);
    board.activate('a1');
    expect(host.querySelectorAll('.tb-hint').length).toBe(1);
    expect(host.querySelectorAll('.tb-hint-cost').length).toBe(1);
  });

  it('two inputs between the same squares: the board asks which one', async () => {
    const { board, host, inputs } = setup();
    board.drag('a1', 'c3');
    const options = [...host.querySelectorAll<HTMLButtonElement>('.tb-choose-option')];
    expect(options.map((b) => b.textContent)).toEqual(['taking b2', 'the other way']);
    options[1]?.click();
    await Promise.resolve();
    expect(inputs).toEqual([LEGAL[2]]);
  });

  it('a "which one?" cancelled puts the piece down: the next tap on it picks it up again', async () => {
    const { board, host, inputs } = setup();
    board.activate('a1');
    board.activate('c3');
    host.querySelector<HTMLButtonElement>('.tb-choose-cancel')?.click();
    await Promise.resolve();
    expect(host.querySelector('.tb-choose')).toBeNull();
    expect(board.selected).toBeUndefined();
    board.activate('a1');
    expect(board.selected).toBe('a1');
    board.activate('a2');
    expect(inputs).toEqual([LEGAL[0]]);
  });

  it('a drop that matches no legal input is handed back, and the piece stays where it was', () => {
    const { board, host, inputs, illegal } = setup();
    board.drag('a1', 'b1');
    expect(inputs).toEqual([]);
    expect(illegal).toEqual([{ from: 'a1', to: 'b1' }]);
    expect(host.querySelector('[data-piece="a1"]')).not.toBeNull();
  });

  it('the keyboard moves a marker with the arrow keys and plays with Enter', () => {
    const { board, host, inputs } = setup();
    const svg = host.querySelector('svg') as SVGSVGElement;
    board.focus();
    svg.dispatchEvent(new FocusEvent('focus'));
    const key = (k: string) => svg.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    key('Enter'); // the marker starts on the first square that can move: a1
    key('ArrowUp');
    key('Enter');
    expect(inputs).toEqual([LEGAL[0]]);
    expect(host.querySelector('.tb-live')?.textContent).toMatch(/a2/);
  });

  it('turned round, the first file is drawn on the right', () => {
    const { board, host } = setup();
    const x = () => Number(host.querySelector('[data-square="a1"]')?.getAttribute('x'));
    const before = x();
    board.flip();
    expect(x()).toBeGreaterThan(before);
  });
});

describe('issue 39: a refused move and the amount asked', () => {
  it('a click on a square the piece picked up cannot go to puts it down: the next click starts afresh', () => {
    const { board, inputs, illegal } = setup();
    board.activate('a1');
    expect(board.selected).toBe('a1');
    board.activate('b1');
    expect(illegal).toEqual([{ from: 'a1', to: 'b1' }]);
    expect(board.selected).toBeUndefined();
    // The next click is a fresh one: a2 alone is no move from a1.
    board.activate('a2');
    expect(inputs).toEqual([]);
  });

  it('an amount is asked as the game words it, with the amount it proposes', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const amounts: LegalInput[] = Array.from({ length: 30 }, (_, i) => ({
      action: 'transfer',
      notation: `T a1-a2 ${i + 1}`,
      from: 'a1',
      to: 'a2',
      choice: String(i + 1),
      label: `send ${i + 1}`,
    }));
    const board = createBoard(
      host,
      {
        model: model({ a1: 0, a2: 0 }),
        legal: amounts,
        orientation: { rankZeroAt: 'bottom', fileZeroAt: 'left' },
        art: draughtsArt,
        label: 'test board',
        amountQuestion: ({ from, to, min, max }) => ({
          title: `Transfer force from ${from} to ${to}`,
          label: `Units sent (${min}–${max})`,
          value: 15,
        }),
      },
      { onInput: () => undefined },
    );
    board.drag('a1', 'a2');
    expect(host.querySelector('.tb-choose-title')?.textContent).toBe('Transfer force from a1 to a2');
    expect(host.querySelector('.tb-choose-amount label')?.textContent).toMatch(/^Units sent \(1–30\)/);
    expect(host.querySelector<HTMLInputElement>('.tb-choose-amount input')?.value).toBe('15');
  });

  it('a new arrow redraws the arrows alone: the pieces and squares drawn stay the same nodes', () => {
    const { board, host } = setup();
    const piece = host.querySelector('[data-piece="a1"]');
    const square = host.querySelector('[data-square="a1"]');
    board.set({ arrows: [{ from: 'a1', to: 'c3', kind: 'best' }] });
    expect(host.querySelectorAll('.tb-arrow').length).toBe(1);
    expect(host.querySelector('[data-piece="a1"]')).toBe(piece);
    expect(host.querySelector('[data-square="a1"]')).toBe(square);
  });

  it('a message shows over the board and is said; a new position takes it away', () => {
    const { board, host } = setup();
    board.message('a capture is compulsory');
    const toast = host.querySelector('.tb-toast');
    expect(toast?.classList.contains('tb-toast-on')).toBe(true);
    expect(host.querySelector('.tb-live')?.textContent).toBe('a capture is compulsory');
    board.set({ model: model({ a2: 0, b2: 1 }) });
    expect(toast?.classList.contains('tb-toast-on')).toBe(false);
    expect(host.querySelector('[data-piece="a2"]')).not.toBeNull();
    board.destroy();
    expect(host.childElementCount).toBe(0);
  });
});
