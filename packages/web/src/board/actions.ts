/**
 * What the person does on the board, whatever they do it with (pointer, keyboard, the API): pick up, put back, put
 * down on a square. A put-down is matched against the legal list only: one match is the input, several are asked
 * about ("which one?"), none is handed back as `onIllegal` with the piece snapped back.
 */
import type { BoardInput } from '@tactica/catalogue';
import { choose } from './choose.js';
import { pieceNodeAt } from './dom.js';
import { renderMarks } from './render.js';
import { inputsFrom, placingInputs, squareById, xy, type BoardState } from './state.js';
import type { LegalInput } from './types.js';

/** Says a text to screen readers. */
export function say(s: BoardState, text: string): void {
  s.dom.live.textContent = text;
}

/** Picks up a square (undefined: puts down). */
export function select(s: BoardState, id: string | undefined): void {
  if (s.selected === id) return;
  s.selected = id;
  s.events.onSelect?.(id);
  renderMarks(s);
}

/** Puts a dragged piece back on its own square. */
export function snapBack(s: BoardState, id: string | undefined): void {
  if (!id) return;
  const node = pieceNodeAt(s.dom, id);
  const q = squareById(s, id);
  if (!node || !q) return;
  const { x, y } = xy(s, q);
  node.setAttribute('transform', `translate(${x} ${y})`);
  node.classList.remove('tb-dragging');
}

/** Puts down what was picked up (or the piece being placed) on `to`. */
export function attempt(s: BoardState, from: string | undefined, to: string, dragged: boolean): void {
  const placing = s.config.placing;
  const candidates = placing
    ? placingInputs(s).filter((i) => i.to === to)
    : s.config.legal.filter((i) => i.from === from && i.to === to);
  if (candidates.length === 0) {
    snapBack(s, from);
    const input: BoardInput = placing
      ? { action: placing.action, to, ...(placing.choice !== undefined ? { choice: placing.choice } : {}) }
      : { ...(from !== undefined ? { from } : {}), to };
    s.events.onIllegal?.(input);
    if (!placing && from !== undefined && inputsFrom(s, to).length > 0 && to !== from) select(s, to);
    // A refused move is over, by drag or by click: the piece is back and put down, so the next click starts
    // afresh (a piece kept picked up made the next click an act nobody meant: a click on an ordered Tactorus unit
    // became an order onto that unit's square, a Force 400 click after T a transfer from the refused man).
    else select(s, undefined);
    return;
  }
  const done = (c: LegalInput | undefined): void => {
    if (!c) {
      // Cancelled: put down as a refusal is, so the next tap starts afresh (on a phone, a tap on the piece still
      // picked up put it down instead of picking it up).
      snapBack(s, from);
      select(s, undefined);
      return;
    }
    if (dragged) s.justDropped = to;
    select(s, undefined);
    s.events.onInput(c);
  };
  if (candidates.length === 1) done(candidates[0]);
  else choose(s, candidates).then(done, () => done(undefined));
}

/** A click (or Enter) on a square. */
export function activate(s: BoardState, id: string): void {
  const { config, events } = s;
  if (!config.interactive) return;
  if (events.onSquare?.(id)) return;
  if (s.choosing) return;
  if (config.placing) {
    attempt(s, undefined, id, false);
    return;
  }
  if (s.selected === undefined) {
    pickUp(s, id);
    return;
  }
  if (id === s.selected) {
    select(s, undefined);
    say(s, 'put back');
    return;
  }
  attempt(s, s.selected, id, false);
}

/** A click with nothing picked up: picks the piece up, or acts on it alone, or says it cannot move. */
function pickUp(s: BoardState, id: string): void {
  const from = inputsFrom(s, id);
  if (from.length > 0 && from.every((i) => i.to === undefined)) {
    // An act on the piece alone (a Tactorus order withdrawn).
    if (from.length === 1) s.events.onInput(from[0]!);
    else
      choose(s, from).then(
        (c) => c && s.events.onInput(c),
        () => undefined,
      );
    return;
  }
  if (from.length > 0) {
    select(s, id);
    const targets = new Set(from.map((i) => i.to).filter((t) => t !== undefined));
    say(s, `${id} picked up; ${targets.size} destinations`);
    return;
  }
  if (squareById(s, id)?.piece) s.events.onIllegal?.({ from: id });
}

/** Drags from one square to another, as a pointer would (the API's `drag`). */
export function drag(s: BoardState, from: string, to: string): void {
  if (!s.config.interactive) return;
  if (inputsFrom(s, from).length === 0) {
    if (squareById(s, from)?.piece) s.events.onIllegal?.({ from, to });
    return;
  }
  select(s, from);
  attempt(s, from, to, true);
}
