/** The tournaments in memory (../storage/memory-storage.ts). */
import type { Journal } from '../storage/memory-storage.js';
import type { PairingResult } from './pairing/index.js';
import type {
  NewEntry,
  NewStoredPairing,
  NewTournament,
  StoredEntry,
  StoredPairing,
  StoredTournament,
  TournamentChange,
  TournamentRepository,
  TournamentStatus,
} from './tournament-repository.js';

export interface TournamentTables {
  readonly tournaments: Map<number, StoredTournament>;
  /** Entries by `tournamentId:no`. */
  readonly entries: Map<string, StoredEntry>;
  /** Pairings by `tournamentId:round:board`. */
  readonly pairings: Map<string, StoredPairing>;
  /** The last id given (never given again, as a database's sequence). */
  readonly sequence: { last: number };
}

export function makeTournamentTables(): TournamentTables {
  return { tournaments: new Map(), entries: new Map(), pairings: new Map(), sequence: { last: 0 } };
}

const copy = <T>(x: T): T => structuredClone(x);
const LIVE: readonly TournamentStatus[] = ['open', 'running'];

export class MemoryTournaments implements TournamentRepository {
  constructor(
    private readonly t: TournamentTables,
    private readonly journal: Journal,
  ) {}

  create(t: NewTournament): Promise<number> {
    const id = ++this.t.sequence.last;
    const stored: StoredTournament = { ...copy(t), id, status: 'open', round: 0, startedAt: null, finishedAt: null };
    this.journal.set(this.t.tournaments, id, stored);
    return Promise.resolve(id);
  }

  get(id: number): Promise<StoredTournament | undefined> {
    const t = this.t.tournaments.get(id);
    return Promise.resolve(t && copy(t));
  }

  hold(id: number): Promise<StoredTournament | undefined> {
    return this.get(id);
  }

  list(statuses: readonly TournamentStatus[], limit: number): Promise<StoredTournament[]> {
    const rows = [...this.t.tournaments.values()].filter((t) => statuses.includes(t.status));
    return Promise.resolve(
      rows
        .sort((a, b) => b.id - a.id)
        .slice(0, Math.max(0, limit))
        .map(copy),
    );
  }

  countLiveBy(organiserId: string): Promise<number> {
    let n = 0;
    for (const t of this.t.tournaments.values()) if (t.organiserId === organiserId && LIVE.includes(t.status)) n++;
    return Promise.resolve(n);
  }

  update(id: number, change: TournamentChange): Promise<void> {
    const t = this.t.tournaments.get(id);
    if (t) this.journal.set(this.t.tournaments, id, { ...t, ...change });
    return Promise.resolve();
  }

  dueToStart(now: number, limit: number): Promise<number[]> {
    const due = [...this.t.tournaments.values()].filter(
      (t) => t.status === 'open' && t.startsAt !== null && t.startsAt <= now,
    );
    due.sort((a, b) => (a.startsAt ?? 0) - (b.startsAt ?? 0) || a.id - b.id);
    return Promise.resolve(due.slice(0, limit).map((t) => t.id));
  }

  running(afterId: number, limit: number): Promise<number[]> {
    const ids = [...this.t.tournaments.values()]
      .filter((t) => t.status === 'running' && t.id > afterId)
      .map((t) => t.id);
    return Promise.resolve(ids.sort((a, b) => a - b).slice(0, limit));
  }

  private entriesOfTournament(tournamentId: number): StoredEntry[] {
    return [...this.t.entries.values()].filter((e) => e.tournamentId === tournamentId).sort((a, b) => a.no - b.no);
  }

  addEntry(entry: NewEntry): Promise<number | undefined> {
    const mine = this.entriesOfTournament(entry.tournamentId);
    if (entry.userId !== null && mine.some((e) => e.userId === entry.userId)) return Promise.resolve(undefined);
    const no = mine.reduce((m, e) => Math.max(m, e.no), 0) + 1;
    this.journal.set(this.t.entries, `${entry.tournamentId}:${no}`, {
      ...entry,
      no,
      seed: null,
      withdrawn: false,
      score: 0,
    });
    return Promise.resolve(no);
  }

  removeEntry(tournamentId: number, no: number): Promise<boolean> {
    return Promise.resolve(this.journal.delete(this.t.entries, `${tournamentId}:${no}`));
  }

  entries(tournamentId: number): Promise<StoredEntry[]> {
    return Promise.resolve(this.entriesOfTournament(tournamentId).map(copy));
  }

  entryCounts(ids: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>(ids.map((id) => [id, 0]));
    for (const e of this.t.entries.values())
      if (out.has(e.tournamentId)) out.set(e.tournamentId, (out.get(e.tournamentId) ?? 0) + 1);
    return Promise.resolve(out);
  }

  entriesOf(userId: string): Promise<{ tournamentId: number; no: number }[]> {
    const live = (id: number): boolean => LIVE.includes(this.t.tournaments.get(id)?.status ?? 'finished');
    const rows = [...this.t.entries.values()].filter((e) => e.userId === userId && live(e.tournamentId));
    return Promise.resolve(
      rows.sort((a, b) => a.tournamentId - b.tournamentId).map((e) => ({ tournamentId: e.tournamentId, no: e.no })),
    );
  }

  private change(tournamentId: number, no: number, change: Partial<StoredEntry>): void {
    const key = `${tournamentId}:${no}`;
    const e = this.t.entries.get(key);
    if (e) this.journal.set(this.t.entries, key, { ...e, ...change });
  }

  setWithdrawn(tournamentId: number, no: number): Promise<void> {
    this.change(tournamentId, no, { withdrawn: true });
    return Promise.resolve();
  }

  setSeeds(tournamentId: number, seeds: ReadonlyMap<number, number>): Promise<void> {
    for (const [no, seed] of seeds) this.change(tournamentId, no, { seed });
    return Promise.resolve();
  }

  setScores(tournamentId: number, scores: ReadonlyMap<number, number>): Promise<void> {
    for (const [no, score] of scores) this.change(tournamentId, no, { score });
    return Promise.resolve();
  }

  addPairings(tournamentId: number, pairings: readonly NewStoredPairing[]): Promise<void> {
    for (const p of pairings) {
      const key = `${tournamentId}:${p.round}:${p.board}`;
      if (this.t.pairings.has(key)) return Promise.reject(new Error(`pairing ${key} exists`));
      this.journal.set(this.t.pairings, key, { ...copy(p), tournamentId });
    }
    return Promise.resolve();
  }

  pairings(tournamentId: number): Promise<StoredPairing[]> {
    const rows = [...this.t.pairings.values()].filter((p) => p.tournamentId === tournamentId);
    return Promise.resolve(rows.sort((a, b) => a.round - b.round || a.board - b.board).map(copy));
  }

  setResult(tournamentId: number, round: number, board: number, result: PairingResult): Promise<boolean> {
    const key = `${tournamentId}:${round}:${board}`;
    const p = this.t.pairings.get(key);
    if (!p || p.result) return Promise.resolve(false);
    this.journal.set(this.t.pairings, key, { ...p, result: copy(result) });
    return Promise.resolve(true);
  }

  pairingOfGame(gameId: number): Promise<StoredPairing | undefined> {
    for (const p of this.t.pairings.values()) if (p.gameId === gameId) return Promise.resolve(copy(p));
    return Promise.resolve(undefined);
  }
}
