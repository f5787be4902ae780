/**
 * Reply addresses end with the log-ins, in the same transaction, on SQLite and PostgreSQL: a password change (in
 * the API or by mail) or a log-out everywhere gives every board in progress of the user a new reply token, and a
 * revocation that fails part-way changes nothing — not the password, not the log-ins, not the reply addresses.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DB_KINDS, startTestServer, stopTestPostgres, type TestServer } from '../testing/server.js';
import { signUpConfirmed } from './testing.js';

afterAll(() => stopTestPostgres());

describe.each(DB_KINDS)('revocation on %s', (kind) => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('rotates reply tokens with the password and log-ins, or not at all', async () => {
    server = await startTestServer(kind, { pbm: { domain: 'pbm.example' } });
    const { gateway, store } = server.pbm;
    await signUpConfirmed(gateway, 'ann', 'ann-password', 'ann@example.org');
    await signUpConfirmed(gateway, 'bob', 'bob-password', 'bob@example.org');
    const say = async (subject: string) => {
      const r = await gateway.handle({ subject, body: '' });
      expect(r.ok, r.text).toBe(true);
      return r;
    };
    const boards: number[] = [];
    for (let i = 0; i < 2; i++) {
      const made = await say('tactics challenge ann ann-password bob');
      const accepted = await say(`tactics accept bob bob-password ${/Challenge (\d+)/.exec(made.subject)?.[1]}`);
      boards.push(Number(/board (\d+) has started/.exec(accepted.text)?.[1]));
    }
    const ann = (await server.services.accounts.findByName('ann'))!;
    const old = await Promise.all(boards.map((b) => store.tokenFor(b, ann.id)));
    const api = new Client(server.url);
    const login = await api.request<{ token: string }>('POST', '/api/login', {
      name: 'ann',
      password: 'ann-password',
      kind: 'bearer',
    });
    api.token = login.body.token;

    // A revocation whose last step fails is rolled back whole.
    let fail = true;
    server.services.accounts.onRevoke(async () => {
      if (fail) throw new Error('the last step failed');
    });
    await expect(server.services.accounts.changePassword(ann, 'ann-password', 'ann-password-2')).rejects.toThrow(
      'the last step failed',
    );
    await expect(server.services.accounts.logOutEverywhere(ann)).rejects.toThrow('the last step failed');
    for (const [i, b] of boards.entries()) expect((await store.tokenOwner(b, old[i]!))?.name).toBe('ann');
    expect((await api.request('GET', '/api/account')).status).toBe(200);
    await server.services.accounts.checkCredentials('ann', 'ann-password');

    // Then it goes through: new tokens for both boards, the old ones refused, the other log-ins ended.
    fail = false;
    const other = new Client(server.url);
    other.token = (
      await other.request<{ token: string }>('POST', '/api/login', {
        name: 'ann',
        password: 'ann-password',
        kind: 'bearer',
      })
    ).body.token;
    const changed = await api.request('POST', '/api/account/password', {
      oldPassword: 'ann-password',
      newPassword: 'ann-password-2',
    });
    expect(changed.status).toBe(204);
    expect((await other.request('GET', '/api/account')).status).toBe(401);
    for (const [i, b] of boards.entries()) expect(await store.tokenOwner(b, old[i]!)).toBeUndefined();
    const fresh = await store.activeTokens(ann.id);
    expect(fresh.map((t) => t.gameId)).toEqual(boards);
    for (const t of fresh) expect((await store.tokenOwner(t.gameId, t.token))?.name).toBe('ann');
    expect(fresh.map((t) => t.token)).not.toContain(old[0]);

    // Log-out everywhere: every token, this one too, and the reply tokens again.
    expect((await api.request('POST', '/api/logout', { everywhere: true })).status).toBe(204);
    expect((await api.request('GET', '/api/account')).status).toBe(401);
    const third = await store.activeTokens(ann.id);
    for (const t of fresh) expect(await store.tokenOwner(t.gameId, t.token)).toBeUndefined();
    expect(third.map((t) => t.gameId)).toEqual(boards);
  });
});
