import { hashString, type Game, type Player } from '@tactica/core';
import type { SearchPosition } from './search-position.js';

export interface ContractSearchOptions<S, M> {
  /** Static evaluation from `p`'s point of view. */
  readonly evaluate: (s: S, p: Player) => number;
  /** Captures and other moves quiescence must follow (default: none). */
  readonly isTactical?: (s: S, m: M) => boolean;
  /** The side to move must play a tactical move (no standing pat). */
  readonly mustPlayTactical?: (s: S) => boolean;
  /** A 64-bit hash as two words; default hashes the position text (slow but always right). */
  readonly hash?: (s: S) => readonly [number, number];
  /** Result for the side to move with no legal move (default: loss). */
  readonly noMovesResult?: (s: S) => -1 | 0 | 1;
}

/**
 * Any `Game` as a `SearchPosition`, by keeping a stack of immutable states. Moves are encoded as their index in
 * the legal-move list plus one (0 means "no move"), which is stable because a position always lists its moves in
 * the same order. This allocates per node: games whose AI needs speed implement `SearchPosition` directly.
 */
export class ContractPosition<S, M> implements SearchPosition {
  private readonly states: S[];
  private readonly moveLists: (readonly M[])[] = [];
  private readonly hashes: (readonly [number, number])[] = [];

  constructor(
    private readonly game: Game<S, M>,
    start: S,
    private readonly options: ContractSearchOptions<S, M>,
  ) {
    this.states = [start];
    this.hashes.push(this.computeHash(start));
  }

  get state(): S {
    return this.states[this.states.length - 1] as S;
  }

  /** The move an encoded move stands for, in the current position. */
  decode(move: number): M {
    const m = this.listHere()[move - 1];
    if (m === undefined) throw new Error(`move ${move} is not legal here`);
    return m;
  }

  sideToMove(): Player {
    return this.game.toMove(this.state)[0] ?? 0;
  }

  generateMoves(out: Int32Array, offset: number): number {
    const list = this.listHere();
    for (let i = 0; i < list.length; i++) out[offset + i] = i + 1;
    return list.length;
  }

  makeMove(move: number): void {
    const next = this.game.play(this.state, this.decode(move));
    this.states.push(next);
    this.hashes.push(this.computeHash(next));
  }

  unmakeMove(): void {
    this.states.pop();
    this.hashes.pop();
    this.moveLists.length = Math.min(this.moveLists.length, this.states.length);
  }

  hashLo(): number {
    return (this.hashes[this.hashes.length - 1] as readonly [number, number])[0];
  }

  hashHi(): number {
    return (this.hashes[this.hashes.length - 1] as readonly [number, number])[1];
  }

  decided(): -1 | 0 | 1 | undefined {
    const o = this.game.outcome(this.state);
    if (!o) return undefined;
    if (o.kind === 'draw') return 0;
    // The side to move of an ended state is undefined in the contract; judge from the player who just moved.
    const mover = this.moverOfLastMove();
    return o.winner === mover ? -1 : 1;
  }

  noMovesResult(): -1 | 0 | 1 {
    return this.options.noMovesResult?.(this.state) ?? -1;
  }

  evaluate(): number {
    return Math.round(this.options.evaluate(this.state, this.perspective()));
  }

  isTactical(move: number): boolean {
    return this.options.isTactical?.(this.state, this.decode(move)) ?? false;
  }

  mustPlayTactical(): boolean {
    return this.options.mustPlayTactical?.(this.state) ?? false;
  }

  historyIndex(move: number): number {
    return (move * 2654435761) >>> 16;
  }

  private listHere(): readonly M[] {
    const depth = this.states.length - 1;
    let list = this.moveLists[depth];
    if (list === undefined) {
      list = this.game.legalMoves(this.state);
      this.moveLists[depth] = list;
    }
    return list;
  }

  /** The player whose point of view scores take: the side to move, or if the game is over, the next in turn. */
  private perspective(): Player {
    const p = this.game.toMove(this.state)[0];
    return p ?? (this.moverOfLastMove() === 0 ? 1 : 0);
  }

  private moverOfLastMove(): Player {
    const previous = this.states[this.states.length - 2];
    return previous === undefined ? 0 : (this.game.toMove(previous)[0] ?? 0);
  }

  private computeHash(s: S): readonly [number, number] {
    if (this.options.hash) return this.options.hash(s);
    const text = this.game.formatPosition(s);
    return [hashString(text), hashString(`#${text}`)];
  }
}
