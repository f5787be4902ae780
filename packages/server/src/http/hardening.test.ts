/**
 * The HTTP edge against a hostile or careless client: security headers on every response (API, refusals, the
 * static app), the router's and the parser's refusals in our error shape, client addresses behind a trusted proxy,
 * Secure cookies, game options as JSON of their kind only, and names like `constructor` taken for what they are.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../testing/server.js';

type Refusal = { error: { code: string; message: string; field?: string } };

function expectSecurityHeaders(headers: Headers): void {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  // WebAssembly may be compiled (the draughts network's pass), text may not be evaluated.
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(csp).not.toContain("'unsafe-eval'");
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
}

/** One raw request on a socket (for what `fetch` will not send), its whole answer as text. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (answer += d));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the HTTP edge', () => {
  let server: TestServer;
  let webRoot: string;
  let ann: Client;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'tactica-web-'));
    writeFileSync(
      join(webRoot, 'index.html'),
      '<!doctype html><title>t</title><script type="module" src="./a.js"></script>',
    );
    writeFileSync(join(webRoot, 'a.js'), 'export {};');
    server = await startTestServer('sqlite', { webRoot });
    ann = await new Client(server.url).signUp('edgeann');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends the security headers with every response: API, refusals, the app and its files', async () => {
    for (const path of ['/api/health', '/api/games/999999', '/api/nothing', '/', '/index.html', '/a.js']) {
      const r = await fetch(`${server.url}${path}`);
      expectSecurityHeaders(r.headers);
    }
    // The app keeps its cross-origin isolation beside them.
    const app = await fetch(`${server.url}/`);
    expect(app.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    const refused = await new Client(server.url).request('POST', '/api/games', { family: 'draughts', level: 'x' });
    expect(refused.status).toBe(401);
    expectSecurityHeaders(refused.headers);
  });

  it('refuses a URL too long in our error shape: 414 request/uri-too-long, and 431 past the parser', async () => {
    const long = await new Client(server.url).request<Refusal>('GET', `/api/games/${'1'.repeat(500)}`);
    expect(long.status).toBe(414);
    expect(long.body.error.code).toBe('request/uri-too-long');
    expectSecurityHeaders(long.headers);
    const save = await ann.request<Refusal>('GET', `/api/saves/${'a'.repeat(500)}`);
    expect(save.status).toBe(414);
    expect(save.body.error.code).toBe('request/uri-too-long');
    const undecodable = await ann.request<Refusal>('GET', '/api/games/%E0%A4%A');
    expect(undecodable.status).toBe(400);
    expect(undecodable.body.error.code).toBe('request/bad-url');
    // Past Node's header limit the parser refuses before any route: still our shape and headers.
    const answer = await rawRequest(server.port, `GET /api/health?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain('x-content-type-options: nosniff');
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Refusal;
    expect(body.error.code).toBe('request/too-large');
    const garbage = await rawRequest(server.port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbage).toContain('"code":"request/malformed"');
  });

  it('takes yes/no options as JSON booleans only, on games and challenges', async () => {
    await new Client(server.url).signUp('edgeben');
    const catalogue = await ann.request<{ family: string; levels: { id: string }[] }[]>('GET', '/api/catalogue');
    const level = catalogue.body.find((e) => e.family === 'draughts')?.levels[0]?.id;
    for (const giveaway of ['yes', 'no', 'true', 1]) {
      const game = await ann.request<Refusal>('POST', '/api/games', {
        family: 'draughts',
        options: { giveaway },
        level,
      });
      expect(game.status).toBe(400);
      expect(game.body.error).toMatchObject({ code: 'options/bad-value', field: 'options.giveaway' });
      const challenge = await ann.request<Refusal>('POST', '/api/challenges', {
        family: 'draughts',
        options: { giveaway },
        opponent: 'edgeben',
      });
      expect(challenge.status).toBe(400);
      expect(challenge.body.error.code).toBe('options/bad-value');
    }
    const made = await ann.request('POST', '/api/games', { family: 'draughts', options: { giveaway: true }, level });
    expect(made.status).toBe(201);
  });

  it('takes constructor, __proto__ and toString for unknown names, never for something found', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const save = await ann.request<Refusal>('POST', '/api/saves', { family: name, doc: {} });
      expect(save.status).toBe(400);
      expect(save.body.error.code).toBe('store/bad-family');
      const listed = await ann.request<Refusal>('GET', `/api/saves?family=${name}`);
      expect(listed.status).toBe(400);
      for (const body of [
        { family: name, level: 'easy' },
        { family: 'draughts', level: name },
        { family: 'draughts', level: 'easy', options: { [name]: true } },
      ]) {
        const r = await ann.request<Refusal>('POST', '/api/games', JSON.stringify(body));
        expect(r.status).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
        expect(typeof r.body.error.code).toBe('string');
      }
    }
  });
});

describe('behind a proxy, with HTTPS', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  const logIn = (s: TestServer, from: string) =>
    fetch(`${s.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ name: 'nobody', password: 'wrong password' }),
    });

  it('per-address limits see each client behind a trusted proxy, and one bucket without --trust-proxy', async () => {
    const trusting = await startTestServer('sqlite', { trustProxy: '127.0.0.1', rateLimits: { auth: 2 } });
    servers.push(trusting);
    for (const from of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      for (let i = 0; i < 2; i++) expect((await logIn(trusting, from)).status).toBe(401);
    }
    expect((await logIn(trusting, '203.0.113.1')).status).toBe(429);
    const plain = await startTestServer('sqlite', { rateLimits: { auth: 2 } });
    servers.push(plain);
    expect((await logIn(plain, '203.0.113.1')).status).toBe(401);
    expect((await logIn(plain, '203.0.113.2')).status).toBe(401);
    // A forged header from an untrusted peer changes nothing: one bucket.
    expect((await logIn(plain, '203.0.113.3')).status).toBe(429);
  });

  it('marks the session cookie Secure with secureCookies, and not without', async () => {
    const secure = await startTestServer('sqlite', { secureCookies: true });
    servers.push(secure);
    const signUp = (s: TestServer) =>
      fetch(`${s.url}/api/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'cookieann', password: 'correct horse' }),
      });
    const cookie = (await signUp(secure)).headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/tactica_session=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    const plain = await startTestServer('sqlite');
    servers.push(plain);
    expect((await signUp(plain)).headers.get('set-cookie') ?? '').not.toMatch(/;\s*Secure/i);
  });
});
