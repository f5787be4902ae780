import {
  draw,
  err,
  inputError,
  ok,
  opponent,
  tryPlayWith,
  win,
  type Game,
  type Outcome,
  type Player,
} from '@tactica/core';
import { nim, type NimState } from '@tactica/core/test-games';
import { describe, expect, it } from 'vitest';
import { ContractPosition } from './contract-position.js';
import { Searcher } from './search.js';
import { WIN, WIN_BOUND } from './search-position.js';
import { negamax, RandomTree } from './test-trees.js';

interface Ttt {
  readonly cells: readonly (Player | null)[];
  readonly toMove: Player;
}
const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];
function tttOutcome(s: Ttt): Outcome | undefined {
  for (const [a, b, c] of LINES) {
    const v = s.cells[a as number];
    if (v !== null && v !== undefined && v === s.cells[b as number] && v === s.cells[c as number])
      return win(v, 'line');
  }
  return s.cells.every((c) => c !== null) ? draw('full') : undefined;
}
const tttBase: Omit<Game<Ttt, number>, 'tryPlay'> = {
  info: {
    id: 'ttt',
    family: 'ttt',
    name: 'Tic-tac-toe',
    dynamics: 'sequential',
    board: { files: 3, ranks: 3 },
    players: ['X', 'O'],
  },
  initial: () => ({ cells: Array<Player | null>(9).fill(null), toMove: 0 }),
  toMove: (s) => (tttOutcome(s) ? [] : [s.toMove]),
  legalMoves: (s) => (tttOutcome(s) ? [] : s.cells.flatMap((c, i) => (c === null ? [i] : []))),
  play: (s, m) => ({ cells: s.cells.map((c, i) => (i === m ? s.toMove : c)), toMove: opponent(s.toMove) }),
  outcome: tttOutcome,
  resign: (s) => s,
  agreeDraw: (s) => s,
  formatMove: (_s, m) => String(m),
  parseMove: (s, t) => (tttBase.legalMoves(s).includes(Number(t)) ? ok(Number(t)) : err(inputError('move/illegal', t))),
  formatPosition: (s) => s.cells.map((c) => (c === null ? '.' : c)).join('') + s.toMove,
  parsePosition: () => err(inputError('position/unsupported', 'not needed')),
  observe: (s) => s,
};
const ttt: Game<Ttt, number> = { ...tttBase, tryPlay: tryPlayWith(tttBase) };

describe('searcher', () => {
  it('agrees with plain negamax on random trees (no reductions)', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const depth = 2 + (seed % 4);
      const tree = new RandomTree(3 + (seed % 3), depth, seed);
      const expected = negamax(tree, depth);
      const result = new Searcher({ ttLog2: 12, lateMoveReductions: false }).search(tree, { depth });
      expect(result.score, `seed ${seed}`).toBe(expected);
      expect(result.pv.length).toBeGreaterThan(0);
    }
  });

  it('solves Nim: from 10 stones the first player wins by taking 2 (leaving a multiple of 4)', () => {
    const pos = new ContractPosition<NimState, number>(nim, nim.initial(), { evaluate: () => 0 });
    const result = new Searcher({ ttLog2: 12 }).search(pos, { depth: 20 });
    expect(result.score).toBeGreaterThan(WIN_BOUND);
    expect(pos.decode(result.bestMove ?? 0)).toBe(2);
    // A win in the fewest plies: 10 -> 8 -> ... needs the opponent's moves too; the PV ends in the win.
    expect(WIN - result.score).toBe(result.pv.length);
  });

  it('sees a Nim position with a multiple of 4 stones as lost', () => {
    const pos = new ContractPosition<NimState, number>(nim, { stones: 8, toMove: 0 }, { evaluate: () => 0 });
    expect(new Searcher({ ttLog2: 12 }).search(pos, { depth: 20 }).score).toBeLessThan(-WIN_BOUND);
  });

  it('finds tic-tac-toe drawn with perfect play, and takes an immediate win', () => {
    const empty = new ContractPosition(ttt, ttt.initial(), { evaluate: () => 0 });
    expect(new Searcher({ ttLog2: 14 }).search(empty, { depth: 9 }).score).toBe(0);
    // X on 0 and 1, O on 3 and 4: X to move wins at 2.
    const s: Ttt = { cells: [0, 0, null, 1, 1, null, null, null, null], toMove: 0 };
    const pos = new ContractPosition(ttt, s, { evaluate: () => 0 });
    const r = new Searcher({ ttLog2: 12 }).search(pos, { depth: 5 });
    expect(pos.decode(r.bestMove ?? 0)).toBe(2);
    expect(r.score).toBe(WIN - 1);
  });

  it('stops at a node budget and at the stop flag, keeping the last complete iteration', () => {
    const tree = new RandomTree(6, 12, 7);
    const budget = new Searcher({ ttLog2: 14 }).search(tree, { nodes: 2000 });
    expect(budget.stopped).toBe(true);
    expect(budget.nodes).toBeLessThanOrEqual(2001);
    // The best move kept is one of the root's moves.
    const root = new Int32Array(64);
    expect(Array.from(root.subarray(0, tree.generateMoves(root, 0)))).toContain(budget.bestMove);
    const stop = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(stop, 0, 1);
    const flagged = new Searcher({ ttLog2: 14 }).search(tree, { stop, depth: 12 });
    expect(flagged.stopped).toBe(true);
  });

  it("with keepPartialIteration, a cut-short iteration's proved improvement is played, and it is a real one", () => {
    // The exact value of a root move at a depth: negamax below it.
    const valueOf = (tree: RandomTree, move: number, depth: number): number => {
      tree.makeMove(move);
      const v = -negamax(tree, depth - 1);
      tree.unmakeMove();
      return v;
    };
    let improved = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const nodes = 300 + seed * 37;
      const plain = new Searcher({ ttLog2: 12, lateMoveReductions: false }).search(new RandomTree(5, 9, seed), {
        nodes,
      });
      const tree = new RandomTree(5, 9, seed);
      const partial = new Searcher({ ttLog2: 12, lateMoveReductions: false, keepPartialIteration: true }).search(tree, {
        nodes,
      });
      expect(partial.nodes, `seed ${seed}`).toBe(plain.nodes);
      if (partial.bestMove === plain.bestMove) continue;
      improved++;
      // It beat the last complete iteration's move one ply deeper, where the cut-short iteration looked.
      const depth = plain.depth + 1;
      const better = valueOf(tree, partial.bestMove ?? 0, depth);
      expect(better, `seed ${seed}`).toBeGreaterThan(valueOf(tree, plain.bestMove ?? 0, depth));
      expect(partial.score, `seed ${seed}`).toBe(better);
    }
    // Not vacuous: some searches were cut short after finding a better move.
    expect(improved).toBeGreaterThan(3);
  });

  it('stops on time using the injected clock', () => {
    let t = 0;
    const tree = new RandomTree(6, 14, 9);
    const r = new Searcher({ ttLog2: 14 }).search(tree, { timeMs: 50, now: () => (t += 1) });
    expect(r.stopped).toBe(true);
  });

  it('is deterministic: the same search gives the same node count and move', () => {
    const a = new Searcher({ ttLog2: 14 }).search(new RandomTree(5, 8, 3), { depth: 6 });
    const b = new Searcher({ ttLog2: 14 }).search(new RandomTree(5, 8, 3), { depth: 6 });
    expect([a.nodes, a.bestMove, a.score]).toEqual([b.nodes, b.bestMove, b.score]);
  });

  it('scores every root move exactly', () => {
    const tree = new RandomTree(4, 4, 11);
    const scores = new Searcher({ ttLog2: 12, lateMoveReductions: false }).scoreRootMoves(tree, 3);
    for (const { move, score } of scores) {
      tree.makeMove(move);
      expect(score).toBe(-negamax(tree, 2));
      tree.unmakeMove();
    }
  });
});

describe('quiescence with tactical-only generation', () => {
  /** A random tree whose move 1 is "tactical", optionally able to generate only that move. */
  class TacticalTree extends RandomTree {
    fullGenerations = 0;
    override generateMoves(out: Int32Array, offset: number): number {
      this.fullGenerations++;
      return super.generateMoves(out, offset);
    }
    override isTactical(move: number): boolean {
      return move === 1;
    }
  }
  class TacticalOnlyTree extends TacticalTree {
    generateTacticalMoves(out: Int32Array, offset: number): number {
      out[offset] = 1;
      return 1;
    }
  }

  it('gives the same scores as filtering a full generation, with fewer full generations', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const plain = new TacticalTree(4, 0, seed);
      const hooked = new TacticalOnlyTree(4, 0, seed);
      const a = new Searcher({ ttLog2: 12, lateMoveReductions: false, maxPly: 12 }).search(plain, { depth: 3 });
      const b = new Searcher({ ttLog2: 12, lateMoveReductions: false, maxPly: 12 }).search(hooked, { depth: 3 });
      expect(b.score).toBe(a.score);
      expect(hooked.fullGenerations).toBeLessThan(plain.fullGenerations);
    }
  });
});
