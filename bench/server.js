/* global setTimeout, Buffer */
// The game server under load: simulated players on loopback, each game's two players on HTTP for their moves and
// on the WebSocket stream to hear the other's, as fast as they can; many games at once of each sequential kind.
// Prints acknowledged moves per second end to end with p50/p99 latency (a move's POST to its acknowledgement), then
// the latency at half that load. Bounded: each phase stops after --moves acknowledged moves or --seconds.
//
//   npm run bench:server                       SQLite, PostgreSQL, PostgreSQL with two instances
//   node bench/server.js --db sqlite --games 200 --moves 30000
//   node bench/server.js --db sqlite --profile /tmp/prof      a CPU profile of each server
//
// The servers run as child processes (bench/server-child.js); PostgreSQL is the tests' throwaway server.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryOf } from '@tactica/catalogue/all';
import { createRng } from '@tactica/core';
import WebSocket from 'ws';

const here = dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) => (a.startsWith('--') ? [a.slice(2), all[i + 1] ?? ''] : undefined))
    .filter(Boolean),
);
const GAMES = Number(args.games ?? 100);
const MOVES = Number(args.moves ?? 20_000);
const SECONDS = Number(args.seconds ?? 30);
const FAMILIES = (args.families ?? 'draughts,tactics,tactrix,force400').split(',');
const CONFIGS = args.db
  ? [{ db: args.db, instances: Number(args.instances ?? 1) }]
  : [
      { db: 'sqlite', instances: 1 },
      { db: 'postgres', instances: 1 },
      { db: 'postgres', instances: 2 },
    ];

function startChild(dataDir, url) {
  // --profile <dir>: each server writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = args.profile ? ['--cpu-prof', '--cpu-prof-dir', args.profile] : [];
  const child = spawn(process.execPath, [...profile, join(here, 'server-child.js'), dataDir, ...(url ? [url] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      if (out.includes('\n')) resolve({ child, url: out.split('\n')[0].trim() });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

// node:http with keep-alive: the global fetch (undici) costs several times more per request on this machine, and
// the benchmark measures the server, not its client.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

function request(base, token, method, path, body) {
  const data = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode, body: json });
        });
      },
    );
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

/** One WebSocket per up to 90 games on an instance; events are routed to the game that waits for them. */
class Streams {
  constructor(base) {
    this.base = base;
    this.sockets = [];
    this.handlers = new Map();
  }
  async subscribe(gameId, handler) {
    const known = this.handlers.get(gameId);
    if (known) {
      known.push(handler);
      return;
    }
    this.handlers.set(gameId, [handler]);
    let s = this.sockets.find((x) => x.count < 90);
    if (!s) {
      const ws = new WebSocket(`${this.base.replace(/^http/, 'ws')}/api/stream`);
      await new Promise((res, rej) => {
        ws.once('open', res);
        ws.once('error', rej);
      });
      ws.on('message', (data) => {
        const m = JSON.parse(String(data));
        if (m.type === 'move') for (const h of this.handlers.get(m.id) ?? []) h(m);
      });
      s = { ws, count: 0 };
      this.sockets.push(s);
    }
    s.count++;
    s.ws.send(JSON.stringify({ type: 'subscribe', game: gameId, detail: 'moves' }));
  }
  close() {
    for (const s of this.sockets) s.ws.close();
  }
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
}

/**
 * A pair of players playing game after game. The player to move picks a random legal move on its own copy of the
 * game and POSTs it; the other hears it on the stream, applies it to its copy, and answers.
 */
class Pair {
  constructor(k, instances, streams, load) {
    this.k = k;
    this.family = FAMILIES[k % FAMILIES.length];
    this.instances = instances;
    this.streams = streams;
    this.load = load;
    this.rng = createRng(`pair ${k}`);
    this.players = [];
  }
  async signUp() {
    for (let p = 0; p < 2; p++) {
      const base = this.instances[p % this.instances.length];
      const name = `b${this.k}p${p}x${Math.floor(Math.random() * 1e6)}`;
      const r = await request(base, undefined, 'POST', '/api/accounts', {
        name,
        password: 'bench password',
        kind: 'bearer',
      });
      this.players.push({ base, name, token: r.body.token, streams: this.streams[p % this.instances.length] });
    }
  }
  async newGame() {
    const [a, b] = this.players;
    const ch = await request(a.base, a.token, 'POST', '/api/challenges', {
      family: this.family,
      opponent: b.name,
      seat: '0',
    });
    const acc = await request(b.base, b.token, 'POST', `/api/challenges/${ch.body.id}/accept`);
    this.id = acc.body.game.id;
    this.version = acc.body.game.version;
    const setup = entryOf(this.family).value.setup().value;
    this.game = setup.game;
    this.state = setup.initial();
    this.plies = 0;
    this.waiting = undefined;
    for (const p of [0, 1]) {
      await this.players[p].streams.subscribe(this.id, (m) => this.heard(p, m));
    }
  }
  heard(p, m) {
    const w = this.waiting;
    if (w && w.player === p && m.id === this.id && m.version >= w.version) {
      this.waiting = undefined;
      w.resolve(m);
    }
  }
  waitFor(player, version) {
    return new Promise((resolve) => {
      this.waiting = { player, version, resolve };
    });
  }
  async run(until) {
    await this.newGame();
    while (!until()) {
      const toMove = this.game.toMove(this.state);
      if (toMove.length === 0 || this.plies >= 150) {
        await this.newGame();
        continue;
      }
      const p = toMove[0];
      const moves = this.game.legalMoves(this.state);
      const move = this.rng.pick(moves);
      const text = this.game.formatMove(this.state, move);
      const other = 1 - p;
      const heard = this.waitFor(other, this.version + 1);
      await this.load.slot();
      const t0 = performance.now();
      const r = await request(this.players[p].base, this.players[p].token, 'POST', `/api/games/${this.id}/move`, {
        version: this.version,
        move: text,
      });
      const ms = performance.now() - t0;
      if (r.status !== 200) throw new Error(`move refused: ${JSON.stringify(r.body)}`);
      this.load.record(ms);
      this.version = r.body.version;
      this.state = this.game.play(this.state, move);
      this.plies++;
      // The other player learns the move from the stream, as a real client does.
      if (r.body.status === 'active') await heard;
      else this.waiting = undefined;
    }
  }
}

/** Counts acknowledged moves and their latencies; at a target rate, spaces the moves out. */
class Load {
  constructor(rate) {
    this.rate = rate;
    this.latencies = [];
    this.next = performance.now();
  }
  async slot() {
    if (!this.rate) return;
    const at = this.next;
    this.next = Math.max(this.next, performance.now()) + 1000 / this.rate;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  record(ms) {
    this.latencies.push(ms);
  }
}

async function phase(pairs, rate) {
  const load = new Load(rate);
  for (const p of pairs) p.load = load;
  const start = performance.now();
  const until = () => load.latencies.length >= MOVES || performance.now() - start > SECONDS * 1000;
  await Promise.all(pairs.map((p) => p.run(until)));
  const seconds = (performance.now() - start) / 1000;
  const sorted = [...load.latencies].sort((a, b) => a - b);
  return {
    moves: sorted.length,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
  };
}

async function bench({ db, instances }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tactica-bench-'));
  let pg;
  let url;
  if (db === 'postgres') {
    const { startTestPostgres } = await import('../packages/server/dist/testing/postgres.js');
    pg = await startTestPostgres();
    url = pg.url;
  }
  const children = [];
  try {
    for (let i = 0; i < instances; i++) children.push(await startChild(dataDir, url));
    const bases = children.map((c) => c.url);
    const streams = bases.map((b) => new Streams(b));
    const pairs = Array.from({ length: GAMES }, (_, k) => new Pair(k, bases, streams, undefined));
    for (const p of pairs) await p.signUp();
    const full = await phase(pairs, 0);
    const half = await phase(pairs, full.perSecond / 2);
    for (const s of streams) s.close();
    const fmt = (x) => x.toFixed(1);
    console.log(
      `${db.padEnd(8)} ${String(instances).padStart(2)} instance(s) ${GAMES} games: ` +
        `${Math.round(full.perSecond)} moves/s (${full.moves} moves), p50 ${fmt(full.p50)} ms, p99 ${fmt(full.p99)} ms; ` +
        `at half load (${Math.round(half.perSecond)}/s) p50 ${fmt(half.p50)} ms, p99 ${fmt(half.p99)} ms`,
    );
  } finally {
    for (const c of children) c.child.kill('SIGTERM');
    await Promise.all(
      children.map((c) => new Promise((r) => (c.child.exitCode !== null ? r() : c.child.once('exit', r)))),
    );
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `server benchmark: ${GAMES} games (${FAMILIES.join(', ')}), each phase up to ${MOVES} moves or ${SECONDS} s`,
);
for (const config of CONFIGS) await bench(config);
