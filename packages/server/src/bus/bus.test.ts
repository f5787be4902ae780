/**
 * Every change bus passes one conformance kit with the storage that publishes on it: the in-process bus alone and on
 * a real SQLite file, the LISTEN/NOTIFY bus on a real PostgreSQL with two instances (two databases opened on one
 * server database, each with its own pool and listening connection). Each write path of the storage adapter is a
 * path of the kit: a transaction, a move's update (the group commit) and, on PostgreSQL, an update of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kyselyStorage } from '../storage/kysely-storage.js';
import { blankGame } from '../storage/testing.js';
import { openDatabase, type Database } from '../db/database.js';
import { stopTestPostgres, testPostgres } from '../testing/server.js';
import { InProcessBus, type ChangeEvent } from './change-bus.js';
import { changeBusConformanceCases, type BusInstance, type BusWritePath } from './conformance.js';
import { NOTIFY_LIMIT } from './postgres-bus.js';

afterAll(() => stopTestPostgres());

/** A game row at version 1 (what is in it does not matter to the bus). */
function insertGame(database: Database): Promise<number> {
  return kyselyStorage(database).repos.games.insert(blankGame());
}

class RolledBack extends Error {}

/** The ways a database writes a change and publishes its events. */
function writePaths(database: Database): BusWritePath[] {
  const transaction: BusWritePath = {
    name: 'a transaction',
    commit: (events) => database.transaction(async (_tx, notify) => events.forEach(notify)),
    fail: async (events) => {
      try {
        await database.transaction(async (tx, notify) => {
          events.forEach(notify);
          await tx.updateTable('games').set({ updated_at: 2 }).execute();
          throw new RolledBack();
        });
      } catch (e) {
        if (!(e instanceof RolledBack)) throw e;
      }
    },
  };
  /** An update of a fresh game: committed on its version, missed on another. */
  const update = (name: string, set: Record<string, unknown>): BusWritePath => ({
    name,
    commit: async (events) => {
      const id = await insertGame(database);
      if (!(await database.updateGame(id, 1, { version: 2, ...set }, events))) throw new Error('the update missed');
    },
    fail: async (events) => {
      const id = await insertGame(database);
      if (await database.updateGame(id, 7, { version: 8, ...set }, events)) throw new Error('a stale update changed');
    },
  });
  const paths = [transaction, update("a move's update (group commit)", { head: 'moved', updated_at: 3 })];
  // On PostgreSQL an update of a column no move changes is a statement of its own.
  if (database.dialect === 'postgres') paths.push(update('an update of its own', { control: '{"kind":"none"}' }));
  return paths;
}

const instanceOf = (database: Database): BusInstance => ({ bus: database.bus, writes: writePaths(database) });

describe('the in-process bus alone', () => {
  for (const c of changeBusConformanceCases({
    name: 'in-process',
    open: async () => {
      const bus = new InProcessBus();
      // Alone, a commit is the publishing itself; a change that did not commit publishes nothing.
      const path: BusWritePath = {
        name: 'publish',
        commit: async (events: readonly ChangeEvent[]) => bus.publish(events),
        fail: async () => {},
      };
      return { instances: [{ bus, writes: [path] }], close: () => bus.close() };
    },
  })) {
    it(c.name, c.run);
  }
});

describe('the in-process bus on SQLite', () => {
  for (const c of changeBusConformanceCases({
    name: 'SQLite',
    open: async () => {
      const folder = mkdtempSync(join(tmpdir(), 'tactica-bus-'));
      const database = await openDatabase({ file: join(folder, 'games.db') });
      return {
        instances: [instanceOf(database)],
        close: async () => {
          await database.close();
          rmSync(folder, { recursive: true, force: true });
        },
      };
    },
  })) {
    it(c.name, c.run);
  }
});

describe('the LISTEN/NOTIFY bus on PostgreSQL, two instances', () => {
  for (const c of changeBusConformanceCases({
    name: 'PostgreSQL',
    limit: NOTIFY_LIMIT,
    open: async () => {
      const url = await (await testPostgres()).newDatabase();
      const a = await openDatabase({ url });
      const b = await openDatabase({ url });
      return {
        instances: [instanceOf(a), instanceOf(b)],
        close: async () => {
          await a.close();
          await b.close();
        },
      };
    },
  })) {
    it(c.name, c.run, 60_000);
  }
});

describe('a database and its bus', () => {
  it('PostgreSQL refuses a bus whose notifications cannot go in its commits', async () => {
    const url = await (await testPostgres()).newDatabase();
    await expect(openDatabase({ url, bus: new InProcessBus() })).rejects.toThrow('PostgresBus');
  });

  it('SQLite publishes on the bus it is given, which onChange delegates to', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tactica-bus-'));
    const bus = new InProcessBus();
    const database = await openDatabase({ file: join(folder, 'games.db'), bus });
    try {
      const heard: ChangeEvent[] = [];
      bus.subscribe((e) => heard.push(e));
      const stop = database.onChange((e) => heard.push(e));
      await database.transaction(async (_tx, notify) => notify({ kind: 'lobby' }));
      await new Promise((r) => setImmediate(r));
      expect(database.bus).toBe(bus);
      expect(heard).toEqual([{ kind: 'lobby' }, { kind: 'lobby' }]);
      stop();
    } finally {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
