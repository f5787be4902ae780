/**
 * A graceful stop (SIGTERM, Ctrl-C, `close()`) in the middle of a burst of moves: every move that was answered is
 * stored, and the server restarted on the same file has every game whole.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './server.js';
import { Client, startTestServer, TEST_COST, type TestServer } from './testing/server.js';

interface View {
  id: number;
  version: number;
  toAct: number[];
  moves: string[];
  legal: { notation: string }[];
}

describe('a graceful stop', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('finishes the requests under way and loses no answered move', async () => {
    const first = await startTestServer('sqlite');
    servers.push(first);
    const pairs: { id: number; players: [Client, Client] }[] = [];
    for (let k = 0; k < 6; k++) {
      const a = await new Client(first.url).signUp(`stopa${k}`);
      const b = await new Client(first.url).signUp(`stopb${k}`);
      const ch = await a.request<{ id: number }>('POST', '/api/challenges', {
        family: 'tactics',
        opponent: b.name,
        seat: '0',
      });
      const id = (await b.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`)).body.game.id;
      pairs.push({ id, players: [a, b] });
    }
    const answered = new Map<number, string[]>();
    let stopping = false;
    const play = async ({ id, players }: (typeof pairs)[number]): Promise<void> => {
      const mine: string[] = [];
      answered.set(id, mine);
      for (let ply = 0; ply < 40; ply++) {
        try {
          const v = (await players[0].request<View>('GET', `/api/games/${id}`)).body;
          const mover = players[v.toAct[0] as 0 | 1];
          const mv = (await mover.request<View>('GET', `/api/games/${id}`)).body;
          const move = mv.legal[0]?.notation;
          if (!move) return;
          const r = await mover.request('POST', `/api/games/${id}/move`, { version: mv.version, move });
          if (r.status === 200) mine.push(move);
          else if (stopping) return;
        } catch {
          return; // the server has stopped listening
        }
      }
    };
    const burst = Promise.all(pairs.map(play));
    // Stop once the burst is well under way.
    await new Promise<void>((resolve) => {
      const check = (): void => {
        const total = [...answered.values()].reduce((n, l) => n + l.length, 0);
        if (total >= 20) resolve();
        else setImmediate(check);
      };
      check();
    });
    stopping = true;
    await Promise.all([first.stop(), burst]);

    const again = await startServer({ port: 0, dataDir: first.dataDir, passwordCost: TEST_COST });
    try {
      for (const { id, players } of pairs) {
        const c = new Client(again.url);
        c.token = players[0].token;
        const v = (await c.request<View>('GET', `/api/games/${id}`)).body;
        expect(v.moves.slice(0, answered.get(id)?.length ?? 0)).toEqual(answered.get(id));
      }
    } finally {
      await again.close();
    }
  });
});
