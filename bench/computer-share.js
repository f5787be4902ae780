/* global fetch, setTimeout */
// The computer as a shared resource (issue 37): on a fresh server (SQLite, one engine worker), user A asks for
// `--games` games at Force 400's strongest level (the slowest searches of the catalogue), the computer moving first,
// and answers every computer move at once, so that A's searches are always waiting; meanwhile user B starts games
// at the weakest level, one after another (`--trials`), the computer moving first, and resigns each once it moved.
// Printed: how many of A's games the server took (the cap), and how long each of B's computer moves took, from the
// creating request to the move in B's view.
//
// Then the cost of ending a search its game no longer needs: the shared stop flag (time from `cancel` to the next
// job's answer on the same worker) against ending the worker (time for a new worker's first answer, its engine
// loaded again).
//
// `--fifo` serves the searches first come, first served, without a time bound (as before issue 37), for comparison:
// run it with `--in-progress 30`.
//
//   node bench/computer-share.js [--games 30] [--trials 8] [--in-progress 5] [--move-ms 5000] [--workers 1] [--fifo]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entryOf } from '@tactica/catalogue/all';
import { createRng } from '@tactica/core';
import { startServer } from '@tactica/server';
import { checkOptions, flags, numberOption } from './args.js';
import { WorkerEngines } from '../packages/server/dist/games/worker-engines.js';

checkOptions(
  process.argv.slice(2),
  ['--games', '--trials', '--in-progress', '--move-ms', '--workers'],
  ['--fifo'],
  import.meta.url,
);
const args = flags();
const read = (name, fallback) => args[name] ?? fallback;
const GAMES = numberOption(read, 'games', '30', 1);
const TRIALS = numberOption(read, 'trials', '8', 1);
const IN_PROGRESS = numberOption(read, 'in-progress', undefined, 1);
const MOVE_MS = numberOption(read, 'move-ms', undefined, 1);
const WORKERS = numberOption(read, 'workers', '1', 1);
const FIFO = 'fifo' in args;

/** The pool as it was: one queue for everyone, first come first served, and no bound on a move's time. */
class FifoEngines extends WorkerEngines {
  run(job, tag) {
    return super.run(job, { ...tag, owner: 'everyone' });
  }
}

class Client {
  constructor(base) {
    this.base = base;
  }
  async request(method, path, body) {
    const headers = body === undefined ? {} : { 'content-type': 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const r = await fetch(`${this.base}${path}`, { method, headers, body: body && JSON.stringify(body) });
    return { status: r.status, body: await r.json() };
  }
  async signUp(name) {
    const r = await this.request('POST', '/api/accounts', { name, password: 'correct horse', kind: 'bearer' });
    this.token = r.body.token;
    return this;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function shares() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tactica-share-'));
  const server = await startServer({
    port: 0,
    dataDir,
    passwordCost: { log2N: 10, r: 8, p: 1 },
    engineWorkers: WORKERS,
    ...(FIFO ? { engines: new FifoEngines(WORKERS, Date.now, { moveMs: 600_000 }) } : {}),
    ...(MOVE_MS !== undefined ? { computerMoveMs: MOVE_MS } : {}),
    ...(IN_PROGRESS !== undefined ? { computerGames: { inProgress: IN_PROGRESS, perHour: 10_000 } } : {}),
  });
  const a = await new Client(server.url).signUp('attacker');
  const b = await new Client(server.url).signUp('bystander');
  const t0 = performance.now();
  const taken = [];
  const refused = new Map();
  for (let i = 0; i < GAMES; i++) {
    const r = await a.request('POST', '/api/games', { family: 'force400', level: '7', seat: 1 });
    if (r.status === 201) taken.push(r.body.id);
    else refused.set(r.body.error.code, (refused.get(r.body.error.code) ?? 0) + 1);
  }
  const created = performance.now() - t0;
  console.log(
    `A asked for ${GAMES} strongest-level games in ${(created / 1000).toFixed(1)} s: ${taken.length} taken, refused ${
      [...refused].map(([c, n]) => `${n} × ${c}`).join(', ') || 'none'
    }`,
  );
  // A answers every computer move at once, so its searches keep waiting in the pool.
  let playing = true;
  let answered = 0;
  const bot = Promise.all(
    taken.map(async (id) => {
      while (playing) {
        const v = (await a.request('GET', `/api/games/${id}`)).body;
        if (v.status !== 'active') return;
        if (v.toAct?.includes(v.viewer) && v.legal?.length) {
          const move = v.legal[answered++ % v.legal.length].notation;
          await a.request('POST', `/api/games/${id}/move`, { version: v.version, move });
        } else await sleep(50);
      }
    }),
  );
  await sleep(1_000);
  const waits = [];
  for (let t = 0; t < TRIALS; t++) {
    const start = performance.now();
    const r = await b.request('POST', '/api/games', { family: 'force400', level: '0', seat: 1 });
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    for (;;) {
      const v = (await b.request('GET', `/api/games/${r.body.id}`)).body;
      if (v.moves.length > 0) {
        waits.push(performance.now() - start);
        await b.request('POST', `/api/games/${r.body.id}/resign`, { version: v.version });
        break;
      }
      await sleep(20);
    }
    await sleep(500 + ((t * 977) % 2_000));
  }
  playing = false;
  await bot;
  const sorted = [...waits].sort((x, y) => x - y);
  console.log(
    `B's weakest-level moves (${TRIALS}): ${waits.map((w) => (w / 1000).toFixed(2)).join(' ')} s; median ${(
      sorted[Math.floor(sorted.length / 2)] / 1000
    ).toFixed(2)} s, worst ${(sorted.at(-1) / 1000).toFixed(2)} s (A's moves meanwhile: ${answered})`,
  );
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Force 400 after a few seeded plies: Level 7 searches for seconds there. */
function force400Job(level) {
  const setup = entryOf('force400').value.setup({}).value;
  const session = setup.newSession({
    seats: [
      { kind: 'human', name: 'a' },
      { kind: 'human', name: 'b' },
    ],
    seed: 1,
    now: 0,
  }).value;
  const rng = createRng(3);
  let state = session.position;
  for (let i = 0; i < 20; i++) {
    const moves = session.game.legalMoves(state);
    state = session.game.play(state, moves[rng.int(moves.length)]);
  }
  return { family: 'force400', options: setup.options, state, player: session.game.toMove(state)[0], level, seed: 1 };
}

async function stopOrRespawn() {
  const engines = new WorkerEngines(1);
  const quick = force400Job('0');
  await engines.run(quick);
  const stops = [];
  for (let i = 0; i < 5; i++) {
    const deep = engines.run(force400Job('7'), { owner: 'a', gameId: 1, version: 1 }).catch(() => undefined);
    await sleep(300);
    const t = performance.now();
    engines.cancel(1, 2);
    await deep;
    await engines.run(quick);
    stops.push(performance.now() - t);
  }
  await engines.close();
  const spawns = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const fresh = new WorkerEngines(1);
    await fresh.run(quick);
    spawns.push(performance.now() - t);
    await fresh.close();
  }
  const draughts = [];
  const d = entryOf('draughts').value.setup({ variant: 'international' }).value;
  const ds = d.newSession({
    seats: [
      { kind: 'human', name: 'a' },
      { kind: 'human', name: 'b' },
    ],
    seed: 1,
    now: 0,
  }).value;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const fresh = new WorkerEngines(1);
    await fresh.run({
      family: 'draughts',
      options: d.options,
      state: ds.position,
      player: 0,
      level: 'master',
      seed: 1,
    });
    draughts.push(performance.now() - t);
    await fresh.close();
  }
  const ms = (xs) => xs.map((x) => x.toFixed(0)).join(' ');
  console.log(`stop flag, cancel to the next answer on the same worker: ${ms(stops)} ms`);
  console.log(`new worker, start to its first answer: Force 400 ${ms(spawns)} ms; draughts Master ${ms(draughts)} ms`);
}

await shares();
if (!FIFO) await stopOrRespawn();
