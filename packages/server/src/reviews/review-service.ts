/**
 * Computer reviews of finished games, made on the server once per game and kept (./review-repository.ts).
 *
 * - Fair play: a game in progress is never reviewed (`review/in-progress`), so nobody gets the engine's view of a
 *   game while it is played — rated, between people or not.
 * - Once: a stored review is returned as it is; requests for a game being reviewed share its one job, on every
 *   instance on the storage: the instance that makes it claims it there first (./review-repository.ts, `claim`), so
 *   the others answer pending and start none; a claim older than `claimMs` is stale (its maker stopped) and the next
 *   request takes it over; a failed review drops its claim.
 * - Bounded: each position is one search in the server's engine pool (`WorkerEngines.analyse`), in the fair share
 *   of the user who asked, one search at a time, so a review never holds more than one worker and never runs on the
 *   event loop; each user has at most one review under way (`review/busy`) and the server `maxJobs`
 *   (`review/too-many`).
 * - A simultaneous game (Tactorus) is judged round by round by the game's synchronous round judge, which the pool's
 *   one-search requests do not carry: it runs in a worker thread of its own, one such review at a time on the server
 *   (./round-reviews.ts) **(ours)**.
 *
 *   const status = await reviews.request(gameId, user);   // { status: 'pending' } or { status: 'done', review }
 *   const stored = await reviews.whenDone(gameId);        // once computed (undefined if it failed)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { reviewLineAsync, type GameReview } from '@tactica/ai/review';
import type { AnalyseLimits, Analysis } from '@tactica/ai';
import { exportPlay, playsInRounds, sequentialPlay, turnsPlayed } from '@tactica/catalogue';
import type { User } from '../accounts/accounts.js';
import { DomainError } from '../errors.js';
import type { LiveGame } from '../games/live-game.js';
import type { GameService } from '../games/service.js';
import type { AnalyseJob, JobTag } from '../games/worker-engines.js';
import type { Storage } from '../storage/ports.js';
import type { StoredReview } from './review-repository.js';
import { RoundReviews } from './round-reviews.js';

/** Reviews under way at once on one server, every user's together **(ours)**: a review holds one worker at a time. */
const REVIEW_JOBS_MAX = 8;

/**
 * The longest game reviewed on the server, in plies (Tactorus: each side's moves of a round count) **(ours)**: a
 * 60-ply draughts review takes seconds, so this bounds one review to minutes of one worker.
 */
const REVIEW_PLIES_MAX = 1_000;

/**
 * How long a claim of a review being made holds, in ms **(ours)**: past it the review is taken to be lost (its
 * instance stopped) and the next request starts it again. Above the longest a review takes: `REVIEW_PLIES_MAX`
 * positions at about 60 ms each (bench/review-server.js) is a minute of one worker, a Tactorus review ends past
 * `ROUND_REVIEW_MS` (2 minutes); the rest is room for waiting behind other users' fair shares of the pool.
 */
const REVIEW_CLAIM_MS = 5 * 60_000;

/** How often an instance that did not make a review looks for it in storage, for whoever waits for it (ms). */
const REVIEW_POLL_MS = 2_000;

export interface ReviewOptions {
  /** The longest game reviewed, in plies (default `REVIEW_PLIES_MAX`). */
  readonly maxPlies?: number;
  /** Reviews under way (computing or waiting for the pool) at once (default `REVIEW_JOBS_MAX`). */
  readonly maxJobs?: number;
  /** Search depth per position (default: each game's review scale's `depth`). */
  readonly depth?: number;
  /** How long a claim of a review being made holds before the next request takes it over (default `REVIEW_CLAIM_MS`). */
  readonly claimMs?: number;
  /** How often a review made on another instance is looked for, for `whenDone` (default `REVIEW_POLL_MS`). */
  readonly pollMs?: number;
}

/** What reviews need of the engine pool: one search of a position, in a user's fair share. */
export interface ReviewEngines {
  analyse?(job: AnalyseJob, tag: JobTag): Promise<Analysis<unknown>>;
}

export type ReviewStatus =
  { readonly status: 'pending' } | { readonly status: 'done'; readonly review: GameReview; readonly createdAt: number };

interface Job {
  readonly user: string;
  readonly done: Promise<StoredReview | undefined>;
}

export class Reviews {
  readonly maxJobs: number;
  private readonly claimMs: number;
  private readonly jobs = new Map<number, Job>();
  /** The users with a review under way. */
  private readonly busy = new Set<string>();
  private readonly rounds = new RoundReviews();
  private closed = false;

  constructor(
    private readonly storage: Storage,
    private readonly games: GameService,
    private readonly engines: ReviewEngines,
    private readonly now: () => number,
    private readonly options: ReviewOptions = {},
  ) {
    this.maxJobs = options.maxJobs ?? REVIEW_JOBS_MAX;
    this.claimMs = options.claimMs ?? REVIEW_CLAIM_MS;
  }

  /** Reviews under way. */
  get running(): number {
    return this.jobs.size;
  }

  /** The game's review if it has one, pending if it is being made (here or elsewhere); `review/not-found` otherwise. */
  async status(gameId: number): Promise<ReviewStatus> {
    await this.games.mustExist(gameId);
    const stored = await this.storage.repos.reviews.of(gameId);
    if (stored) return done(stored);
    if (this.jobs.has(gameId) || (await this.claimedElsewhere(gameId))) return { status: 'pending' };
    throw new DomainError('review/not-found', `game ${gameId} has not been reviewed: ask for its review first`);
  }

  /**
   * The game's review, or the start of it (anyone who may see the game may ask: a finished game is public). The
   * work is paid from `user`'s fair share of the engine pool.
   */
  async request(gameId: number, user: User): Promise<ReviewStatus> {
    const stored = await this.storage.repos.reviews.of(gameId);
    if (stored) return done(stored);
    if (this.jobs.has(gameId) || (await this.claimedElsewhere(gameId))) return { status: 'pending' };
    const game = await this.games.load(gameId);
    if (!game.finished) {
      throw new DomainError(
        'review/in-progress',
        `game ${gameId} is in progress: a game is reviewed once it is over, never while it is played`,
      );
    }
    if (!playsInRounds(game.restored) && !this.engines.analyse) {
      throw new DomainError(
        'review/not-available',
        'the server has no engines for reviews: review the record with `tactica review` or in the web app',
      );
    }
    const r = game.restored;
    // A round is an entry of each side (the round in progress at the end is not one).
    const plies = (playsInRounds(r) ? 2 : 1) * turnsPlayed(r);
    const maxPlies = this.options.maxPlies ?? REVIEW_PLIES_MAX;
    if (plies > maxPlies) {
      throw new DomainError('review/too-long', `game ${gameId} is longer than the ${maxPlies} moves reviewed here`);
    }
    // Checked again with no await before the start: a request that came in meanwhile may have started the job.
    if (this.jobs.has(gameId)) return { status: 'pending' };
    if (this.busy.has(user.id)) {
      throw new DomainError('review/busy', 'you have a review under way already: ask again once it is done');
    }
    if (this.jobs.size >= this.maxJobs) {
      throw new DomainError('review/too-many', `the server is making ${this.maxJobs} reviews already: try again later`);
    }
    await this.start(game, user.id);
    return { status: 'pending' };
  }

  /** The server is closing: the Tactorus review under way is ended (the pool's searches end as the pool closes). */
  close(): Promise<void> {
    this.closed = true;
    return this.rounds.close();
  }

  /**
   * The game's review once stored, whether this instance makes it or another does (the mail's "you will get it by
   * mail" waits on this); undefined if it failed, its claim lapsed, or the server closed meanwhile.
   */
  async whenDone(gameId: number): Promise<StoredReview | undefined> {
    const made = await this.jobs.get(gameId)?.done;
    return made ?? this.storedByOthers(gameId);
  }

  /**
   * The review another instance is making, read from storage every `pollMs` while its claim is fresh: at most
   * `claimMs / pollMs` reads, whatever happens there.
   */
  private async storedByOthers(gameId: number): Promise<StoredReview | undefined> {
    const pollMs = this.options.pollMs ?? REVIEW_POLL_MS;
    const until = this.now() + this.claimMs;
    for (;;) {
      const stored = await this.storage.repos.reviews.of(gameId);
      if (stored || this.closed || this.now() >= until || !(await this.claimedElsewhere(gameId))) return stored;
      await sleep(pollMs, undefined, { ref: false });
    }
  }

  /** Whether the game's review is being made on another instance: its claim there is fresh. */
  private async claimedElsewhere(gameId: number): Promise<boolean> {
    const at = await this.storage.repos.reviews.claimedAt(gameId);
    return at !== undefined && at >= this.now() - this.claimMs;
  }

  /**
   * Starts the job, which claims the review in storage first, and waits for the claim (so that every instance
   * answers pending once this one has): the job and the asker's place are taken before any await, so that requests
   * meanwhile share them; if another instance's claim wins, the job ends at once (the review is read once that
   * instance stores it).
   */
  private async start(game: LiveGame, user: string): Promise<void> {
    const at = this.now();
    const claimed = this.storage.repos.reviews.claim(game.id, at, at - this.claimMs);
    const work = claimed
      .then((ok) => (ok ? this.computeClaimed(game, user, at) : undefined))
      .catch(() => undefined)
      .finally(() => {
        this.jobs.delete(game.id);
        this.busy.delete(user);
      });
    this.jobs.set(game.id, { user, done: work });
    this.busy.add(user);
    await claimed.catch(() => false);
  }

  /** The review: a sequential game's searches in the engine pool, a simultaneous game's rounds in a thread. */
  private async reviewOf(game: LiveGame, user: string): Promise<GameReview | undefined> {
    const depth = this.options.depth ?? game.restored.setup.review.depth;
    const restored = sequentialPlay(game.restored);
    if (!restored) {
      const options = game.restored.setup.options;
      return this.rounds.review({ family: game.family, options, ...(await recordOf(game)), depth });
    }
    const analyse = this.engines.analyse?.bind(this.engines);
    if (!analyse) return undefined;
    const { setup, session } = restored;
    const history = session.history;
    const position = { family: game.family, options: setup.options };
    const engine = {
      // The review asks no stop flag or iterations of its searches: only the limits cross to the worker.
      analyse: (state: unknown, { stop: _stop, onIteration: _on, ...limits }: AnalyseLimits) =>
        analyse({ ...position, state, limits }, { owner: user }),
    };
    const moves = history.moves.slice(0, history.cursor);
    return reviewLineAsync(setup.game, engine, history.start, moves, setup.review, { depth });
  }

  /** The review claimed at `at`, computed and stored; the claim dropped after. */
  private async computeClaimed(game: LiveGame, user: string, at: number): Promise<StoredReview | undefined> {
    try {
      return await this.compute(game, user);
    } finally {
      // Stored or failed, the claim is dropped: a failed review may be asked for again at once.
      await this.storage.repos.reviews.release(game.id, at).catch(() => undefined);
    }
  }

  private async compute(game: LiveGame, user: string): Promise<StoredReview | undefined> {
    const review = await this.reviewOf(game, user);
    if (!review) return undefined;
    const stored: StoredReview = {
      gameId: game.id,
      version: game.version,
      requestedBy: user,
      review,
      createdAt: this.now(),
    };
    // Another instance may have stored the game's review first: theirs is the one kept, and returned.
    if (await this.storage.repos.reviews.add(stored)) return stored;
    return this.storage.repos.reviews.of(game.id);
  }
}

/** The game as its first record format's text (a simultaneous game's review reads it back in its own thread). */
async function recordOf(game: LiveGame): Promise<{ format: string; text: string }> {
  const r = game.restored;
  const format = r.setup.records[0]?.id ?? '';
  const text = await exportPlay(r, format, {});
  if (!text.ok) throw new Error(text.error.message);
  return { format, text: text.value };
}

function done(stored: StoredReview): ReviewStatus {
  return { status: 'done', review: stored.review, createdAt: stored.createdAt };
}
