/** The challenges in memory (../storage/memory-storage.ts). */
import type { Journal } from '../storage/memory-storage.js';
import type { ChallengeRepository, NewChallenge, StoredChallenge } from './challenge-repository.js';

export interface ChallengeTables {
  /** Challenges by id. */
  readonly rows: Map<number, StoredChallenge>;
  /** The last id given (ids are not given again, even by a transaction rolled back: as a database's sequence). */
  readonly sequence: { last: number };
}

export function makeChallengeTables(): ChallengeTables {
  return { rows: new Map(), sequence: { last: 0 } };
}

/** A copy that shares nothing with the caller's data, as a row read back from a database. */
function copy(c: StoredChallenge): StoredChallenge {
  return structuredClone(c);
}

export class MemoryChallenges implements ChallengeRepository {
  constructor(
    private readonly t: ChallengeTables,
    private readonly journal: Journal,
  ) {}

  add(c: NewChallenge): Promise<number> {
    const id = ++this.t.sequence.last;
    this.journal.set(this.t.rows, id, copy({ ...c, id, status: 'open', gameId: null }));
    return Promise.resolve(id);
  }

  get(id: number): Promise<StoredChallenge | undefined> {
    const c = this.t.rows.get(id);
    return Promise.resolve(c && copy(c));
  }

  countOpenOf(userId: string): Promise<number> {
    let n = 0;
    for (const c of this.t.rows.values()) if (c.challengerId === userId && c.status === 'open') n++;
    return Promise.resolve(n);
  }

  listOpen(userId: string | undefined, limit: number): Promise<StoredChallenge[]> {
    const seen = (c: StoredChallenge): boolean =>
      c.challengedId === null || (userId !== undefined && (c.challengedId === userId || c.challengerId === userId));
    const open = [...this.t.rows.values()].filter((c) => c.status === 'open' && seen(c));
    return Promise.resolve(
      open
        .sort((a, b) => b.id - a.id)
        .slice(0, Math.max(0, limit))
        .map(copy),
    );
  }

  findSeeks(matchKey: string, userId: string, limit: number): Promise<StoredChallenge[]> {
    const found = [...this.t.rows.values()].filter(
      (c) => c.status === 'open' && c.matchKey === matchKey && c.challengedId === null && c.challengerId !== userId,
    );
    return Promise.resolve(
      found
        .sort((a, b) => a.id - b.id)
        .slice(0, Math.max(0, limit))
        .map(copy),
    );
  }

  pairingsOf(userId: string): Promise<StoredChallenge[]> {
    const mine = [...this.t.rows.values()].filter((c) => c.status === 'open' && c.pairing && c.challengerId === userId);
    return Promise.resolve(mine.sort((a, b) => a.id - b.id).map(copy));
  }

  countPairings(): Promise<number> {
    let n = 0;
    for (const c of this.t.rows.values()) if (c.status === 'open' && c.pairing) n++;
    return Promise.resolve(n);
  }

  lockPairing(): Promise<void> {
    return Promise.resolve(); // One transaction at a time.
  }

  claim(id: number, gameId: number): Promise<boolean> {
    const c = this.t.rows.get(id);
    if (c?.status !== 'open') return Promise.resolve(false);
    this.journal.set(this.t.rows, id, { ...c, status: 'accepted', gameId });
    return Promise.resolve(true);
  }

  close(id: number, status: 'declined' | 'cancelled'): Promise<boolean> {
    const c = this.t.rows.get(id);
    if (c?.status !== 'open') return Promise.resolve(false);
    this.journal.set(this.t.rows, id, { ...c, status });
    return Promise.resolve(true);
  }
}
