import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  CHECKPOINT_PLIES,
  current,
  endAtCursor,
  lineFromStates,
  lineStates,
  pushMove,
  redo,
  startHistory,
  stateAt,
  undo,
  type History,
} from './history.js';
import { createRng } from './rng.js';
import { nim, type NimState } from './test-games.js';

type H = History<NimState, number>;

/** A Nim heap big enough for `plies` moves of 1 to 3 stones. */
const bigHeap = (plies: number): NimState => ({ stones: 3 * plies + 1, toMove: 0 });

/** `plies` random moves from a big heap: the line, and every state of it as playing made it. */
function played(plies: number, seed = 1): { h: H; states: NimState[] } {
  const rng = createRng(seed);
  const states = [bigHeap(plies)];
  let h: H = startHistory(states[0] as NimState);
  for (let i = 0; i < plies; i++) {
    const m = 1 + rng.int(3);
    const next = nim.play(current(h), m);
    h = pushMove(h, m, next);
    states.push(next);
  }
  return { h, states };
}

/** Every distinct object the line holds that is a Nim state: what it keeps alive. */
function statesHeld(h: H): number {
  const seen = new Set<object>();
  const states = new Set<object>();
  const walk = (v: unknown): void => {
    if (typeof v !== 'object' || v === null || seen.has(v)) return;
    seen.add(v);
    if ('stones' in v) states.add(v);
    for (const x of Object.values(v)) walk(x);
  };
  walk(h);
  return states.size;
}

describe('a line holds its start, its cursor, its tip and a checkpoint every CHECKPOINT_PLIES plies', () => {
  it('gives the state at any ply as playing the moves reached it, one by one or walked in order', () => {
    const { h, states } = played(200);
    for (let ply = 0; ply <= 200; ply++) expect(stateAt(nim, h, ply)).toEqual(states[ply]);
    expect([...lineStates(nim, h)]).toEqual(states);
    expect([...lineStates(nim, h, 50, 70)]).toEqual(states.slice(50, 70));
    // Taken back into the middle: the same states, from the checkpoints and the new cursor.
    const back = undo(nim, h, 77);
    for (let ply = 0; ply <= 200; ply++) expect(stateAt(nim, back, ply)).toEqual(states[ply]);
    expect([...lineStates(nim, back)]).toEqual(states);
    expect(() => stateAt(nim, h, 201)).toThrow(RangeError);
    expect(() => stateAt(nim, h, -1)).toThrow(RangeError);
  });

  it('walks a whole line with one play a state, where asking each ply replays from its checkpoint', () => {
    const n = 5 * CHECKPOINT_PLIES;
    const { h } = played(n);
    let plays = 0;
    const counted = { play: (s: NimState, m: number) => (plays++, nim.play(s, m)) };
    expect([...lineStates(counted, h)]).toHaveLength(n + 1);
    // Every move, less those that lead to a state the line holds (4 checkpoints, the one before the tip, the tip).
    expect(plays).toBe(n - 4 - 2);
  });

  it('takes back and redoes across checkpoints, move by move and many at once, to the states of play', () => {
    const { h, states } = played(3 * CHECKPOINT_PLIES + 5);
    let back = h;
    for (let ply = h.cursor - 1; ply >= 0; ply--) {
      back = undo(nim, back);
      expect(back.cursor).toBe(ply);
      expect(current(back)).toEqual(states[ply]);
    }
    expect(canUndo(back)).toBe(false);
    expect(undo(nim, back)).toBe(back);
    let forth = back;
    for (let ply = 1; ply <= h.moves.length; ply++) {
      forth = redo(nim, forth);
      expect(current(forth)).toEqual(states[ply]);
    }
    expect(canRedo(forth)).toBe(false);
    expect(current(forth)).toBe(h.tip);
    const jumped = redo(nim, undo(nim, h, 70), 40);
    expect(jumped.cursor).toBe(h.moves.length - 30);
    expect(current(jumped)).toEqual(states[jumped.cursor]);
    expect(current(redo(nim, undo(nim, h, 99), 999))).toBe(h.tip);
  });

  it('a move after a takeback past checkpoints drops the moves taken back and their checkpoints', () => {
    const { h, states } = played(3 * CHECKPOINT_PLIES + 4);
    const back = undo(nim, h, 2 * CHECKPOINT_PLIES);
    const branched = pushMove(back, 1, nim.play(current(back), 1));
    expect(branched.moves).toEqual([...h.moves.slice(0, CHECKPOINT_PLIES + 4), 1]);
    expect(branched.checkpoints).toHaveLength(1);
    expect(canRedo(branched)).toBe(false);
    for (let ply = 0; ply <= CHECKPOINT_PLIES + 4; ply++) expect(stateAt(nim, branched, ply)).toEqual(states[ply]);
    expect(current(branched)).toEqual(nim.play(states[CHECKPOINT_PLIES + 4] as NimState, 1));
    // Played on to a checkpoint ply and past it, the line holds that checkpoint again.
    let on = branched;
    while (on.cursor <= 2 * CHECKPOINT_PLIES) on = pushMove(on, 1, nim.play(current(on), 1));
    expect(on.checkpoints).toHaveLength(2);
    expect(stateAt(nim, on, 2 * CHECKPOINT_PLIES)).toEqual([...lineStates(nim, on)][2 * CHECKPOINT_PLIES]);
  });

  it('a line of 1,000 plies holds at most n/32 + 3 states, one more with the cursor taken back', () => {
    const n = 1_000;
    const { h } = played(n);
    expect(CHECKPOINT_PLIES).toBeGreaterThanOrEqual(32);
    // The start, a checkpoint every CHECKPOINT_PLIES plies, the state before the tip and the tip.
    expect(statesHeld(h)).toBeLessThanOrEqual(Math.floor(n / CHECKPOINT_PLIES) + 3);
    expect(statesHeld(undo(nim, h, 500))).toBeLessThanOrEqual(Math.floor(n / CHECKPOINT_PLIES) + 4);
    // Made from every state at once, it keeps no more.
    const { states } = played(n);
    expect(statesHeld(lineFromStates(states, h.moves))).toBeLessThanOrEqual(Math.floor(n / CHECKPOINT_PLIES) + 3);
  });

  it('is plain data: a JSON round trip and a structured clone give the same line, which replays the same', () => {
    const { h, states } = played(150);
    const line = undo(nim, h, 45);
    for (const copy of [JSON.parse(JSON.stringify(line)) as H, structuredClone(line)]) {
      expect(copy).toEqual(line);
      expect([...lineStates(nim, copy)]).toEqual(states);
      expect(current(redo(nim, copy, 45))).toEqual(states[150]);
    }
    expect(JSON.parse(JSON.stringify(startHistory(nim.initial())))).toEqual(startHistory(nim.initial()));
  });

  it('a result without a move replaces the current position and ends the line there; takeback reaches it again', () => {
    const { h, states } = played(2 * CHECKPOINT_PLIES + 10);
    const back = undo(nim, h, 10);
    const resigned = endAtCursor(back, nim.resign(current(back), 0));
    expect(resigned.moves).toHaveLength(2 * CHECKPOINT_PLIES);
    expect(canRedo(resigned)).toBe(false);
    expect(nim.outcome(resigned.tip)).toEqual({ kind: 'win', winner: 1, reason: 'resigned' });
    expect(stateAt(nim, resigned, 2 * CHECKPOINT_PLIES)).toBe(resigned.tip);
    // The states before it are those of play; redo after a takeback comes back to the result, not to a replay.
    for (let ply = 0; ply < 2 * CHECKPOINT_PLIES; ply++) expect(stateAt(nim, resigned, ply)).toEqual(states[ply]);
    expect(current(redo(nim, undo(nim, resigned, 40), 40))).toBe(resigned.tip);
    // At the start, the result is the start too.
    const atStart = endAtCursor(startHistory<NimState, number>(nim.initial()), nim.agreeDraw(nim.initial()));
    expect(nim.outcome(atStart.start)).toEqual({ kind: 'draw', reason: 'agreed' });
  });

  it('made from its states, a line is the line pushMove makes', () => {
    const { h, states } = played(130);
    const made = lineFromStates(states, h.moves);
    expect(made).toEqual(h);
    expect(lineFromStates(states, h.moves, 70)).toEqual(undo(nim, h, 60));
    expect(() => lineFromStates(states.slice(1), h.moves)).toThrow(RangeError);
    expect(() => lineFromStates(states, h.moves, 131)).toThrow(RangeError);
  });
});
