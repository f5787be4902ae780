/**
 * Quick pairing (issue 39; lichess's quick pairing, Board Game Arena's "play now"): a player asks for a game and a
 * clock and is paired with anyone asking for the same, or waits. Built on seeks, not beside them: a request takes
 * the oldest open seek for the same game and clock (another player's request, or a seek posted from the lobby's
 * form) — among the oldest few, the one whose poster's rating is closest — and the game starts as when a seek is
 * accepted (the waiting player is told on the stream: `started`). With none, the request becomes a seek marked as
 * a quick-pairing request, shown in the lobby like any other, until someone pairs with it or accepts it.
 *
 * A player has one request waiting: a new one replaces it. It leaves the queue when cancelled, and when the
 * player's last stream connection closes (the page that waits for it is gone; ../stream/hub.ts). The number of
 * requests waiting on the server is bounded (`PairingOptions.waitingLimit`).
 */
import type { User } from '../accounts/accounts.js';
import { DomainError } from '../errors.js';
import type { LiveGame } from '../games/live-game.js';
import type { PeopleQuota } from '../games/people-quota.js';
import type { GameService } from '../games/service.js';
import { NEW_PLAYER } from '../ratings/glicko2.js';
import type { Repositories, Storage } from '../storage/ports.js';
import type { StoredChallenge } from './challenge-repository.js';
import { checkOpenLimit, viewOf, type ChallengeView, type Challenges } from './challenges.js';

/** Quick-pairing requests waiting at once on the server, everyone's: 1,000 by default **(ours)**. */
const PAIRING_WAITING_LIMIT = 1_000;
/** The open seeks a request chooses among by rating: the oldest this many for its game and clock **(ours)**. */
const CANDIDATES = 20;

export interface PairingOptions {
  /** Quick-pairing requests waiting at once (`PAIRING_WAITING_LIMIT`); past it a request is refused. */
  readonly waitingLimit?: number;
}

/** A quick-pairing request: the game (family, catalogue options), the clock, and whether it is rated. */
export interface PairingRequest {
  readonly family: string;
  readonly options?: unknown;
  readonly control?: unknown;
  readonly rated?: boolean;
}

export type PairingResult =
  | { readonly status: 'paired'; readonly challenge: ChallengeView; readonly game: LiveGame }
  | { readonly status: 'waiting'; readonly challenge: ChallengeView };

export class QuickPairing {
  readonly waitingLimit: number;

  constructor(
    private readonly storage: Storage,
    private readonly challenges: Challenges,
    private readonly games: GameService,
    private readonly now: () => number = Date.now,
    options: PairingOptions = {},
    /** The cap on each player's games between people in progress, when the server has one. */
    private readonly quota?: PeopleQuota,
  ) {
    this.waitingLimit = options.waitingLimit ?? PAIRING_WAITING_LIMIT;
  }

  /** Pairs `user` with a seek for the same game and clock, or leaves their request waiting. */
  async pair(user: User, request: PairingRequest): Promise<PairingResult> {
    const { values } = await this.challenges.prepare(user, {
      family: request.family,
      options: request.options,
      control: request.control,
      rated: request.rated === true,
    });
    // A seek without opponent or engine help always has its key.
    const key = values.matchKey as string;
    const result = await this.storage.transaction(async (repos, notify): Promise<PairingResult> => {
      await repos.challenges.lockPairing(key);
      // One request waiting a player: another game or clock replaces it, the same one again is kept.
      const waiting = await repos.challenges.pairingsOf(user.id);
      const same = waiting.find((c) => c.matchKey === key);
      let closed = false;
      for (const c of waiting) if (c !== same) closed = (await repos.challenges.close(c.id, 'cancelled')) || closed;
      let seek = await this.closest(repos, user, values.family, key);
      const full = await this.quota?.atCapAmong(repos, seek ? [user.id, seek.challengerId] : [user.id]);
      // A player at the cap on games between people (../games/people-quota.ts) neither pairs nor waits; one who
      // reached it while waiting leaves the queue, rather than every request for that game being refused after it.
      if (this.quota && full?.has(user.id)) await this.quota.check(repos, user); // refuses: games/too-many-games
      if (seek && full?.has(seek.challengerId)) {
        await repos.challenges.close(seek.id, 'cancelled');
        closed = true;
        seek = undefined;
      }
      if (seek) {
        if (same) await repos.challenges.close(same.id, 'cancelled');
        return { status: 'paired', ...(await this.challenges.acceptWithin(repos, notify, seek, user)) };
      }
      if (closed) notify({ kind: 'lobby' });
      const names = new Map([[user.id, user.name]]);
      if (same) return { status: 'waiting', challenge: viewOf(same, names) };
      await checkOpenLimit(repos, user);
      if ((await repos.challenges.countPairings()) >= this.waitingLimit) {
        throw new DomainError(
          'pairing/full',
          `the server holds at most ${this.waitingLimit} quick-pairing requests at a time; try again shortly`,
        );
      }
      const added = { ...values, pairing: true, createdAt: this.now() };
      const id = await repos.challenges.add(added);
      notify({ kind: 'lobby' });
      return { status: 'waiting', challenge: viewOf({ ...added, id, status: 'open', gameId: null }, names) };
    });
    if (result.status === 'paired') this.games.committed(result.game);
    return result;
  }

  /** The user's waiting request, if any. */
  async waiting(user: User): Promise<ChallengeView | undefined> {
    const [first] = await this.storage.repos.challenges.pairingsOf(user.id);
    return first && (await this.challenges.viewsOf(this.storage.repos, [first]))[0];
  }

  /** Takes the user's waiting requests out of the queue: how many there were (none is no error). */
  async cancel(userId: string): Promise<number> {
    return this.storage.transaction(async (repos, notify) => {
      let n = 0;
      for (const c of await repos.challenges.pairingsOf(userId)) {
        if (await repos.challenges.close(c.id, 'cancelled')) n++;
      }
      if (n > 0) notify({ kind: 'lobby' });
      return n;
    });
  }

  /**
   * Takes the requests of `userIds` out of the queue (their pages lost this instance: it is stopping). None waiting
   * at all, the common case, costs one count.
   */
  async leave(userIds: readonly string[]): Promise<void> {
    if ((await this.storage.repos.challenges.countPairings()) === 0) return;
    for (const id of userIds) await this.cancel(id);
  }

  /**
   * The seek to pair with: among the oldest open ones for the game and clock, the one whose poster's rating in the
   * game is closest to the player's (the oldest of equals); none, none.
   */
  private async closest(
    repos: Repositories,
    user: User,
    family: string,
    key: string,
  ): Promise<StoredChallenge | undefined> {
    const seeks = await repos.challenges.findSeeks(key, user.id, CANDIDATES);
    if (seeks.length <= 1) return seeks[0];
    const ratingOf = async (id: string): Promise<number> =>
      (await repos.ratings.of(id, family))?.rating ?? NEW_PLAYER.rating;
    const own = await ratingOf(user.id);
    let best: { seek: StoredChallenge; gap: number } | undefined;
    for (const seek of seeks) {
      const gap = Math.abs((await ratingOf(seek.challengerId)) - own);
      if (!best || gap < best.gap) best = { seek, gap };
    }
    return best?.seek;
  }
}
