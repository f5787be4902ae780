/**
 * Each user's library on the server is bounded: a quota of saves and of bytes (refused with `store/quota`, the
 * library unchanged), and a rate of writes (429). 40 saves of 250 kB sent at once no longer all land.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DB_KINDS, startTestServer, stopTestPostgres, type TestServer } from '../testing/server.js';

type Refusal = { error: { code: string } };

const doc = (kb: number) => ({ moves: 'x'.repeat(kb * 1000 - 12) });

describe('save quotas', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
    await stopTestPostgres();
  });

  it('40 saves of 250 kB at once: the default quota and rate keep the library bounded', async () => {
    const server = await startTestServer('sqlite', { rateLimits: { saves: 30 } });
    servers.push(server);
    const ann = await new Client(server.url).signUp('quotaann');
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        ann.request<Refusal>('POST', '/api/saves', { family: 'draughts', title: `g${i}`, doc: doc(250) }),
      ),
    );
    const made = results.filter((r) => r.status === 201).length;
    const limited = results.filter((r) => r.status === 429).length;
    expect(made).toBe(30);
    expect(limited).toBe(10);
    expect(results.filter((r) => r.status === 429).every((r) => r.body.error.code === 'rate/limited')).toBe(true);
    // Another user is not limited by ann's writes.
    const ben = await new Client(server.url).signUp('quotaben');
    expect((await ben.request('POST', '/api/saves', { family: 'draughts', doc: doc(1) })).status).toBe(201);
  });

  it.each(DB_KINDS)(
    'refuses a save past the count or the bytes of the quota, racing requests included (%s)',
    async (kind) => {
      const server = await startTestServer(kind, { saveQuota: { count: 5, bytes: 200_000 } });
      servers.push(server);
      const ann = await new Client(server.url).signUp('quotacat');
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          ann.request<Refusal>('POST', '/api/saves', { family: 'tactics', title: `c${i}`, doc: doc(1) }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(5);
      const refused = results.filter((r) => r.status !== 201);
      expect(refused.every((r) => r.status === 409 && r.body.error.code === 'store/quota')).toBe(true);
      const listing = await ann.request<{ games: { id: string; version: number }[] }>('GET', '/api/saves');
      expect(listing.body.games).toHaveLength(5);
      // Bytes: replacing a save by one that would take the library past 200 kB is refused; a smaller one is not.
      const first = listing.body.games[0]!;
      const big = await ann.request<Refusal>('PUT', `/api/saves/${first.id}`, { expectedVersion: 1, doc: doc(197) });
      expect(big.status).toBe(409);
      expect(big.body.error.code).toBe('store/quota');
      const fits = await ann.request('PUT', `/api/saves/${first.id}`, { expectedVersion: 1, doc: doc(190) });
      expect(fits.status).toBe(200);
      // Deleting makes room again.
      expect((await ann.request('DELETE', `/api/saves/${first.id}`)).status).toBe(200);
      expect((await ann.request('POST', '/api/saves', { family: 'tactics', doc: doc(1) })).status).toBe(201);
    },
  );
});
