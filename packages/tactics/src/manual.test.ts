/**
 * The manual's worked example, as the acceptance test (docs/rules/tactics.md "The worked example"): from its first
 * diagram, the moves h1-f1, a5-c3, c1-f4 and c3-e5 must reproduce the four printed diagrams square for square and
 * character for character. The diagrams are kept verbatim in testdata/manual/ and parsed here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSquare, squareName } from './board.js';
import { parseDiagram, renderDiagram } from './diagram.js';
import { flipsOf, tactics } from './game.js';
import { formatPosition } from './position.js';
import { stateFromCells, type TacticsState } from './state.js';

const manual = (name: string): string =>
  readFileSync(new URL(`../testdata/manual/${name}.txt`, import.meta.url), 'utf8').replace(/\n$/, '');

function diagramState(name: string, turn: 0 | 1): TacticsState {
  const cells = parseDiagram(manual(name));
  if (!cells.ok) throw new Error(`${name}: ${cells.error.code} ${cells.error.message}`);
  return stateFromCells(cells.value, turn);
}

/**
 * The four after-move diagrams draw b1 (a dark square) without its shading: a misprint (docs/rules/tactics.md "The
 * worked example"). We draw it shaded, and compare that one square with the shading taken off; every other character
 * must match exactly.
 */
function expectSameDiagram(ours: string, printed: string, misprintedB1: boolean): void {
  const a = ours.split('\n');
  const b = printed.split('\n');
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) {
    let mine = a[i] ?? '';
    const theirs = b[i] ?? '';
    if (misprintedB1 && i === 2) {
      // Row of rank 1: b1 is characters 8–10 ("1 |" then a1 and a bar come first).
      expect(mine.slice(7, 10)).toMatch(/^:.:$/);
      expect(theirs.slice(7, 10)).toMatch(/^ . $/);
      mine = `${mine.slice(0, 7)}${mine.slice(7, 10).replace(/:/g, ' ')}${mine.slice(10)}`;
    }
    expect(mine, `line ${i + 1}`).toBe(theirs);
  }
}

describe('manual: Starting board', () => {
  it('the initial position is drawn exactly as the manual prints the starting board', () => {
    expect(renderDiagram(tactics.initial())).toBe(manual('0-starting-board'));
  });
  it('the printed starting board parses to the initial position', () => {
    expect(formatPosition(diagramState('0-starting-board', 0))).toBe(formatPosition(tactics.initial()));
  });
});

describe('manual: the worked example (h1-f1, a5-c3, c1-f4, c3-e5)', () => {
  const steps = [
    { move: 'h1-f1', after: '2-after-h1-f1', flips: ['b1', 'c1', 'd1', 'e1'] },
    { move: 'a5-c3', after: '3-after-a5-c3', flips: ['b3', 'd3'] },
    { move: 'c1-f4', after: '4-after-c1-f4', flips: ['f2', 'f3', 'f5'] },
    { move: 'c3-e5', after: '5-after-c3-e5', flips: [] },
  ] as const;

  it('the first diagram is drawn back character for character', () => {
    const before = diagramState('1-before-white-h1-f1', 0);
    expect(renderDiagram(before)).toBe(manual('1-before-white-h1-f1'));
  });

  it('each move reproduces the next printed diagram (b1 shading aside) and flips exactly the squares the text names', () => {
    let s = diagramState('1-before-white-h1-f1', 0);
    for (const step of steps) {
      const parsed = tactics.parseMove(s, step.move);
      expect(parsed.ok, step.move).toBe(true);
      if (!parsed.ok) return;
      expect(flipsOf(s, parsed.value).map(squareName).sort(), step.move).toEqual([...step.flips].sort());
      const played = tactics.tryPlay(s, step.move);
      expect(played.ok).toBe(true);
      if (!played.ok) return;
      s = played.value;
      expectSameDiagram(renderDiagram(s), manual(step.after), true);
      // And square for square: the printed diagram, parsed, is the same position.
      expect(s.board).toBe(diagramState(step.after, s.turn).board);
    }
  });

  it('each after-move diagram, parsed and redrawn, differs from the print only in the shading of b1', () => {
    for (const step of steps) {
      const printed = manual(step.after);
      const redrawn = renderDiagram(diagramState(step.after, 0));
      expectSameDiagram(redrawn, printed, true);
    }
  });

  // docs/rules/tactics.md "The worked example".
  it('"Notice that the 4 pieces at b1, c2, d1 and e1 all got flipped": c2 is empty, the fourth is c1', () => {
    const before = diagramState('1-before-white-h1-f1', 0);
    expect(before.board[parseSquare('c2') ?? 0]).toBe('.');
    const m = tactics.parseMove(before, 'h1-f1');
    expect(m.ok && flipsOf(before, m.value).map(squareName)).toContain('c1');
  });

  it("the frozen White Bishop on c1 is unfrozen and Black's three Rooks are frozen by h1-f1", () => {
    const s = diagramState('2-after-h1-f1', 1);
    // From the printed diagram: c1 shows " B " (White's Bishop, mobile), b1/d1/e1 show "r" (Black's Rooks, frozen).
    expect(formatPosition(s).split(' ')[0]?.split('/')[0]).toBe('RrBrrR2');
  });
});
