/* global setTimeout, fetch */
// An unauthenticated flood of the event stream against another user's requests (issue 37's bar: during a
// 3,000-message flood, another user's GET of their own game answers in < 1 s at p95). The server runs in a child
// process on a fresh SQLite folder with the default limits; the lobby holds --games games in progress and a few
// seeks, as a busy server's does. Anonymous sockets send --messages messages in all (`lobby`, `subscribe` and
// `ping` in turn, as fast as the socket takes them; a socket the server closes is replaced while messages are
// left) while the other user GETs their own game one request after another. Prints the GET latencies (p50, p95,
// max), what the flood sent and got back, and how many flood sockets the server closed. Loopback only, bounded.
//
//   node bench/stream-flood.js                      3,000 messages over 10 sockets
//   node bench/stream-flood.js --messages 3000 --sockets 1 --kind lobby    the finding as reported
//   node bench/stream-flood.js --messages 30000 --per-socket 100           a flooder that reconnects after each 100
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { checkOptions, flags, numberOption } from './args.js';

const script = fileURLToPath(import.meta.url);

if (process.argv[2] === '--serve') {
  // The child: one server, prints its URL, serves until told to stop.
  const { startServer } = await import('@tactica/server');
  const server = await startServer({
    port: 0,
    dataDir: process.argv[3],
    passwordCost: { log2N: 10, r: 8, p: 1 },
    rateLimits: { auth: 1e6, challenges: 1e6 },
  });
  process.send?.(server.url);
  process.on('message', () => void server.close().then(() => process.exit(0)));
} else {
  checkOptions(
    process.argv.slice(2),
    ['--messages', '--sockets', '--kind', '--games', '--gets', '--per-socket'],
    [],
    import.meta.url,
  );
  const args = flags();
  const read = (name, fallback) => args[name] ?? fallback;
  const MESSAGES = numberOption(read, 'messages', '3000', 1);
  const SOCKETS = numberOption(read, 'sockets', '10', 1);
  const GAMES = numberOption(read, 'games', '50', 1);
  const GETS = numberOption(read, 'gets', '200', 1);
  const KIND = read('kind', 'mixed');
  const PER_SOCKET = numberOption(read, 'per-socket', String(Math.ceil(MESSAGES / SOCKETS)), 1);
  if (!['mixed', 'lobby', 'subscribe', 'ping'].includes(KIND)) {
    console.error('kind: mixed, lobby, subscribe or ping');
    process.exit(2);
  }
  await main();

  async function main() {
    const dataDir = mkdtempSync(join(tmpdir(), 'tactica-flood-'));
    const child = fork(script, ['--serve', dataDir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const url = await new Promise((resolve) => child.once('message', resolve));
    try {
      const { ann, gameId } = await setUp(url);
      const flood = floodOf(url, gameId);
      // The other user's own game, asked for every 10 ms (open loop: a stalled server piles requests up, and each
      // counts from when it was due) for as long as the flood lasts, at least --gets times.
      const latencies = [];
      const pending = [];
      for (let i = 0; i < GETS || !flood.done; i++) {
        const t = performance.now();
        pending.push(
          fetch(`${url}/api/games/${gameId}`, { headers: { authorization: `Bearer ${ann}` } }).then(async (r) => {
            await r.arrayBuffer();
            if (r.status !== 200) throw new Error(`GET answered ${r.status}`);
            latencies.push(performance.now() - t);
          }),
        );
        await new Promise((r) => setTimeout(r, 10));
      }
      await Promise.all(pending);
      const f = await flood.finished;
      latencies.sort((a, b) => a - b);
      const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
      console.log(
        `flood: ${f.sent} ${KIND} messages (${(f.bytesSent / 1024).toFixed(0)} kB) on ${f.sockets} anonymous sockets ` +
          `in ${(f.ms / 1000).toFixed(2)} s; got back ${f.received} messages, ${(f.bytesReceived / 1024).toFixed(0)} kB ` +
          `(${f.limited} rate/limited); ${f.closedByServer} sockets closed by the server` +
          (f.refused ? `, ${f.refused} connections refused` : ''),
      );
      console.log(
        `other user's GET /api/games/:id during the flood: ${latencies.length} requests, ` +
          `p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms`,
      );
    } finally {
      child.send('stop');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  async function request(url, token, method, path, body) {
    const r = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = await r.json();
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  }

  /** Two users, --games games in progress between them (the lobby lists them) and five open seeks. */
  async function setUp(url) {
    const signUp = async (name) =>
      (await request(url, undefined, 'POST', '/api/accounts', { name, password: 'correct horse', kind: 'bearer' }))
        .token;
    const ann = await signUp('floodann');
    const ben = await signUp('floodben');
    let gameId = 0;
    for (let i = 0; i < GAMES; i++) {
      const ch = await request(url, ann, 'POST', '/api/challenges', {
        family: 'draughts',
        opponent: 'floodben',
        seat: '0',
      });
      gameId = (await request(url, ben, 'POST', `/api/challenges/${ch.id}/accept`)).game.id;
    }
    for (let i = 0; i < 5; i++) await request(url, ben, 'POST', '/api/challenges', { family: 'tactics' });
    return { ann, gameId };
  }

  /** The flood: MESSAGES messages over SOCKETS anonymous sockets at once, each replaced when the server closes it. */
  function floodOf(url, gameId) {
    const kinds = KIND === 'mixed' ? ['lobby', 'subscribe', 'ping'] : [KIND];
    const text = (i) => {
      const k = kinds[i % kinds.length];
      return JSON.stringify(
        k === 'lobby'
          ? { type: 'lobby', on: true }
          : k === 'ping'
            ? { type: 'ping' }
            : { type: 'subscribe', game: gameId },
      );
    };
    const stats = {
      sent: 0,
      bytesSent: 0,
      received: 0,
      bytesReceived: 0,
      limited: 0,
      closedByServer: 0,
      sockets: 0,
      refused: 0,
    };
    const start = performance.now();
    let left = MESSAGES;
    const flood = { done: false, finished: undefined };
    const one = () =>
      new Promise((resolve) => {
        stats.sockets++;
        const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/stream`);
        let mine = 0;
        ws.on('message', (data) => {
          stats.received++;
          stats.bytesReceived += data.length;
          if (String(data).includes('rate/limited')) stats.limited++;
        });
        ws.on('open', () => {
          while (left > 0 && mine < PER_SOCKET) {
            left--;
            const t = text(stats.sent++);
            stats.bytesSent += t.length;
            mine++;
            ws.send(t);
          }
          // Everything is sent: go once the answers stop coming for three seconds.
          const idle = () => {
            const seen = stats.received;
            setTimeout(() => (stats.received === seen ? ws.close() : idle()), 3000);
          };
          idle();
        });
        ws.on('unexpected-response', () => {
          stats.refused++;
          resolve();
        });
        ws.on('error', () => undefined);
        ws.on('close', (code) => {
          if (code === 1008) stats.closedByServer++;
          resolve(mine);
        });
      });
    const run = async () => {
      const workers = Array.from({ length: SOCKETS }, async () => {
        while (left > 0) {
          await one();
          if (stats.refused > 100) break;
          if (left > 0) await new Promise((r) => setTimeout(r, 10));
        }
      });
      await Promise.all(workers);
      flood.done = true;
      return { ...stats, ms: performance.now() - start };
    };
    flood.finished = run();
    return flood;
  }
}
