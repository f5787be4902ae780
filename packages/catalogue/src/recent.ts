/**
 * What a board works out for a position (its legal inputs, its squares), remembered for the last positions asked
 * about rather than for as long as the position lives **(ours)**. A player's screen asks about one position again
 * and again (every click, `fromInput`'s every answer), and a server about the position just played (the mover's
 * answer, the opponent's view, the watchers'); both ask about a handful of positions at a time. Kept on the state
 * (a WeakMap), the answer lived as long as the state, and a server keeps the current position of every game it
 * caches: a Force 400 position's inputs (up to a few thousand transfers, each with its label) weighed 300 kB of heap,
 * held for every cached game in play.
 */

/** How many positions' answers each board keeps **(ours)**: a few games' worth of busy screens. */
export const RECENT_POSITIONS = 32;

export class RecentPositions<K extends object, V> {
  /** In the order last asked for, the most recent last. */
  private readonly entries = new Map<K, { readonly owner: unknown; readonly value: V }>();

  constructor(private readonly capacity = RECENT_POSITIONS) {}

  /**
   * The answer for `key` that `make` gives, made once while the key is among the last `capacity` asked about.
   * `owner` is what the answer also depends on (the game object a board was made for), when the key alone does not
   * say: an answer made for another owner is made again.
   */
  get(key: K, make: () => V, owner?: unknown): V {
    const known = this.entries.get(key);
    if (known !== undefined && known.owner === owner) {
      this.entries.delete(key);
      this.entries.set(key, known);
      return known.value;
    }
    const value = make();
    this.entries.delete(key);
    this.entries.set(key, { owner, value });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return value;
  }
}
