/* global setTimeout, setInterval, clearInterval, Buffer */
// The game server under load: simulated players on loopback, as fast as they can, many games at once of each
// sequential kind. Each player signs up and makes challenges over HTTP and holds its own WebSocket stream open:
// it sends its moves there as game commands (as a live client does; `--transport http` POSTs each move instead)
// and hears the other's moves there. Prints acknowledged moves per second end to end with p50/p99 latency (a move
// sent to its acknowledgement, which comes once the move is committed), then the latency at half that load, and
// the server's CPU time per move. Bounded: each phase stops after --moves acknowledged moves or --seconds.
//
//   npm run bench:server                       SQLite, PostgreSQL, PostgreSQL with two instances
//   node bench/server.js --db sqlite --games 200 --moves 30000
//   node bench/server.js --db sqlite --transport http        moves as HTTP POSTs
//   node bench/server.js --db sqlite --profile /tmp/prof      a CPU profile of each server
//   node bench/server.js --db sqlite --node-flags '--max-semi-space-size=32'   Node's options for the servers
//   node bench/server.js --db sqlite --diag 1          the servers' event-loop delay and GC pauses per phase
//   node bench/server.js --db sqlite --players 20             100 games among 20 players (10 games each, as bots
//                                                              or correspondence players have): default one game each
//   node bench/server.js --db sqlite --control live           games with a clock (bench/controls.js: live or
//                                                              correspondence): default none
//   node bench/server.js --db sqlite --games 200 --soak 360   a soak: one phase of 360 s flat out, the server's
//                                                              RSS, heap and GC pauses every 10 s, then whether RSS
//                                                              held within ±10 % over the last 3 minutes, the GC
//                                                              pauses' p99 and the moves refused (none expected)
//
// The servers run as child processes (bench/server-child.js); PostgreSQL is the tests' throwaway server.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { entryOf } from '@tactica/catalogue/all';
import { createRng } from '@tactica/core';
import WebSocket from 'ws';
import { flags } from './args.js';
import { controlOf } from './controls.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = flags();
const GAMES = Number(args.games ?? 100);
const MOVES = Number(args.moves ?? 20_000);
const SECONDS = Number(args.seconds ?? 30);
// --soak S: one phase of S seconds (no move limit) sampled every 10 s, instead of the two timed phases.
const SOAK = args.soak === undefined ? undefined : Number(args.soak);
if (SOAK !== undefined && !(SOAK >= 30)) throw new Error('--soak is a number of seconds, 30 or more');
const FAMILIES = (args.families ?? 'draughts,tactics,tactrix,force400').split(',');
const TRANSPORT = args.transport ?? 'ws';
// Players: by default each plays one game (two per game); fewer means each plays several games at once on its one
// stream, as a bot or a correspondence player does.
const PLAYERS = Number(args.players ?? 2 * GAMES);
if (!Number.isInteger(PLAYERS) || PLAYERS < 2 || PLAYERS % 2 !== 0 || PLAYERS > 2 * GAMES) {
  throw new Error('--players is an even number from 2 to twice --games');
}
if (TRANSPORT !== 'ws' && TRANSPORT !== 'http') throw new Error('--transport is ws or http');
const CONTROL_NAME = args.control ?? 'none';
const CONTROL = controlOf(CONTROL_NAME);
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
  // --node-flags '<flags>': Node's own options for the servers (to try the garbage collector's settings, say).
  const nodeFlags = args['node-flags'] ? String(args['node-flags']).split(/\s+/) : [];
  const child = spawn(
    process.execPath,
    [...nodeFlags, ...profile, join(here, 'server-child.js'), dataDir, ...(url ? [url] : [])],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // The child's reports pass on to ours; a soak's machine-readable samples go to `child.samples` instead.
  child.samples = [];
  let errText = '';
  child.stderr.on('data', (d) => {
    errText += String(d);
    const lines = errText.split('\n');
    errText = lines.pop();
    for (const line of lines) {
      if (line.startsWith('soak-sample ')) child.samples.push(JSON.parse(line.slice('soak-sample '.length)));
      else if (SOAK === undefined) process.stderr.write(`${line}\n`);
    }
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

/** A player's own stream, opened with their token: it hears their games' moves and carries their commands. */
class Stream {
  constructor(base, token) {
    this.base = base;
    this.token = token;
    this.handlers = new Map();
    this.acks = new Map();
    this.ref = 0;
  }
  async open() {
    this.ws = new WebSocket(`${this.base.replace(/^http/, 'ws')}/api/stream`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    await new Promise((res, rej) => {
      this.ws.once('open', res);
      this.ws.once('error', rej);
    });
    this.ws.on('message', (data) => {
      const m = JSON.parse(String(data));
      if (m.type === 'move') this.handlers.get(m.id)?.(m);
      else if ((m.type === 'ack' || m.type === 'error') && this.acks.has(m.ref)) {
        const settle = this.acks.get(m.ref);
        this.acks.delete(m.ref);
        settle(m);
      }
    });
  }
  subscribe(gameId, handler) {
    this.handlers.set(gameId, handler);
    this.ws.send(JSON.stringify({ type: 'subscribe', game: gameId, detail: 'moves' }));
  }
  unsubscribe(gameId) {
    if (this.handlers.delete(gameId)) this.ws.send(JSON.stringify({ type: 'unsubscribe', game: gameId }));
  }
  /** A move as a stream command; resolves with the server's answer as `request` does. */
  move(gameId, version, move) {
    return this.command(gameId, version, 'move', { move });
  }
  command(gameId, version, command, fields = {}) {
    const ref = ++this.ref;
    return new Promise((resolve) => {
      this.acks.set(ref, (m) => resolve(m.type === 'ack' ? { status: 200, body: m } : { status: 400, body: m }));
      this.ws.send(JSON.stringify({ type: 'command', ref, game: gameId, version, command, ...fields }));
    });
  }
  close() {
    this.ws?.close();
  }
}

/** The machine's busy and total CPU time so far (all cores, clock ticks), from /proc/stat: how full the cores are. */
function machineTicks() {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + f[4];
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

function busyShare(a, b) {
  return `${((100 * (b.busy - a.busy)) / (b.total - a.total)).toFixed(0)}%`;
}

/** The CPU time so far of every PostgreSQL process on the machine (the tests' throwaway server's, in a benchmark). */
function postgresCpuSeconds() {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      total += cpuSeconds(pid);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** A process's read and write system calls so far (Linux's /proc/<pid>/io; NaN elsewhere). */
function syscalls(pid) {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    const field = (name) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? NaN);
    return { reads: field('syscr'), writes: field('syscw') };
  } catch {
    return { reads: NaN, writes: NaN };
  }
}

/** A process's CPU time so far (user + system), from Linux's /proc; NaN elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
}

/**
 * Random games of each family (legal moves picked at random, up to the end or a length drawn from 40 to 150 plies,
 * after which the player to move resigns), played out before the timed phases so the players' CPU goes to talking
 * to the server: each is a list of the player to move and the move's text. The lengths vary as real games' do:
 * with one length for all (most random Tactics, Tactrix! and Force 400 games last past 150 plies), the games that
 * start together end together and a hundred new games are challenged and accepted in the same moment.
 */
function randomLines(family, count, rng) {
  const setup = entryOf(family).value.setup().value;
  const game = setup.game;
  return Array.from({ length: count }, () => {
    const line = [];
    const length = 40 + rng.int(111);
    let state = setup.initial();
    while (line.length < length) {
      const toMove = game.toMove(state);
      if (toMove.length === 0) break;
      const move = rng.pick(game.legalMoves(state));
      line.push({ player: toMove[0], text: game.formatMove(state, move) });
      state = game.play(state, move);
    }
    return line;
  });
}

const lineRng = createRng('server benchmark lines');
const LINES = new Map(FAMILIES.map((f) => [f, randomLines(f, 25, lineRng)]));

/** A player: an account with its own stream (on the instance its number picks). */
async function signUp(k, instances) {
  const base = instances[k % instances.length];
  const name = `b${k}x${Math.floor(Math.random() * 1e6)}`;
  const r = await request(base, undefined, 'POST', '/api/accounts', {
    name,
    password: 'bench password',
    kind: 'bearer',
  });
  const stream = new Stream(base, r.body.token);
  await stream.open();
  return { base, name, token: r.body.token, stream };
}

/**
 * A pair of players playing game after game, each a line of `LINES`. The player to move sends its move; the other
 * hears it on the stream and answers with the next.
 */
class Pair {
  constructor(k, players, load) {
    this.k = k;
    this.family = FAMILIES[k % FAMILIES.length];
    this.players = players;
    this.load = load;
    this.rng = createRng(`pair ${k}`);
  }
  async newGame() {
    const [a, b] = this.players;
    if (this.id !== undefined) for (const p of this.players) p.stream.unsubscribe(this.id);
    const ch = await request(a.base, a.token, 'POST', '/api/challenges', {
      family: this.family,
      opponent: b.name,
      seat: '0',
      control: CONTROL,
    });
    // A player may have 20 challenges open at once: with very few players (--players 2 and 100 games) the start's
    // challenges are refused, which is said, not hidden.
    if (ch.status !== 201 && ch.status !== 200) throw new Error(`challenge refused: ${JSON.stringify(ch.body)}`);
    const acc = await request(b.base, b.token, 'POST', `/api/challenges/${ch.body.id}/accept`);
    if (acc.status !== 200 || !acc.body?.game) throw new Error(`challenge not accepted: ${JSON.stringify(acc.body)}`);
    this.id = acc.body.game.id;
    this.version = acc.body.game.version;
    this.line = this.rng.pick(LINES.get(this.family));
    this.plies = 0;
    this.active = true;
    this.waiting = undefined;
    for (const p of [0, 1]) this.players[p].stream.subscribe(this.id, (m) => this.heard(p, m));
  }
  heard(p, m) {
    const w = this.waiting;
    if (w && w.player === p && m.id === this.id && m.version >= w.version) {
      this.waiting = undefined;
      w.resolve(m);
    }
  }
  /** The line ends before the game: the player to move resigns (not counted as a move). */
  async resign() {
    const { player: p } = this.line[this.plies - 1];
    const resigner = this.players[1 - p];
    const r =
      TRANSPORT === 'ws'
        ? await resigner.stream.command(this.id, this.version, 'resign')
        : await request(resigner.base, resigner.token, 'POST', `/api/games/${this.id}/resign`, {
            version: this.version,
          });
    if (r.status !== 200) throw new Error(`resignation refused: ${JSON.stringify(r.body)}`);
    this.active = false;
  }
  waitFor(player, version) {
    return new Promise((resolve) => {
      this.waiting = { player, version, resolve };
    });
  }
  async run(until) {
    await this.newGame();
    while (!until()) {
      if (this.plies >= this.line.length) {
        if (this.active) await this.resign();
        await this.newGame();
        continue;
      }
      const { player: p, text } = this.line[this.plies];
      const other = 1 - p;
      const heard = this.waitFor(other, this.version + 1);
      await this.load.slot();
      const t0 = performance.now();
      const player = this.players[p];
      const r =
        TRANSPORT === 'ws'
          ? await player.stream.move(this.id, this.version, text)
          : await request(player.base, player.token, 'POST', `/api/games/${this.id}/move`, {
              version: this.version,
              move: text,
            });
      const ms = performance.now() - t0;
      if (r.status !== 200) throw new Error(`move refused: ${JSON.stringify(r.body)}`);
      this.load.record(ms);
      this.version = r.body.version;
      this.active = r.body.status === 'active';
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

/**
 * `--soak S`: every pair plays flat out for S seconds while each server reports its RSS, heap and GC pauses every
 * 10 s. A refused move is counted (and its pair starts a new game), not fatal, so the count is the soak's errors.
 */
async function soak(pairs, children, { db, instances }) {
  const load = new Load(0);
  for (const p of pairs) p.load = load;
  const start = performance.now();
  const until = () => performance.now() - start > SOAK * 1000;
  const errors = [];
  for (const c of children) c.child.kill('SIGUSR2'); // the set-up's pauses are not the soak's
  const sampled = [];
  const timer = setInterval(() => {
    sampled.push((performance.now() - start) / 1000);
    for (const c of children) c.child.kill('SIGUSR2');
  }, 10_000);
  await Promise.all(
    pairs.map(async (p) => {
      while (!until()) {
        try {
          await p.run(until);
        } catch (e) {
          errors.push(String(e));
        }
      }
    }),
  );
  clearInterval(timer);
  await new Promise((r) => setTimeout(r, 500)); // the last samples' lines
  const seconds = (performance.now() - start) / 1000;
  const mb = (b) => (b / 2 ** 20).toFixed(0);
  console.log(
    `soak: ${db}, ${instances} instance(s), ${GAMES} games, ${PLAYERS} players, ${seconds.toFixed(0)} s, ` +
      `${load.latencies.length} moves (${(load.latencies.length / seconds).toFixed(0)}/s), ${errors.length} refused; load average ${loadavg()[0].toFixed(1)}`,
  );
  for (const c of children) {
    // The first sample holds the set-up (start-up, sign-ups): the soak's own come after it.
    const rows = c.child.samples.slice(1).map((x, i) => ({ ...x, t: sampled[i] ?? NaN }));
    console.log('     t   RSS MB  heap MB  GC pauses  GC p99 ms  GC max ms  loop p99 ms');
    for (const r of rows) {
      console.log(
        `  ${r.t.toFixed(0).padStart(4)}  ${mb(r.rss).padStart(7)}  ${mb(r.heap).padStart(7)}  ${String(r.gcPauses).padStart(9)}` +
          `  ${r.gcP99.toFixed(1).padStart(9)}  ${r.gcMax.toFixed(1).padStart(9)}  ${r.loopP99.toFixed(1).padStart(11)}`,
      );
    }
    const last = rows.filter((r) => r.t >= seconds - 180);
    const mean = last.reduce((a, r) => a + r.rss, 0) / Math.max(1, last.length);
    const spread = Math.max(...last.map((r) => Math.abs(r.rss - mean) / mean));
    const worstP99 = Math.max(...rows.map((r) => r.gcP99));
    console.log(
      `  server ${c.child.pid}: RSS over the last 3 minutes ${mb(mean)} MB ±${(100 * spread).toFixed(1)} % ` +
        `(${last.length} samples); GC pause p99 at most ${worstP99.toFixed(1)} ms in any 10 s window`,
    );
  }
  for (const e of errors.slice(0, 5)) console.log(`  refused: ${e.slice(0, 300)}`);
  for (const p of pairs) for (const pl of p.players) pl.stream.close();
}

const ownDelay = monitorEventLoopDelay({ resolution: 5 });
ownDelay.enable();

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
    const players = [];
    for (let k = 0; k < PLAYERS; k++) players.push(await signUp(k, bases));
    // Game k between players 2k and 2k + 1 (modulo their number): with fewer players, each plays several games.
    const pairs = Array.from(
      { length: GAMES },
      (_, k) => new Pair(k, [players[(2 * k) % PLAYERS], players[(2 * k + 1) % PLAYERS]], undefined),
    );
    const cpu0 = children.map((c) => cpuSeconds(c.child.pid));
    const calls0 = children.map((c) => syscalls(c.child.pid));
    const pg0 = postgresCpuSeconds();
    const own0 = process.cpuUsage();
    const machine0 = machineTicks();
    // --diag: each server reports its event-loop delay and GC pauses after each phase (stderr).
    const diag = () => args.diag !== undefined && children.forEach((c) => c.child.kill('SIGUSR2'));
    diag();
    if (SOAK !== undefined) {
      await soak(pairs, children, { db, instances });
      return;
    }
    const full = await phase(pairs, 0);
    const own = process.cpuUsage(own0);
    const machine1 = machineTicks();
    if (args.diag !== undefined)
      process.stderr.write(`  machine busy flat out: ${busyShare(machine0, machine1)} of its cores\n`);
    const cpu1 = children.map((c) => cpuSeconds(c.child.pid));
    if (args.diag !== undefined) {
      const calls1 = children.map((c) => syscalls(c.child.pid));
      const per = (k) => calls1.map((c, i) => ((c[k] - calls0[i][k]) / full.moves).toFixed(2)).join(' + ');
      process.stderr.write(`  servers' system calls a move flat out: writes ${per('writes')}, reads ${per('reads')}\n`);
      if (db === 'postgres') {
        const pgCpu = (postgresCpuSeconds() - pg0) / full.moves;
        process.stderr.write(`  PostgreSQL's CPU a move flat out: ${(pgCpu * 1e6).toFixed(0)} µs\n`);
      }
    }
    diag();
    const ownHalf0 = process.cpuUsage();
    ownDelay.reset();
    const machineHalf0 = machineTicks();
    const half = await phase(pairs, full.perSecond / 2);
    const ownHalf = process.cpuUsage(ownHalf0);
    const machineHalf = machineTicks();
    diag();
    if (args.diag !== undefined) {
      const ms = (ns) => (ns / 1e6).toFixed(1);
      process.stderr.write(
        `  machine busy at half load: ${busyShare(machineHalf0, machineHalf)} of its cores\n` +
          `  players' event loop delay p50 ${ms(ownDelay.percentile(50))} p99 ${ms(ownDelay.percentile(99))} max ${ms(ownDelay.max)} ms\n`,
      );
    }
    if (args.diag !== undefined) {
      process.stderr.write(
        `  players' CPU at half load: ${((ownHalf.user + ownHalf.system) / half.moves).toFixed(0)} µs a move\n`,
      );
    }
    for (const p of players) p.stream.close();
    const fmt = (x) => x.toFixed(1);
    const cpuPerMove = (cpu1.reduce((a, b) => a + b, 0) - cpu0.reduce((a, b) => a + b, 0)) / full.moves;
    console.log(
      `${db.padEnd(8)} ${String(instances).padStart(2)} instance(s) ${GAMES} games, ${PLAYERS} players, moves by ${TRANSPORT}, clocks ${CONTROL_NAME}: ` +
        `${Math.round(full.perSecond)} moves/s (${full.moves} moves), p50 ${fmt(full.p50)} ms, p99 ${fmt(full.p99)} ms; ` +
        `at half load (${Math.round(half.perSecond)}/s) p50 ${fmt(half.p50)} ms, p99 ${fmt(half.p99)} ms; ` +
        `CPU per move: server ${(cpuPerMove * 1e6).toFixed(0)} µs, players ${((own.user + own.system) / full.moves).toFixed(0)} µs; load average ${loadavg()[0].toFixed(1)}`,
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
  SOAK === undefined
    ? `server benchmark: ${GAMES} games (${FAMILIES.join(', ')}), each phase up to ${MOVES} moves or ${SECONDS} s`
    : `server soak: ${GAMES} games (${FAMILIES.join(', ')}) for ${SOAK} s`,
);
for (const config of CONFIGS) await bench(config);
