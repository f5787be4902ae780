/**
 * The deep search's time manager: how long one move may take, given the time it should take on average (the target)
 * and the time it must never exceed (the hard limit). Pure logic over the elapsed times the searcher hands it, so
 * that tests drive it with an injected clock.
 *
 * - The soft limit is the target scaled by how hard the move looks: more when the best move changed between
 *   iterations (an instability that decays by iteration) or the score dropped, less once the best move has stayed
 *   the same for several iterations. It never exceeds the hard limit.
 * - A new iteration starts only while the time used is below `START_SHARE` of the soft limit: with an effective
 *   branching factor near two, the next iteration costs about as much as all before it.
 * - During an iteration the search stops at the soft limit, since the root's moves searched so far still count (the
 *   searcher plays the best move of a partial iteration); while the root is failing low (the last best move turned
 *   out worse and no other move has been found yet) it goes on up to `FAIL_LOW_EXTRA` times the soft limit.
 * - The hard limit always stops it.
 * - At a fixed time a move (a target at or above the hard limit: `choose({ timeMs })`, the match tool's and DXP's
 *   mode) there is nothing to save time for: every iteration starts and the search runs up to the hard limit, where
 *   the root moves the unfinished iteration has searched (the last best move first) give the answer. Stopping early
 *   once the best move held, as a clock's manager does, left a quarter to a half of the move's time unused
 *   (bench/RESULTS.md, "Draughts time use") **(ours)**.
 *
 * The factors are ours **(ours)**, set so that a game at a fixed time a move uses most of that time on average and
 * a clock's target is met on average (bench/RESULTS.md, "Draughts two threads and the time manager").
 */

/** A new iteration starts only below this share of the soft limit. */
export const START_SHARE = 0.6;
/**
 * The soft limit of an ordinary move, as a multiple of the target: a search stops somewhere between `START_SHARE`
 * of the soft limit (between iterations) and the soft limit itself (inside one), about 0.8 of it on average.
 */
const TARGET_SCALE = 1.25;
/** How far past the soft limit a search failing low at the root may go (still below the hard limit). */
export const FAIL_LOW_EXTRA = 2;

/**
 * What the engine keeps back of a fixed time a move for its own overhead past the search's last clock check (the
 * result's way back to the caller, a thread waiting for a core on a loaded machine), so that the move's wall time
 * seen by the caller stays within the limit **(ours**, measured in bench/RESULTS.md, "Draughts time use").
 */
export const FIXED_MARGIN_MS = 10;

/**
 * The search's limits for one move asked with a hard limit `timeMs` and a target (none: a fixed time a move), after
 * `spentMs` spent before the search. At a fixed time the margin comes off the hard limit (a clock's limits keep their
 * own reserve, `clockMoveTime`), and the target is the hard limit.
 */
export function searchMoveTime(timeMs: number, targetMs: number | undefined, spentMs: number): MoveTime {
  const fixed = targetMs === undefined || targetMs >= timeMs;
  const hard = Math.max(1, timeMs - spentMs - (fixed ? FIXED_MARGIN_MS : 0));
  return { timeMs: hard, targetMs: fixed ? hard : Math.max(1, Math.min(targetMs, hard)) };
}

export class DeepTimeManager {
  /** Milliseconds after which the search stops at its next check unless the root is failing low. */
  softMs: number;
  private lastBest = -1;
  private lastScore = 0;
  private iterations = 0;
  private instability = 0;
  private stable = 0;

  constructor(
    readonly targetMs: number,
    readonly hardMs: number,
  ) {
    this.softMs = Math.min(targetMs * TARGET_SCALE, hardMs);
  }

  /**
   * A completed iteration: its depth, best move and score, and the time used so far. Answers whether another
   * iteration should start.
   */
  iterationDone(depth: number, bestMove: number, score: number, elapsedMs: number): boolean {
    let drop = 0;
    if (this.iterations > 0) {
      if (bestMove !== this.lastBest) {
        // Early iterations change their mind for little reason: a change counts from depth 4 on.
        if (depth >= 4) this.instability += 1;
        this.stable = 0;
      } else this.stable++;
      drop = this.lastScore - score;
    }
    this.iterations++;
    this.lastBest = bestMove;
    this.lastScore = score;
    // A change weighs less with every iteration it lies back.
    this.instability *= 0.6;
    // A fixed time: the next iteration starts whatever it may cost, since its partial result counts.
    if (this.targetMs >= this.hardMs) return elapsedMs < this.hardMs;
    const settled = this.stable >= 3 ? Math.max(0.7, 1 - 0.1 * (this.stable - 2)) : 1;
    // A score falling by a third of a man or more doubles the time (hundredths of a man).
    const falling = 1 + Math.min(1, Math.max(0, drop) / 33);
    this.softMs = Math.min(this.hardMs, this.targetMs * TARGET_SCALE * settled * (1 + this.instability) * falling);
    return elapsedMs < this.softMs * START_SHARE;
  }

  /** During an iteration: whether the search must stop now. */
  mustStop(elapsedMs: number, failingLow: boolean): boolean {
    if (elapsedMs >= this.hardMs) return true;
    if (elapsedMs < this.softMs || this.iterations === 0) return false;
    return !failingLow || elapsedMs >= this.softMs * FAIL_LOW_EXTRA;
  }
}

/** The time for one move from a game clock: what it should take on average and what it may take at most. */
export interface MoveTime {
  readonly targetMs: number;
  readonly timeMs: number;
}

/**
 * A move's time from the clock: the remaining time shared over the moves still to play (30 when the clock does not
 * say) plus most of the increment as the target, and up to three times that, never more than a third of the
 * remaining time plus the increment, as the hard limit; `reserveMs` is kept back for the move to travel **(ours)**.
 */
export function clockMoveTime(clock: {
  readonly remainingMs: number;
  readonly incrementMs?: number;
  readonly movesToGo?: number;
  readonly reserveMs?: number;
}): MoveTime {
  const inc = clock.incrementMs ?? 0;
  const left = Math.max(0, clock.remainingMs - (clock.reserveMs ?? 50));
  const target = Math.min(left / Math.max(1, clock.movesToGo ?? 30) + inc * 0.8, left * 0.4);
  const hard = Math.max(target, Math.min(target * 3, left / 3 + inc * 0.9, left));
  return { targetMs: Math.max(1, target), timeMs: Math.max(1, hard) };
}
