/**
 * A change made with the session cookie needs a JSON body, which a plain HTML form cannot send: an empty same-site
 * POST no longer logs the user out (nor accepts a challenge, nor deletes a save); the browser app's way — JSON,
 * `{}` when there is nothing to say — still works, and programs with a bearer token are not asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../testing/server.js';

describe('changes with the session cookie', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  /** Signs up in the browser's way: the session comes as a cookie. */
  async function browser(name: string): Promise<string> {
    const r = await fetch(`${server.url}/api/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, password: 'correct horse' }),
    });
    expect(r.status).toBe(201);
    return (r.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }

  const send = (method: string, path: string, cookie: string, type?: string, body?: string) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, ...(type ? { 'content-type': type } : {}) },
      ...(body !== undefined ? { body } : {}),
    });

  const loggedIn = async (cookie: string) => (await send('GET', '/api/account', cookie)).status === 200;

  it('refuses a bare or form-like log-out with the cookie; the JSON one logs out', async () => {
    const cookie = await browser('ann');
    for (const [type, body] of [
      [undefined, undefined],
      ['application/x-www-form-urlencoded', 'x=1'],
      ['text/plain', '{"everywhere":true}'],
      ['multipart/form-data; boundary=x', '--x--\r\n'],
    ] as const) {
      const r = await send('POST', '/api/logout', cookie, type, body);
      expect(r.status, `${type}`).toBe(415);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('auth/json-required');
      expect(await loggedIn(cookie)).toBe(true);
    }
    // The browser app's call (packages/web/src/online/api.ts): JSON, {}.
    expect((await send('POST', '/api/logout', cookie, 'application/json', '{}')).status).toBe(204);
    expect(await loggedIn(cookie)).toBe(false);
  });

  it('asks the same of the other changes a form could make: accepting a challenge, deleting a save', async () => {
    const ann = await new Client(server.url).signUp('ann2');
    const bob = await browser('bob2');
    const made = await ann.request<{ id: number }>('POST', '/api/challenges', { family: 'tactics', opponent: 'bob2' });
    expect(made.status).toBe(201);
    const bare = await send('POST', `/api/challenges/${made.body.id}/accept`, bob);
    expect(bare.status).toBe(415);
    expect((await ann.request<{ status: string }[]>('GET', '/api/challenges')).body[0]?.status).toBe('open');
    const accepted = await send('POST', `/api/challenges/${made.body.id}/accept`, bob, 'application/json', '{}');
    expect(accepted.status).toBe(200);
    expect((await send('DELETE', '/api/saves/no-such-save', bob)).status).toBe(415);
    // With JSON the request reaches the saves, which refuse it for their own reason.
    const json = await send('DELETE', '/api/saves/no-such-save', bob, 'application/json', '{}');
    expect(((await json.json()) as { error: { code: string } }).error.code).not.toBe('auth/json-required');
  });

  it('leaves programs with a bearer token alone: a log-out with no body works', async () => {
    const c = await new Client(server.url).signUp('cat2');
    expect((await c.request('POST', '/api/logout')).status).toBe(204);
    expect((await c.request('GET', '/api/account')).status).toBe(401);
  });
});
