/** Small games with known values, for testing the searcher. */
import { createRng, type Player } from '@tactica/core';
import type { SearchPosition } from './search-position.js';

/**
 * An endless uniform random game tree: every node has `branching` moves; evaluations are pseudo-random but fixed by
 * the path, so plain negamax to a depth gives the exact reference value. (`height` only names the intended depth.)
 */
export class RandomTree implements SearchPosition {
  private path: number[] = [];
  constructor(
    readonly branching: number,
    readonly height: number,
    readonly seed: number,
  ) {}
  private key(): number {
    let h = this.seed >>> 0;
    for (const m of this.path) h = (Math.imul(h ^ m, 0x9e3779b1) + 0x7f4a7c15) >>> 0;
    return h;
  }
  sideToMove(): Player {
    return (this.path.length % 2) as Player;
  }
  generateMoves(out: Int32Array, offset: number): number {
    for (let i = 0; i < this.branching; i++) out[offset + i] = i + 1;
    return this.branching;
  }
  makeMove(move: number): void {
    this.path.push(move);
  }
  unmakeMove(): void {
    this.path.pop();
  }
  hashLo(): number {
    return this.key();
  }
  hashHi(): number {
    return Math.imul(this.key(), 0x85ebca6b) ^ this.path.length;
  }
  decided(): -1 | 0 | 1 | undefined {
    return undefined;
  }
  noMovesResult(): -1 | 0 | 1 {
    return 0;
  }
  evaluate(): number {
    return createRng(this.key()).int(2001) - 1000;
  }
  isTactical(_move: number): boolean {
    return false;
  }
  mustPlayTactical(): boolean {
    return false;
  }
  historyIndex(move: number): number {
    return move;
  }
}

/** Plain negamax to a fixed depth: the reference the searcher must agree with. */
export function negamax(pos: SearchPosition, depth: number): number {
  const out = new Int32Array(64);
  const n = pos.generateMoves(out, 0);
  if (depth === 0 || n === 0) return n === 0 && depth > 0 ? 0 : pos.evaluate();
  let best = -Infinity;
  const moves = Array.from(out.subarray(0, n));
  for (const m of moves) {
    pos.makeMove(m);
    best = Math.max(best, -negamax(pos, depth - 1));
    pos.unmakeMove(m);
  }
  return best;
}
