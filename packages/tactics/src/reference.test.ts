/**
 * An independent check of the engine: a deliberately plain re-implementation of the rules (a grid of objects, the
 * wording of docs/rules/tactics.md "Flipping" turned into loops, no tables, no make/unmake) that must agree with the
 * fast engine on every move and every resulting board, and on perft.
 */
import { createRng, perft } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { cellAt, type TacticsState } from './state.js';
import { pieceOf, squareName } from './board.js';
import { tactics } from './game.js';

interface RefPiece {
  kind: string;
  owner: number;
  face: number;
}
type Grid = (RefPiece | null)[][]; // grid[file][rank]

function toGrid(s: TacticsState): Grid {
  const g: Grid = [];
  for (let f = 0; f < 8; f++) {
    g.push([]);
    for (let r = 0; r < 8; r++) {
      const p = pieceOf(cellAt(s, r * 8 + f));
      g[f]!.push(p ? { kind: p.kind, owner: p.owner, face: p.face } : null);
    }
  }
  return g;
}

const ORTHO = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const DIAG = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];
const inside = (f: number, r: number) => f >= 0 && f < 8 && r >= 0 && r < 8;
const name = (f: number, r: number) => `${'abcdefgh'[f]}${r + 1}`;

function refMoves(g: Grid, turn: number): string[] {
  const out: string[] = [];
  for (let f = 0; f < 8; f++)
    for (let r = 0; r < 8; r++) {
      const p = g[f]![r];
      if (!p || p.owner !== turn || p.face !== turn) continue;
      const dirs = p.kind === 'R' ? ORTHO : p.kind === 'B' ? DIAG : [...ORTHO, ...DIAG];
      for (const [df, dr] of dirs) {
        let x = f + df!;
        let y = r + dr!;
        while (inside(x, y) && g[x]![y] === null) {
          out.push(`${name(f, r)}-${name(x, y)}`);
          x += df!;
          y += dr!;
        }
      }
    }
  return out.sort();
}

function refPlay(g: Grid, turn: number, move: string): Grid {
  const [fromText, toText] = move.split('-') as [string, string];
  const ff = 'abcdefgh'.indexOf(fromText[0]!);
  const fr = Number(fromText.slice(1)) - 1;
  const tf = 'abcdefgh'.indexOf(toText[0]!);
  const tr = Number(toText.slice(1)) - 1;
  const next: Grid = g.map((col) => col.map((p) => (p ? { ...p } : null)));
  next[tf]![tr] = next[ff]![fr]!;
  next[ff]![fr] = null;
  // Judge on the landing position, collect, then flip each found square once.
  const found = new Set<string>();
  const enemyColoured = (x: number, y: number) => inside(x, y) && next[x]![y] !== null && next[x]![y]!.face !== turn;
  for (const [df, dr] of ORTHO) {
    const run: [number, number][] = [];
    let x = tf + df!;
    let y = tr + dr!;
    while (enemyColoured(x, y)) {
      run.push([x, y]);
      x += df!;
      y += dr!;
    }
    if (run.length > 0 && inside(x, y) && next[x]![y] !== null) for (const [a, b] of run) found.add(`${a},${b}`);
  }
  for (const [df, dr] of [
    [1, 0],
    [0, 1],
  ]) {
    if (enemyColoured(tf + df!, tr + dr!) && enemyColoured(tf - df!, tr - dr!)) {
      found.add(`${tf + df!},${tr + dr!}`);
      found.add(`${tf - df!},${tr - dr!}`);
    }
  }
  for (const key of found) {
    const [a, b] = key.split(',').map(Number) as [number, number];
    next[a]![b]!.face = turn;
  }
  return next;
}

function refPerft(g: Grid, turn: number, depth: number): number {
  const moves = refMoves(g, turn);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) n += refPerft(refPlay(g, turn, m), 1 - turn, depth - 1);
  return n;
}

const sameGrid = (a: Grid, b: Grid) => JSON.stringify(a) === JSON.stringify(b);

describe('the engine agrees with a plain re-implementation of the rules', () => {
  it('perft from the start to depth 3 (62, 3552, 219042)', () => {
    const g = toGrid(tactics.initial());
    const counts = [1, 2, 3].map((d) => refPerft(g, 0, d));
    expect(counts).toEqual([62, 3552, 219042]);
    expect([1, 2, 3].map((d) => perft(tactics, tactics.initial(), d))).toEqual(counts);
  });

  it('every move and every resulting board of 12 seeded random games (draw rules aside)', () => {
    const rng = createRng('tactics-reference');
    let checkedMoves = 0;
    let flipsSeen = 0;
    for (let game = 0; game < 12; game++) {
      let s = tactics.initial();
      for (let ply = 0; ply < 150 && !tactics.outcome(s); ply++) {
        const g = toGrid(s);
        const legal = tactics.legalMoves(s);
        const ours = legal.map((m) => tactics.formatMove(s, m));
        expect([...ours].sort(), `game ${game}, ply ${ply}`).toEqual(refMoves(g, s.turn));
        for (const m of legal) {
          const text = tactics.formatMove(s, m);
          const next = tactics.play(s, m);
          const expected = refPlay(g, s.turn, text);
          if (!sameGrid(toGrid(next), expected)) {
            expect.fail(`game ${game}, ply ${ply}, ${text}: boards differ (from ${squareName(m.from)})`);
          }
          if (next.quiet === 0) flipsSeen++;
          checkedMoves++;
        }
        s = tactics.play(s, rng.pick(tactics.legalMoves(s)));
      }
    }
    expect(checkedMoves).toBeGreaterThan(5_000);
    expect(flipsSeen).toBeGreaterThan(200);
  });
});
