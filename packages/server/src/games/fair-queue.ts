/**
 * Work waiting for the engine pool, shared fairly among the users it serves: the next job is the oldest of the owner
 * served longest ago (an owner not served while it had work under way comes first of all), so one user's many deep
 * searches never queue another user's move behind them — it waits only for the searches already running.
 *
 *   const q = new FairQueue<Job>();
 *   q.push('ann', a1); q.push('ann', a2); q.push('ben', b1);
 *   q.shift();  // a1 (ann's first)    q.shift();  // b1 (ben not yet served)    q.shift();  // a2
 *   q.done('ann');                      // one of ann's jobs ended: when she has none left, her turn is forgotten
 */
export class FairQueue<T> {
  /** Each owner's waiting jobs, oldest first; owners in the order they began to wait (ties go to the first). */
  private readonly waiting = new Map<string, T[]>();
  /** When each owner with work waiting or running was last served (a running count of jobs taken). */
  private readonly served = new Map<string, number>();
  /** Each owner's jobs taken and not yet `done`. */
  private readonly running = new Map<string, number>();
  private taken = 0;
  private size = 0;

  /** Jobs waiting. */
  get length(): number {
    return this.size;
  }

  push(owner: string, item: T): void {
    const list = this.waiting.get(owner);
    if (list) list.push(item);
    else this.waiting.set(owner, [item]);
    this.size++;
  }

  /** The next job and its owner, counted as running until `done(owner)`. */
  shift(): { readonly owner: string; readonly item: T } | undefined {
    let pick: string | undefined;
    let since = Infinity;
    for (const owner of this.waiting.keys()) {
      const last = this.served.get(owner) ?? -1;
      if (last < since) {
        pick = owner;
        since = last;
      }
    }
    if (pick === undefined) return undefined;
    const list = this.waiting.get(pick) as T[];
    const item = list.shift() as T;
    if (list.length === 0) this.waiting.delete(pick);
    this.size--;
    this.served.set(pick, this.taken++);
    this.running.set(pick, (this.running.get(pick) ?? 0) + 1);
    return { owner: pick, item };
  }

  /** A job `shift` gave out has ended (answered, failed or stopped). */
  done(owner: string): void {
    const n = (this.running.get(owner) ?? 1) - 1;
    if (n > 0) this.running.set(owner, n);
    else this.running.delete(owner);
    this.forgetIdle(owner);
  }

  /** Takes the waiting jobs `match` picks out of the queue, and gives them back (oldest first per owner). */
  remove(match: (item: T) => boolean): T[] {
    const out: T[] = [];
    for (const [owner, list] of this.waiting) {
      const keep = list.filter((item) => !match(item));
      if (keep.length === list.length) continue;
      out.push(...list.filter(match));
      this.size -= list.length - keep.length;
      if (keep.length > 0) this.waiting.set(owner, keep);
      else {
        this.waiting.delete(owner);
        this.forgetIdle(owner);
      }
    }
    return out;
  }

  /** Every waiting job, taken out of the queue. */
  clear(): T[] {
    const out = [...this.waiting.values()].flat();
    this.waiting.clear();
    this.served.clear();
    this.running.clear();
    this.size = 0;
    return out;
  }

  /** An owner with nothing waiting or running starts afresh next time (the map holds only owners with work). */
  private forgetIdle(owner: string): void {
    if (!this.waiting.has(owner) && !this.running.has(owner)) this.served.delete(owner);
  }
}
