/**
 * The manual's seven movement diagrams, kept verbatim in testdata/movement-diagrams.txt and parsed here: for each,
 * with the `#` pieces placed as drawn, the piece's legal destinations are exactly the marked squares (`m` moves,
 * `x` captures), no more, no fewer.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legalMoves } from './game.js';
import { parseSquare, squareAt, squareName } from './pieces.js';
import { sortedSquares, position } from './test-setup.js';
import { tutor } from './tutor.js';
import { unwrap, type Player } from '@tactica/core';

interface Diagram {
  readonly name: string;
  readonly width: number;
  /** cells[row - 1][col - 1], rows and columns numbered as the manual numbers them. */
  readonly cells: readonly string[];
}

/** Parses the diagram file; throws on any line it cannot read, so a damaged file fails loudly. */
function parseDiagrams(text: string): Diagram[] {
  const diagrams: Diagram[] = [];
  let current: { name: string; width: number; cells: string[] } | undefined;
  for (const [i, line] of text.split('\n').entries()) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const head = /^== ([a-z]+) /.exec(line);
    if (head) {
      current = { name: head[1] as string, width: 0, cells: [] };
      diagrams.push(current);
      continue;
    }
    if (!current) throw new Error(`line ${i + 1}: text before the first diagram`);
    if (current.width === 0) {
      const cols = /^ {4}(\d+)/.exec(line);
      if (!cols || !'1234567890'.startsWith(cols[1] as string)) throw new Error(`line ${i + 1}: bad column header`);
      current.width = (cols[1] as string).length;
      continue;
    }
    const row = /^ {3}(\d)(.*)$/.exec(line);
    if (!row) throw new Error(`line ${i + 1}: not a diagram row`);
    const number = row[1] === '0' ? 10 : Number(row[1]);
    if (number !== current.cells.length + 1) throw new Error(`line ${i + 1}: row ${number} out of order`);
    const cells = (row[2] as string).padEnd(current.width).slice(0, current.width);
    if (!/^[ *#mx]*$/.test(cells)) throw new Error(`line ${i + 1}: unknown mark in "${cells}"`);
    current.cells.push(cells);
  }
  return diagrams;
}

/** Diagram row 1 is the top of the board (rank 10), column 1 the a-file: White moves up the page. */
function squareOf(row: number, col: number): number {
  return squareAt(col - 1, 10 - row);
}

function marks(d: Diagram, wanted: string): number[] {
  const out: number[] = [];
  d.cells.forEach((cells, r) => {
    for (let c = 0; c < cells.length; c++)
      if (cells[c] !== undefined && wanted.includes(cells[c] as string)) out.push(squareOf(r + 1, c + 1));
  });
  return out;
}

const text = readFileSync(new URL('../testdata/movement-diagrams.txt', import.meta.url), 'utf8');
const diagrams = parseDiagrams(text);
const byName = new Map(diagrams.map((d) => [d.name, d]));

function diagram(name: string): Diagram {
  const d = byName.get(name);
  if (!d) throw new Error(`no ${name} diagram`);
  return d;
}

type Colour = 'friend' | 'enemy';

/**
 * Sets up a diagram: the `*` pieces as `letter` of `side`, the `#` pieces as friends or enemies, optional enemies on
 * the `x` squares, and both kings in the far corners j1 and j10 (blank in every diagram and off every line of
 * movement) unless the piece under test is a king. Returns the union of the `*` pieces' legal destinations, read
 * through the Tutor and cross-checked against the game's legal move list.
 */
function destinations(
  d: Diagram,
  letter: string,
  side: Player,
  hashes: Colour,
  enemiesOnX = false,
): { dest: string[]; stars: number[] } {
  const own = (l: string) => (side === 0 ? l.toUpperCase() : l.toLowerCase());
  const foe = (l: string) => (side === 0 ? l.toLowerCase() : l.toUpperCase());
  const pieces: Record<string, string> = {};
  const stars = marks(d, '*');
  for (const sq of stars) pieces[squareName(sq)] = own(letter);
  for (const sq of marks(d, '#')) pieces[squareName(sq)] = hashes === 'friend' ? own('N') : foe('N');
  if (enemiesOnX) for (const sq of marks(d, 'x')) pieces[squareName(sq)] = foe('N');
  for (const corner of ['j1', 'j10']) {
    expect(marks(d, '*#mx')).not.toContain(parseSquare(corner));
  }
  if (letter.toUpperCase() !== 'K') {
    pieces.j1 = 'K';
    pieces.j10 = 'k';
  } else {
    pieces[side === 0 ? 'j10' : 'j1'] = foe('K');
  }
  const s = position(pieces, { turn: side });
  const dest: number[] = [];
  for (const sq of stars) {
    const report = unwrap(tutor(s, sq));
    const fromGame = legalMoves(s).filter((m) => m.kind === 'move' && m.from === sq);
    expect(report.moves).toEqual(fromGame);
    for (const m of report.moves) dest.push(m.to);
  }
  return { dest: sortedSquares(dest), stars };
}

describe('the movement diagram file', () => {
  it('holds the seven diagrams, each with its marks read in full', () => {
    const counts = diagrams.map((d) => {
      const all = d.cells.join('');
      const n = (ch: string) => all.split(ch).length - 1;
      return [d.name, d.width, d.cells.length, n('*'), n('#'), n('m'), n('x')];
    });
    expect(counts).toEqual([
      ['jerk', 7, 6, 1, 2, 1, 4],
      ['jumpnar', 7, 6, 1, 6, 8, 0],
      ['wrapnoid', 10, 10, 2, 1, 22, 0],
      ['verticon', 7, 9, 1, 1, 12, 0],
      ['diaganoid', 8, 9, 1, 1, 14, 0],
      ['regeneroid', 6, 6, 1, 0, 8, 0],
      ['king', 6, 6, 1, 0, 8, 0],
    ]);
  });
});

describe('manual movement diagrams: legal destinations are exactly the marked squares', () => {
  it('Jerk: one step forward to the m; captures exactly on the x squares, over the # pieces', () => {
    const d = diagram('jerk');
    const m = sortedSquares(marks(d, 'm'));
    const mx = sortedSquares(marks(d, 'mx'));
    for (const hashes of ['friend', 'enemy'] as const) {
      // Empty x squares: the jerk only steps forward; it never moves two squares without capturing.
      expect(destinations(d, 'J', 0, hashes).dest).toEqual(m);
      // Enemies on the x squares: each one can be captured, whatever the # pieces are.
      expect(destinations(d, 'J', 0, hashes, true).dest).toEqual(mx);
    }
    expect(mx).toEqual(['e5', 'c7', 'g7', 'e8', 'e9']);
  });

  it('Jumpnar: the eight m leaps, whatever the # pieces in between', () => {
    const d = diagram('jumpnar');
    const m = sortedSquares(marks(d, 'm'));
    expect(destinations(d, 'N', 0, 'friend').dest).toEqual(m);
    expect(destinations(d, 'N', 0, 'enemy').dest).toEqual(m);
  });

  it('Wrapnoid: neighbours but not left or right; a skip then a 2-4 square slide, blocked by #, wrapping round', () => {
    const d = diagram('wrapnoid');
    const m = sortedSquares(marks(d, 'm'));
    // A friendly # blocks the slide at column 6 of row 8; the left slide wraps to columns 10 and 9.
    expect(destinations(d, 'W', 0, 'friend').dest).toEqual(m);
    // An enemy # still blocks, but can be captured ("It could, however, opt to capture that piece").
    expect(destinations(d, 'W', 0, 'enemy').dest).toEqual(sortedSquares(marks(d, 'm#')));
    expect(m).toContain('i3');
    expect(m).toContain('j3');
  });

  it('Verticon: one step any way or a vertical slide, stopped by the # (which it may capture)', () => {
    const d = diagram('verticon');
    expect(destinations(d, 'V', 0, 'friend').dest).toEqual(sortedSquares(marks(d, 'm')));
    expect(destinations(d, 'V', 0, 'enemy').dest).toEqual(sortedSquares(marks(d, 'm#')));
  });

  it('Diaganoid: one orthogonal step or a diagonal slide, stopped by the # (which it may capture)', () => {
    const d = diagram('diaganoid');
    expect(destinations(d, 'D', 0, 'friend').dest).toEqual(sortedSquares(marks(d, 'm')));
    expect(destinations(d, 'D', 0, 'enemy').dest).toEqual(sortedSquares(marks(d, 'm#')));
  });

  it("Regeneroid: the eight steps, drawn in Black's half away from the half-way line", () => {
    const d = diagram('regeneroid');
    expect(destinations(d, 'R', 1, 'friend').dest).toEqual(sortedSquares(marks(d, 'm')));
  });

  it('King: the eight steps, for either side', () => {
    const d = diagram('king');
    expect(destinations(d, 'K', 0, 'friend').dest).toEqual(sortedSquares(marks(d, 'm')));
    expect(destinations(d, 'K', 1, 'friend').dest).toEqual(sortedSquares(marks(d, 'm')));
  });
});
