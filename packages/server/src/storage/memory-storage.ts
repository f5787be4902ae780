/**
 * The repositories in memory: plain maps, no database. For tests of the domain that need no SQL, and to keep the
 * ports honest (a port that only SQL could implement is not one). Transactions run one at a time (a queue), so each
 * sees the state the previous one committed; each change a repository makes records how to undo it in the
 * transaction's journal, and a transaction that throws is undone in reverse order. Events noted are published on the
 * change bus (../bus/change-bus.ts; in-process by default) once the transaction commits, as with the databases. Nothing survives the process.
 */
import { MemoryAccounts, makeAccountTables, type AccountTables } from '../accounts/memory-accounts.js';
import { InProcessBus, type ChangeBus, type ChangeEvent } from '../bus/change-bus.js';
import { MemoryGames, makeGameTables, type GameTables } from '../games/memory-games.js';
import { MemoryChallenges, makeChallengeTables, type ChallengeTables } from '../challenges/memory-challenges.js';
import { makeMailTable, MemoryMail, type MailTable } from '../pbm/memory-mail.js';
import { makeReviewTable, MemoryReviews, type ReviewTable } from '../reviews/memory-reviews.js';
import { MemoryRatings, type RatingTable } from '../ratings/memory-ratings.js';
import { makeTournamentTables, MemoryTournaments, type TournamentTables } from '../tournaments/memory-tournaments.js';
import type { Notify, Repositories, Storage } from './ports.js';

/** How to undo the changes of one transaction, newest last. */
export class Journal {
  private readonly undos: (() => void)[] = [];

  /** Records how to undo a change just made. */
  undo(step: () => void): void {
    this.undos.push(step);
  }

  /** Sets a map's entry, recording how to put back what was there. */
  set<K, V>(map: Map<K, V>, key: K, value: V): void {
    const had = map.has(key);
    const before = map.get(key);
    map.set(key, value);
    this.undos.push(() => (had ? map.set(key, before as V) : map.delete(key)));
  }

  /** Deletes a map's entry, recording how to put it back. */
  delete<K, V>(map: Map<K, V>, key: K): boolean {
    if (!map.has(key)) return false;
    const before = map.get(key) as V;
    map.delete(key);
    this.undos.push(() => map.set(key, before));
    return true;
  }

  /** Undoes every recorded change, newest first. */
  rollback(): void {
    for (let i = this.undos.length - 1; i >= 0; i--) (this.undos[i] as () => void)();
    this.undos.length = 0;
  }
}

/** The data of every in-memory repository: one object per concern, made empty by `makeMemoryTables`. */
export interface MemoryTables {
  readonly ratings: RatingTable;
  readonly games: GameTables;
  readonly accounts: AccountTables;
  readonly challenges: ChallengeTables;
  readonly mail: MailTable;
  readonly tournaments: TournamentTables;
  readonly reviews: ReviewTable;
}

/** Empty tables for every concern. A concern adds its own here. */
function makeMemoryTables(): MemoryTables {
  return {
    ratings: new Map(),
    games: makeGameTables(),
    accounts: makeAccountTables(),
    challenges: makeChallengeTables(),
    mail: makeMailTable(),
    tournaments: makeTournamentTables(),
    reviews: makeReviewTable(),
  };
}

/** Builds each concern's in-memory repository on `tables`, recording its changes in `journal`. */
function makeMemoryRepositories(tables: MemoryTables, journal: Journal, notify: Notify): Repositories {
  return {
    games: new MemoryGames(tables.games, tables.accounts, journal, notify),
    ratings: new MemoryRatings(tables.ratings, journal),
    accounts: new MemoryAccounts(tables.accounts, journal),
    challenges: new MemoryChallenges(tables.challenges, journal),
    mail: new MemoryMail(tables.mail, journal),
    tournaments: new MemoryTournaments(tables.tournaments, journal),
    reviews: new MemoryReviews(tables.reviews, journal),
  };
}

export interface MemoryStorage extends Storage {
  /** Hears the events of every committed transaction. */
  onChange(listener: (e: ChangeEvent) => void): () => void;
}

type AnyMethod = (...args: unknown[]) => unknown;
type Bag = Record<string, Record<PropertyKey, unknown>>;

/** Every method of every repository run as a transaction of its own (`Storage.repos`). */
function autocommitted(storage: Pick<Storage, 'transaction'>, sample: Repositories): Repositories {
  const out: Bag = {};
  for (const [name, repo] of Object.entries(sample as unknown as Bag)) {
    out[name] = new Proxy(repo, {
      get(target, key) {
        if (typeof target[key] !== 'function') return target[key];
        return (...args: unknown[]) =>
          storage.transaction((repos) => {
            const own = (repos as unknown as Bag)[name] as Record<PropertyKey, AnyMethod>;
            return Promise.resolve((own[key] as AnyMethod).apply(own, args));
          });
      },
    });
  }
  return out as unknown as Repositories;
}

export function memoryStorage(
  tables: MemoryTables = makeMemoryTables(),
  bus: ChangeBus = new InProcessBus(),
): MemoryStorage {
  // The transactions' queue: each starts when the one before has committed or rolled back.
  let last: Promise<unknown> = Promise.resolve();
  const transaction: Storage['transaction'] = (work) => {
    const run = last.then(async () => {
      const journal = new Journal();
      const events: ChangeEvent[] = [];
      try {
        const notify: Notify = (e) => events.push(e);
        const result = await work(makeMemoryRepositories(tables, journal, notify), notify);
        bus.publish(events);
        return result;
      } catch (e) {
        journal.rollback();
        throw e;
      }
    });
    last = run.catch(() => undefined);
    return run;
  };
  const storage = { transaction };
  return {
    transaction,
    repos: autocommitted(
      storage,
      makeMemoryRepositories(tables, new Journal(), () => undefined),
    ),
    onChange: (listener) => bus.subscribe(listener),
  };
}
