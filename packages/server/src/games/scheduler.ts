/**
 * What happens to games without anyone sending a request: clocks run out, correspondence reminders and forfeits
 * fall due, and the computer answers. Each is a command on the game like a player's, so it is applied once: a
 * timeout by whichever instance claims the row (PostgreSQL `FOR UPDATE SKIP LOCKED`), a computer move by its
 * version (two instances may think, only one move lands). A search stops as soon as its game moves on (a move, a
 * takeback, a resignation, a timeout, another instance's change): the scheduler hears every change and tells the
 * engines.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Player } from '@tactica/core';
import type { Analysis } from '@tactica/ai';
import type { ChangeFeed } from '../accounts/accounts.js';
import { Poller } from '../poller.js';
import type { Storage } from '../storage/ports.js';
import { DAY_MS } from './control.js';
import { playersToAct, type LiveGame } from './live-game.js';
import { deadlineOf, type GameService } from './service.js';
import { applyComputer, applyForfeit, applyTimeouts, type Transition } from './transitions.js';
import type { AnalyseJob, JobTag } from './worker-engines.js';

/** Runs the computer's engine off the request path (worker threads). */
export interface EngineRunner {
  /** The computer's move (sequential) or a round's orders (simultaneous) for `seat` of `game`. */
  choose(game: LiveGame, seat: Player, level: string, seed: number): Promise<readonly unknown[]>;
  /**
   * `gameId` has reached `version`: its searches asked for an older version are of no use any more; they are
   * dropped (waiting) or stopped (running), and their promises refused.
   */
  cancel(gameId: number, version: number): void;
  close(): Promise<void>;
  /** A review's search of a position, in `tag.owner`'s fair share (../reviews/review-service.ts); none: no reviews. */
  analyse?(job: AnalyseJob, tag: JobTag): Promise<Analysis<unknown>>;
}

export interface SchedulerOptions {
  /** How often due timeouts are looked for, in ms. */
  readonly pollMs?: number;
  /** A computer move not made within this long (an instance died while thinking) is started again. */
  readonly computerGraceMs?: number;
}

/** The deadline work due for a game at `now`, or undefined when nothing is due. */
function dueTransition(game: LiveGame, now: number): Transition | undefined {
  if (game.finished) return undefined;
  const c = game.control;
  if (c.kind === 'live') return applyTimeouts(game, now);
  if (c.kind !== 'correspondence') return undefined;
  const toAct = playersToAct(game).filter((p) => game.levels[p] === null);
  if (toAct.length === 0) return undefined;
  if (now >= game.meta.turnSince + c.daysPerMove * DAY_MS) {
    let g = game;
    let t: Transition | undefined;
    for (const p of toAct) {
      t = applyForfeit(g, p, now);
      g = { ...g, restored: t.restored, meta: t.meta };
      if (t.restored.session.outcome) break;
    }
    return t;
  }
  if (game.meta.nagged === undefined && now >= game.meta.turnSince + c.nagDays * DAY_MS) {
    return { restored: game.restored, meta: { ...game.meta, nagged: game.version + 1 } };
  }
  return undefined;
}

/** Due games one transaction of the scheduler takes at most (the rest wait for its next turn). */
const DUE_BATCH = 50;
/** Games read at a time by the start-up's look for computer moves to make **(ours)**. */
export const RECOVER_BATCH = 100;

export class Scheduler {
  /** Polls for due timeouts; a stop waits for its poll and for the computer's moves under way (`track`). */
  private readonly poller = new Poller(() => this.applyAllDue());
  private readonly thinking = new Set<number>();
  /** Games that changed while the computer thought on them: looked at again once it is done. */
  private readonly changedMeanwhile = new Set<number>();

  constructor(
    private readonly storage: Storage,
    changes: ChangeFeed,
    private readonly games: GameService,
    private readonly engines: EngineRunner,
    private readonly now: () => number = Date.now,
    private readonly options: SchedulerOptions = {},
  ) {
    games.onCommitted((g) => this.computerTurn(g));
    // Every instance's changes (this one's too, after `onCommitted`): a search for an older version stops.
    changes.onChange((e) => {
      if (e.kind === 'game' && e.gameId !== undefined && e.version !== undefined) engines.cancel(e.gameId, e.version);
    });
  }

  /** Polls for due timeouts completed so far (for tests and health checks). */
  get polls(): number {
    return this.poller.runs;
  }

  start(): void {
    this.poller.start(this.options.pollMs ?? 250);
    // Tracked: a stop waits for the page under way (the loop ends at the next page).
    void this.poller.track(this.recover());
  }

  /** Stops looking for work and waits for the work under way (a computer move being stored, a timeout). */
  async stop(): Promise<void> {
    await this.poller.stop();
  }

  /** Applies every due timeout (one poll). */
  private async applyAllDue(): Promise<void> {
    const applied = await this.applyDue(this.now());
    for (const g of applied) this.games.committed(g);
  }

  /**
   * One transaction: the due games no other instance holds (PostgreSQL `FOR UPDATE SKIP LOCKED`; SQLite has one
   * writer), each read, changed and written while its row is held, so every timeout is applied exactly once.
   */
  private async applyDue(now: number): Promise<LiveGame[]> {
    return this.storage.transaction(async (repos) => {
      const ids = await repos.games.takeDue(now, DUE_BATCH);
      const applied: LiveGame[] = [];
      for (const id of ids) {
        const game = await this.games.loadIn(id, repos);
        const next = dueTransition(game, now);
        if (!next) {
          // Nothing was due after all (a clock read a moment early): look again when it is.
          await repos.games.setDeadline(id, game.version, deadlineOf(game, now));
          continue;
        }
        const written = await this.games.writeIn(repos, game, next, now);
        if (written) applied.push(written);
      }
      return applied;
    });
  }

  /** After a change: when the computer is to act, it thinks (off the request path) and acts on that version. */
  private computerTurn(game: LiveGame): void {
    // Whatever the change, a search for an earlier version of the game is of no use now.
    this.engines.cancel(game.id, game.version);
    if (this.poller.stopped || game.finished) return;
    if (this.thinking.has(game.id)) {
      this.changedMeanwhile.add(game.id);
      return;
    }
    const seats = playersToAct(game).filter((p) => game.levels[p] !== null);
    if (seats.length === 0) return;
    this.thinking.add(game.id);
    let g = game;
    let moved = false;
    const work = (async () => {
      try {
        for (const seat of seats) {
          const moves = await this.engines.choose(g, seat, g.levels[seat] as string, g.version * 2 + seat);
          g = await this.games.change(g.id, g.version, (current, now) => applyComputer(current, seat, moves, now));
          moved = true;
        }
      } catch {
        // The game moved on meanwhile (a takeback, a resignation, another instance's move): nothing to do.
      } finally {
        this.thinking.delete(game.id);
        // A change that came while it thought may want the computer again: another's, or its own move when the
        // computer plays the other seat too (a tournament's game between two computers).
        const latest = this.changedMeanwhile.delete(game.id) ? this.games.cached(game.id) : undefined;
        if (latest && (latest.version > g.version || moved)) this.computerTurn(latest);
      }
    })();
    void this.poller.track(work);
  }

  /**
   * At start-up: every active game where the computer is to act, and has not for a while, gets its turn. Read a
   * page at a time (`RECOVER_BATCH`), a turn of the event loop between pages, so that the server answers requests
   * meanwhile however many such games there are; the computer's moves then queue fairly in the engine pool.
   */
  private async recover(): Promise<void> {
    const before = this.now() - (this.options.computerGraceMs ?? 0);
    let after = 0;
    while (!this.poller.stopped) {
      const page = await this.storage.repos.games.withComputerIdleSince(before, after, RECOVER_BATCH);
      for (const id of page) {
        const game = await this.games.load(id).catch(() => undefined);
        if (game) this.computerTurn(game);
      }
      if (page.length < RECOVER_BATCH) return;
      after = page[page.length - 1] as number;
      await nextTurn();
    }
  }
}
