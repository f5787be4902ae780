/** Stored games in memory (../storage/memory-storage.ts): records, logs and chat lines in maps. */
import type { ChangeEvent } from '../bus/change-bus.js';
import type { AccountTables } from '../accounts/memory-accounts.js';
import type { Journal } from '../storage/memory-storage.js';
import type { Notify } from '../storage/ports.js';
import type {
  GameChange,
  GameQuery,
  GameRecord,
  GameRepository,
  ListedGame,
  NewGameRecord,
  StoredChatLine,
  StoredGame,
} from './game-repository.js';

export interface GameTables {
  /** Records by id. */
  readonly games: Map<number, GameRecord>;
  /** Logs by game id (each replaced whole on a change: a journal entry puts the old one back). */
  readonly logs: Map<number, readonly string[]>;
  /** Chat lines by id, in the order written. */
  readonly chat: Map<number, Omit<StoredChatLine, 'name'>>;
  /** The last ids given (never given again, as a database's sequence). */
  readonly lastIds: { game: number; chat: number };
}

export function makeGameTables(): GameTables {
  return { games: new Map(), logs: new Map(), chat: new Map(), lastIds: { game: 0, chat: 0 } };
}

const plays = (g: { users: readonly (string | null)[] }, userId: string): boolean =>
  g.users[0] === userId || g.users[1] === userId;

const againstComputer = (g: GameRecord, userId: string): boolean =>
  (g.users[0] === userId && g.levels[1] !== null) || (g.users[1] === userId && g.levels[0] !== null);

/** A game between `userId` and another person. */
const againstPeople = (g: GameRecord, userId: string): boolean => {
  const [a, b] = g.users;
  return (a === userId && b !== null && b !== userId) || (b === userId && a !== null && a !== userId);
};

export class MemoryGames implements GameRepository {
  constructor(
    private readonly t: GameTables,
    private readonly accounts: AccountTables,
    private readonly journal: Journal,
    private readonly notify: Notify,
  ) {}

  private nameOf(userId: string | null): string | null {
    return userId === null ? null : (this.accounts.users.get(userId)?.name ?? null);
  }

  private nextId(kind: 'game' | 'chat'): number {
    const ids = this.t.lastIds;
    const before = ids[kind];
    ids[kind] = before + 1;
    this.journal.undo(() => (ids[kind] = before));
    return ids[kind];
  }

  insert(game: NewGameRecord): Promise<number> {
    const id = this.nextId('game');
    const { log, ...record } = game;
    this.journal.set(this.t.games, id, { ...record, id, users: [...record.users], levels: [...record.levels] });
    this.journal.set(this.t.logs, id, [...log]);
    return Promise.resolve(id);
  }

  read(id: number): Promise<StoredGame | undefined> {
    const g = this.t.games.get(id);
    if (!g) return Promise.resolve(undefined);
    const names = [this.nameOf(g.users[0]), this.nameOf(g.users[1])] as const;
    return Promise.resolve({ ...g, names, log: [...(this.t.logs.get(id) ?? [])] });
  }

  versionOf(id: number): Promise<number | undefined> {
    return Promise.resolve(this.t.games.get(id)?.version);
  }

  resultsOf(ids: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    for (const id of ids) {
      const g = this.t.games.get(id);
      if (g?.status === 'finished' && g.result !== null) out.set(id, g.result);
    }
    return Promise.resolve(out);
  }

  update(id: number, expectedVersion: number, change: GameChange, events: readonly ChangeEvent[]): Promise<boolean> {
    const g = this.t.games.get(id);
    if (!g || g.version !== expectedVersion) return Promise.resolve(false);
    const { log, ...fields } = change;
    this.journal.set(this.t.games, id, { ...g, ...fields });
    if (log) {
      const kept = (this.t.logs.get(id) ?? []).slice(0, log.from);
      const after = (this.t.logs.get(id) ?? []).slice(log.from + log.texts.length);
      this.journal.set(this.t.logs, id, [...kept, ...log.texts, ...(log.cut ? [] : after)]);
    }
    for (const e of events) this.notify(e);
    return Promise.resolve(true);
  }

  setDeadline(id: number, version: number, deadlineAt: number | null): Promise<void> {
    const g = this.t.games.get(id);
    if (g && g.version === version) this.journal.set(this.t.games, id, { ...g, deadlineAt });
    return Promise.resolve();
  }

  list(query: GameQuery): Promise<ListedGame[]> {
    const found = [...this.t.games.values()].filter(
      (g) =>
        (query.family === undefined || g.family === query.family) &&
        (query.status === undefined || g.status === query.status) &&
        (query.players ?? []).every((u) => plays(g, u)),
    );
    if (query.order === 'newest') found.sort((a, b) => b.id - a.id);
    else found.sort((a, b) => b.updatedAt - a.updatedAt || b.id - a.id);
    return Promise.resolve(
      found.slice(0, Math.max(0, query.limit)).map((g) => ({
        id: g.id,
        family: g.family,
        variantId: g.variantId,
        status: g.status,
        result: g.result,
        users: g.users,
        names: [this.nameOf(g.users[0]), this.nameOf(g.users[1])],
        levels: g.levels,
        plies: g.plies,
        lastMove: g.lastMove,
        toAct: g.toAct,
        createdAt: g.createdAt,
        updatedAt: g.updatedAt,
      })),
    );
  }

  activeIdsOf(userId: string, after: number, limit: number): Promise<number[]> {
    const ids = [...this.t.games.values()]
      .filter((g) => g.status === 'active' && plays(g, userId) && g.id > after)
      .map((g) => g.id);
    return Promise.resolve(ids.sort((a, b) => a - b).slice(0, Math.max(0, limit)));
  }

  takeDue(now: number, limit: number): Promise<number[]> {
    // Transactions run one at a time here: what one takes, no other sees until it commits.
    const due = [...this.t.games.values()].filter(
      (g) => g.status === 'active' && g.deadlineAt !== null && g.deadlineAt <= now,
    );
    due.sort((a, b) => (a.deadlineAt as number) - (b.deadlineAt as number) || a.id - b.id);
    return Promise.resolve(due.slice(0, Math.max(0, limit)).map((g) => g.id));
  }

  withComputerIdleSince(before: number, after: number, limit: number): Promise<number[]> {
    const ids = [...this.t.games.values()]
      .filter(
        (g) =>
          g.status === 'active' &&
          (g.levels[0] !== null || g.levels[1] !== null) &&
          g.updatedAt <= before &&
          g.id > after,
      )
      .map((g) => g.id);
    return Promise.resolve(ids.sort((a, b) => a - b).slice(0, Math.max(0, limit)));
  }

  computerGamesOf(userId: string, since: number): Promise<{ active: number; startedSince: number }> {
    const against = [...this.t.games.values()].filter((g) => againstComputer(g, userId));
    return Promise.resolve({
      active: against.filter((g) => g.status === 'active').length,
      startedSince: against.filter((g) => g.createdAt > since).length,
    });
  }

  gamesAgainstPeopleOf(userId: string): Promise<number> {
    const against = [...this.t.games.values()].filter((g) => g.status === 'active' && againstPeople(g, userId));
    return Promise.resolve(against.length);
  }

  addChat(line: Omit<StoredChatLine, 'id' | 'name'>): Promise<number | undefined> {
    if (!this.t.games.has(line.gameId)) return Promise.resolve(undefined);
    const id = this.nextId('chat');
    this.journal.set(this.t.chat, id, { ...line, id });
    return Promise.resolve(id);
  }

  chatOf(gameId: number, limit: number): Promise<StoredChatLine[]> {
    const lines = [...this.t.chat.values()].filter((l) => l.gameId === gameId);
    const last = limit > 0 ? lines.slice(-limit) : [];
    return Promise.resolve(last.map((l) => ({ ...l, name: this.nameOf(l.userId) })));
  }
}
