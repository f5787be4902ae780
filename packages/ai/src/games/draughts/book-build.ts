/**
 * Builds the draughts opening book by the project's own deep search (`DraughtsDeepSearcher`), with drop-out
 * expansion (Lincke's method, in a bounded form): from each root position, the position whose line costs least is
 * analysed next, where a line costs `plyCost` a ply plus, at each move, how far its searched score falls below the
 * best move's. A position is analysed by a best-move search, then by searches without the moves already found
 * (`rootMoves`), as long as the next best scores within `window` of the best: those moves are the position's book
 * moves, and the positions they lead to join the queue. Each root gets `budget` analysed positions.
 *
 * Every search is limited by nodes, never by time, and starts from a cleared searcher, so a position's analysis
 * depends only on the position, and the same options build the same book on any machine.
 *
 *   const { book, roots } = buildDraughtsBook({ variant: 'english', roots: [{ state, budget: 8 }], nodes: 200_000 });
 */
import {
  DraughtsSearchPosition,
  formatMove,
  generateMoves,
  parseMove,
  playMove,
  type DraughtsMove,
  type DraughtsState,
  type VariantId,
} from '@tactica/draughts';
import { unwrap } from '@tactica/core';
import { bookKey, DraughtsBook, type BookMove } from './book.js';
import { DraughtsDeepSearcher, type DeepEvaluator } from './deep-search.js';

interface BookRoot {
  /** Where the expansion starts (a ballot's position, the start position). */
  readonly state: DraughtsState;
  /** Positions analysed from this root (positions already in the book, and forced moves, cost nothing). */
  readonly budget: number;
  /** A name for the report (`ballot 12`). */
  readonly name?: string;
}

export interface BookBuildOptions {
  readonly variant: VariantId;
  readonly roots: readonly BookRoot[];
  /** Nodes of each search. */
  readonly nodes: number;
  /** Moves scoring within this many hundredths of a man of the best are book moves (default 20). */
  readonly window?: number;
  /** Most book moves a position keeps (default 3). */
  readonly width?: number;
  /** The cost of a ply in the expansion's queue, in hundredths of a man (default 10). */
  readonly plyCost?: number;
  /** The searches' evaluation (default the hand-written one; Master's learned one makes the book Master would). */
  readonly evaluator?: DeepEvaluator;
  /** log2 of the table's buckets (default 19, as Master's). */
  readonly ttLog2?: number;
  /**
   * Positions analysed before (by earlier roots): not analysed again, but their book moves are followed as if they
   * had been (at no cost to the budget), so that a root reached before by another root still grows its own tree.
   */
  readonly known?: ReadonlyMap<string, readonly BookMove[]>;
  /** Called after each analysed position. */
  readonly onPosition?: (info: { root: number; key: string; ply: number; moves: readonly BookMove[] }) => void;
}

/** What one root gave: positions analysed and the deepest ply (from the root) of an analysed position. */
interface BookRootReport {
  readonly name: string;
  readonly positions: number;
  readonly maxPly: number;
}

export interface BookBuild {
  readonly book: DraughtsBook;
  readonly roots: readonly BookRootReport[];
  readonly searches: number;
  readonly nodes: number;
}

interface Leaf {
  readonly state: DraughtsState;
  readonly cost: number;
  readonly ply: number;
  readonly order: number;
}

export function buildDraughtsBook(options: BookBuildOptions): BookBuild {
  const window = options.window ?? 20;
  const width = options.width ?? 3;
  const plyCost = options.plyCost ?? 10;
  const searcher = new DraughtsDeepSearcher({
    ttLog2: options.ttLog2 ?? 19,
    ...(options.evaluator ? { evaluator: options.evaluator } : {}),
  });
  const entries = new Map<string, readonly BookMove[]>();
  const reports: BookRootReport[] = [];
  let searches = 0;
  let nodes = 0;
  let order = 0;

  /** The book moves of a position (best first), by searches without the moves found so far. */
  const analyse = (state: DraughtsState): { moves: BookMove[]; played: DraughtsMove[] } => {
    const sp = new DraughtsSearchPosition(state);
    const legal = generateMoves(state.position);
    const buffer = new Int32Array(512);
    const all = Array.from(buffer.subarray(0, sp.generateMoves(buffer, 0)));
    searcher.reset();
    const found: { key: number; score: number }[] = [];
    let remaining = all;
    while (found.length < width && remaining.length > 0) {
      const r = searcher.search(sp, { nodes: options.nodes, ...(found.length > 0 ? { rootMoves: remaining } : {}) });
      searches++;
      nodes += r.nodes;
      if (r.bestMove === undefined) break;
      const first = found[0];
      if (first && r.score < first.score - window) break;
      const key = r.bestMove;
      found.push({ key, score: r.score });
      remaining = remaining.filter((k) => k !== key);
    }
    // A later search may score a move above the first one's (different trees): best first all the same.
    found.sort((a, b) => b.score - a.score);
    const played = found.map((f) => sp.decode(f.key));
    return {
      moves: found.map((f, i) => ({
        move: formatMove(state.position, played[i] as DraughtsMove, legal),
        score: f.score,
      })),
      played,
    };
  };

  options.roots.forEach((root, index) => {
    const queue: Leaf[] = [{ state: root.state, cost: 0, ply: 0, order: order++ }];
    let positions = 0;
    let maxPly = 0;
    const visited = new Set<string>();
    while (queue.length > 0 && positions < root.budget) {
      // The cheapest line first; among equals the one queued first (a deterministic order).
      let at = 0;
      for (let i = 1; i < queue.length; i++) {
        const a = queue[i] as Leaf;
        const b = queue[at] as Leaf;
        if (a.cost < b.cost || (a.cost === b.cost && a.order < b.order)) at = i;
      }
      const leaf = queue.splice(at, 1)[0] as Leaf;
      const { state } = leaf;
      if (state.over) continue;
      const legal = generateMoves(state.position);
      if (legal.length === 0) continue;
      if (legal.length === 1) {
        // A forced move needs no book: follow it at the cost of a ply.
        const next = playMove(state, legal[0] as (typeof legal)[number]);
        queue.push({ state: next, cost: leaf.cost + plyCost, ply: leaf.ply + 1, order: order++ });
        continue;
      }
      const key = bookKey(state.position);
      if (visited.has(key)) continue;
      visited.add(key);
      const before = entries.get(key) ?? options.known?.get(key);
      let moves: readonly BookMove[];
      let played: readonly DraughtsMove[];
      if (before) {
        moves = before;
        played = before.map((m) => unwrap(parseMove(state.position, m.move, legal)));
      } else {
        ({ moves, played } = analyse(state));
        if (moves.length === 0) continue;
        entries.set(key, moves);
        positions++;
        if (leaf.ply > maxPly) maxPly = leaf.ply;
        options.onPosition?.({ root: index, key, ply: leaf.ply, moves });
      }
      const top = (moves[0] as BookMove).score;
      played.forEach((move, i) => {
        const next = playMove(state, move);
        const drop = top - (moves[i] as BookMove).score;
        queue.push({ state: next, cost: leaf.cost + plyCost + drop, ply: leaf.ply + 1, order: order++ });
      });
    }
    reports.push({ name: root.name ?? `root ${index + 1}`, positions, maxPly });
  });

  return { book: new DraughtsBook(options.variant, entries), roots: reports, searches, nodes };
}
