/**
 * `kill -9` of the server in the middle of a burst of moves, then a restart on the same database: every move that
 * was acknowledged is there, every game restores, clocks resume. On a real SQLite file and a real PostgreSQL.
 * The server runs as `tactica serve` in a child process (built code: `npm test` builds first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.js';
import { longTacticsRecord } from './testing/records.js';
import { Client, DB_KINDS, stopTestPostgres, testPostgres, type DbKind } from './testing/server.js';

const CLI = fileURLToPath(new URL('../../cli/bin/tactica.js', import.meta.url));

interface View {
  id: number;
  version: number;
  status: string;
  toAct: number[];
  moves: string[];
  legal: { notation: string }[];
  clock: { left: [number | null, number | null]; running: number | null } | null;
}

afterAll(async () => {
  await stopTestPostgres();
});

/** Starts `tactica serve` and resolves with its URL (its first line of output). */
function serve(dataDir: string, databaseUrl: string | undefined): Promise<{ child: ChildProcess; url: string }> {
  const args = [CLI, 'serve', '--port', '0', '--data', dataDir, ...(databaseUrl ? ['--db', databaseUrl] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${err}`)), 60_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += String(d);
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        resolve({ child, url: line.trim() });
      }
    });
    child.stderr?.on('data', (d: Buffer) => {
      err += String(d);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}): ${err}`));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function game(a: Client, b: Client, control?: unknown): Promise<number> {
  const ch = await a.request<{ id: number }>('POST', '/api/challenges', {
    family: 'draughts',
    opponent: b.name,
    seat: '0',
    ...(control ? { control } : {}),
  });
  if (ch.status !== 201) throw new Error(JSON.stringify(ch.body));
  return (await b.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`)).body.game.id;
}

describe.each(DB_KINDS)('kill -9 on %s', (kind: DbKind) => {
  it('loses no acknowledged move, corrupts no game, and clocks resume', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tactica-crash-'));
    const databaseUrl = kind === 'postgres' ? await (await testPostgres()).newDatabase() : undefined;
    try {
      let { child, url } = await serve(dataDir, databaseUrl);
      const players = await Promise.all(['k1', 'k2', 'k3', 'k4'].map((n) => new Client(url).signUp(`${n}${kind}`)));
      const [p1, p2, p3, p4] = players as [Client, Client, Client, Client];
      const games = [
        { id: await game(p1, p2), seats: [p1, p2], acked: [] as string[] },
        {
          id: await game(p3, p4, { kind: 'live', mode: 'game', limit: 'normal' }),
          seats: [p3, p4],
          acked: [] as string[],
        },
      ];
      let killed = false;
      let lastClock: number | null = null;
      // Each game plays as fast as it can; the server is killed after a random number of acknowledged moves.
      const killAfter = 10 + Math.floor(Math.random() * 30);
      let acks = 0;
      const play = async (g: (typeof games)[number]): Promise<void> => {
        while (!killed) {
          try {
            const viewer = g.seats[0] as Client;
            const v = (await viewer.request<View>('GET', `/api/games/${g.id}`)).body;
            if (v.status !== 'active' || v.toAct.length === 0) return;
            const mover = g.seats[v.toAct[0] as number] as Client;
            const mine = (await mover.request<View>('GET', `/api/games/${g.id}`)).body;
            if (mine.clock) lastClock = mine.clock.left[mine.clock.running ?? 0] ?? null;
            const move = mine.legal[Math.floor(Math.random() * mine.legal.length)]?.notation;
            if (!move) return;
            const r = await mover.request('POST', `/api/games/${g.id}/move`, { version: mine.version, move });
            if (r.status === 200) {
              g.acked.push(move);
              if (++acks === killAfter) {
                killed = true;
                child.kill('SIGKILL');
              }
            }
          } catch {
            return; // the server is gone
          }
        }
      };
      await Promise.all(games.map(play));
      await exited(child);
      expect(acks).toBeGreaterThanOrEqual(killAfter);

      ({ child, url } = await serve(dataDir, databaseUrl));
      for (const g of games) {
        const client = new Client(url);
        client.token = (g.seats[0] as Client).token;
        const r = await client.request<View>('GET', `/api/games/${g.id}`);
        expect(r.status).toBe(200);
        // Every acknowledged move is there, in order (a move sent as the server died may follow them).
        expect(r.body.moves.slice(0, g.acked.length)).toEqual(g.acked);
        expect(r.body.status).toBe('active');
        if (r.body.clock) {
          const left = r.body.clock.left[r.body.clock.running ?? 0];
          expect(left).not.toBeNull();
          expect(left as number).toBeLessThanOrEqual(lastClock ?? Infinity);
        }
        // The game goes on.
        const mover = g.seats[r.body.toAct[0] as number] as Client;
        const mine = (await new Client(url).request<View>('GET', `/api/games/${g.id}`)).body;
        const fresh = new Client(url);
        fresh.token = mover.token;
        const next = await fresh.request('POST', `/api/games/${g.id}/move`, {
          version: mine.version,
          move: (await fresh.request<View>('GET', `/api/games/${g.id}`)).body.legal[0]?.notation,
        });
        expect(next.status).toBe(200);
      }
      child.kill('SIGTERM');
      await exited(child);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('reads a game of many moves back whole, its head and its log agreeing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tactica-crash-'));
    const databaseUrl = kind === 'postgres' ? await (await testPostgres()).newDatabase() : undefined;
    try {
      let { child, url } = await serve(dataDir, databaseUrl);
      const ann = await new Client(url).signUp(`longkill${kind}`);
      // Two long games (imported records: ann plays both sides), played on together so their moves share commits.
      const games: { id: number; moves: string[] }[] = [];
      for (const seed of ['one', 'two']) {
        const imported = await ann.request<View>('POST', '/api/imports', {
          family: 'tactics',
          text: await longTacticsRecord(400, `kill ${kind} ${seed}`),
        });
        expect(imported.status).toBe(201);
        games.push({ id: imported.body.id, moves: [...imported.body.moves] });
      }
      let killed = false;
      const killAfter = 5 + Math.floor(Math.random() * 30);
      let acks = 0;
      const play = async (g: (typeof games)[number]): Promise<void> => {
        while (!killed) {
          try {
            const v = (await ann.request<View>('GET', `/api/games/${g.id}`)).body;
            const move = v.legal[Math.floor(Math.random() * v.legal.length)]?.notation;
            if (v.status !== 'active' || !move) return;
            const r = await ann.request('POST', `/api/games/${g.id}/move`, { version: v.version, move });
            if (r.status === 200) {
              g.moves.push(move);
              if (++acks === killAfter) {
                killed = true;
                child.kill('SIGKILL');
              }
            }
          } catch {
            return; // the server is gone
          }
        }
      };
      await Promise.all(games.map(play));
      await exited(child);

      ({ child, url } = await serve(dataDir, databaseUrl));
      const again = new Client(url);
      again.token = ann.token;
      const read: string[][] = [];
      for (const g of games) {
        const r = await again.request<View>('GET', `/api/games/${g.id}`);
        expect(r.status).toBe(200);
        // Every acknowledged move (a move sent as the server died may follow them).
        expect(r.body.moves.slice(0, g.moves.length)).toEqual(g.moves);
        read.push(r.body.moves);
      }
      child.kill('SIGTERM');
      await exited(child);
      // The rows: one per move of the line read back, as many as the head says.
      const database = await openDatabase(
        databaseUrl ? { url: databaseUrl } : { file: join(dataDir, 'tactica.sqlite') },
      );
      try {
        for (const [i, g] of games.entries()) {
          const rows = await database.db
            .selectFrom('game_moves')
            .select('text')
            .where('game_id', '=', g.id)
            .orderBy('seq')
            .execute();
          expect(rows.map((r) => r.text)).toEqual(read[i]);
          const head = await database.db.selectFrom('games').select('head').where('id', '=', g.id).executeTakeFirst();
          expect((JSON.parse(head?.head ?? '{}') as { log: number }).log).toBe(rows.length);
        }
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
