/* global fetch, setTimeout */
// What long games cost the server (issue 37): the heap a cached position weighs in each family, and, against a server
// in its own process, an anonymous listing and a view of a long game against a short one once many long games are
// stored, with /api/health asked meanwhile.
//
//   node --expose-gc bench/server-long-games.js [--part memory|views|server|all] [--games 20] [--imports 100]
//     [--plies 2135] [--game-cache-mb 256] [--families draughts,force400,tactics,tactrix,tactorus]
//     [--max-plies 600 [--whole]]
//
// memory: per family, `--games` games of random legal lines (each to its end, at most 600 plies or 150 rounds) are
// stored, then read back by a fresh GameService (a restore each) and viewed, and the heap they keep after a full
// collection is divided by their positions: the figure `positionBytes` of each game in packages/catalogue/src/listing.ts
// estimates. Also the heap of the games as imported (the states the record's reader made, still held by the cache).
// views: a cached Tactics game's view and its JSON, 40 plies against `--plies`, the work a view request does.
// server: `--imports` Tactics records of `--plies` plies (random legal moves) and as many of 40 plies are imported,
// the server restarted (nothing cached), then timed: `POST /pbm {"subject":"tactics games"}` without a password,
// `GET /api/games`, `/api/health` asked while the listing runs, a view of a long game and of a short one (first read
// back from the row, then cached), and the server's resident memory.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryOf } from '@tactica/catalogue/all';
import { createRng } from '@tactica/core';
import { flags } from './args.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = flags();

if (args.child !== undefined) {
  // The server, in its own process: cheap password hashes, no rate limits (the benchmark imports many records).
  const { startServer } = await import('@tactica/server');
  const server = await startServer({
    port: 0,
    dataDir: args.child,
    passwordCost: { log2N: 10, r: 8, p: 1 },
    rateLimits: { auth: 1e6, moves: 1e6, challenges: 1e6, chat: 1e6, imports: 1e6 },
    ...(args['game-cache-mb'] ? { gameCacheMb: Number(args['game-cache-mb']) } : {}),
  });
  process.stdout.write(`${server.url}\n`);
  // Asked by the benchmark: the heap kept after a full collection (the child runs with --expose-gc).
  process.on('SIGUSR2', () => {
    globalThis.gc?.();
    process.stdout.write(`heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)}\n`);
  });
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
} else {
  const part = args.part ?? 'all';
  if (part === 'all' || part === 'memory') await memory();
  if (part === 'all' || part === 'views') await views();
  if (part === 'all' || part === 'server') await serverTimes();
}

/** A random line of `family`: a session played to its end or `limit` plies (rounds). */
function randomSession(family, rng, limit) {
  const setup = entryOf(family).value.setup().value;
  const seats = [
    { kind: 'human', name: 'a' },
    { kind: 'human', name: 'b' },
  ];
  let s = setup.newSession({ seats, seed: 1, now: 0 }).value;
  if (setup.dynamics === 'sequential') {
    while (s.toMove !== undefined && s.history.cursor < limit) {
      s = s.play(s.toMove, rng.pick(setup.game.legalMoves(s.position)), { expectedVersion: s.version, now: 0 }).value;
    }
    return { setup, session: s };
  }
  // Tactorus: each side a few random orders a round, then done.
  while (!s.outcome && s.round <= limit) {
    for (const p of [0, 1]) {
      for (let k = 0; k < 4; k++) {
        const own = s.viewFor(p).value;
        let position = s.roundStart;
        for (const text of own.pending)
          position = setup.game.play(position, setup.game.parseMove(position, text, p).value);
        const orders = setup.board.inputs(position, p).filter((i) => i.action === 'order');
        if (orders.length === 0) break;
        const next = s.submit(p, rng.pick(orders).notation, { expectedVersion: s.version, now: 0 });
        if (next.ok) s = next.value;
      }
      s = s.submit(p, 'done', { expectedVersion: s.version, now: 0 }).value;
    }
  }
  return { setup, session: s };
}

/** A cached game's view (viewOf and its JSON), long against short, in this process: the per-request work. */
async function views() {
  const { openDatabase } = await import('../packages/server/dist/db/database.js');
  const { Accounts } = await import('../packages/server/dist/accounts/accounts.js');
  const { kyselyStorage } = await import('../packages/server/dist/storage/kysely-storage.js');
  const { GameService } = await import('../packages/server/dist/games/service.js');
  const { viewOf } = await import('../packages/server/dist/games/views.js');
  const database = await openDatabase({ file: ':memory:' });
  try {
    const user = await new Accounts(kyselyStorage(database), database, { log2N: 10, r: 8, p: 1 }).signUp(
      'views',
      'bench password',
    );
    const games = GameService.onDatabase(database);
    const rng = createRng('views');
    const made = {};
    for (const plies of [40, Number(args.plies ?? 2135)]) {
      for (;;) {
        const { session } = randomSession('tactics', rng, plies);
        if (session.history.cursor < plies || session.outcome) continue;
        const g = await games.create({
          family: 'tactics',
          seats: [{ user }, { user }],
          control: { kind: 'none' },
          rated: false,
          history: session.history,
        });
        // Read back, as a server finds a game it has let go, and viewed once (the line's texts remembered).
        const back = await GameService.onDatabase(database).load(g.id);
        viewOf(back, 0, Date.now(), null);
        made[plies] = back;
        break;
      }
    }
    for (let round = 0; round < 3; round++) {
      const line = [];
      for (const [plies, game] of Object.entries(made)) {
        const n = 500;
        const t = performance.now();
        let bytes = 0;
        for (let i = 0; i < n; i++) bytes = JSON.stringify(viewOf(game, 0, Date.now(), null)).length;
        line.push(`${plies} plies ${(((performance.now() - t) * 1000) / n).toFixed(0)} µs (${bytes} B)`);
      }
      console.log(`a cached Tactics game's view and its JSON, 500 times: ${line.join(', ')}`);
    }
  } finally {
    await database.close();
  }
}

async function memory() {
  const { openDatabase } = await import('../packages/server/dist/db/database.js');
  const { Accounts } = await import('../packages/server/dist/accounts/accounts.js');
  const { kyselyStorage } = await import('../packages/server/dist/storage/kysely-storage.js');
  const { GameService } = await import('../packages/server/dist/games/service.js');
  const { viewOf } = await import('../packages/server/dist/games/views.js');
  const families = (args.families ?? 'draughts,force400,tactics,tactrix,tactorus').split(',');
  const count = Number(args.games ?? 20);
  mkdirSync(join(here, '.data'), { recursive: true });
  const dir = mkdtempSync(join(here, '.data', 'long-'));
  const database = await openDatabase({ file: join(dir, 'tactica.sqlite') });
  const gc = () => {
    globalThis.gc();
    globalThis.gc();
  };
  const heap = () => process.memoryUsage().heapUsed;
  try {
    const accounts = new Accounts(kyselyStorage(database), database, { log2N: 10, r: 8, p: 1 });
    const user = await accounts.signUp('memory', 'bench password');
    console.log('bytes a cached position (heap kept after a full collection, divided by the positions held):');
    for (const family of families) {
      const rng = createRng(`long games ${family}`);
      const entry = entryOf(family).value;
      // Records of random lines, read as an import reads them (the record's reader makes the states).
      const records = [];
      for (let k = 0; k < count; k++) {
        const limit = family === 'tactorus' ? 150 : Number(args['max-plies'] ?? 600);
        const { setup, session } = randomSession(family, rng, limit);
        // --whole: only lines that reach the limit (the long games of issue 37), others drawn again.
        if (args.whole !== undefined && setup.dynamics === 'sequential' && session.history.cursor < limit) {
          k--;
          continue;
        }
        const text = await setup.exportRecord(
          setup.records[0].id,
          setup.dynamics === 'sequential' ? session.history : session,
        );
        records.push(text.value);
      }
      // As imported: the cache holds the games as made (a budget no game leaves).
      const importer = GameService.onDatabase(database, Date.now, { cacheMb: 1e6 });
      gc();
      const before = heap();
      const ids = [];
      let positions = 0;
      for (const text of records) {
        const read = (await entry.importRecord(entry.records[0].id, text)).value;
        const spec = read.snapshot !== undefined ? { snapshot: read.snapshot } : { history: read.history };
        const g = await importer.create({
          options: read.options,
          family,
          seats: [{ user }, { user }],
          control: { kind: 'none' },
          rated: false,
          ...spec,
        });
        ids.push(g.id);
        positions +=
          g.restored.dynamics === 'sequential'
            ? g.restored.session.history.moves.length + 1
            : g.restored.session.round + 1;
      }
      gc();
      const imported = (heap() - before) / positions;
      // Read back: a fresh service restores each game from its row and views it (the texts a view keeps).
      const reader = GameService.onDatabase(database, Date.now, { cacheMb: 1e6 });
      gc();
      const start = heap();
      const t0 = performance.now();
      for (const id of ids) viewOf(await reader.load(id), 0, Date.now(), null);
      const ms = performance.now() - t0;
      gc();
      const restored = (heap() - start) / positions;
      const estimated = reader.cacheUse().bytes / positions;
      console.log(
        `  ${family.padEnd(9)} ${count} games, ${positions} positions (${(positions / count).toFixed(0)} a game): ` +
          `${imported.toFixed(0)} B as imported, ${restored.toFixed(0)} B read back and viewed ` +
          `(the cache estimates ${estimated.toFixed(0)}); restored and viewed in ${((ms * 1000) / positions).toFixed(1)} µs a position`,
      );
      void importer;
    }
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function serverTimes() {
  const imports = Number(args.imports ?? 100);
  const plies = Number(args.plies ?? 2135);
  mkdirSync(join(here, '.data'), { recursive: true });
  const dir = mkdtempSync(join(here, '.data', 'long-server-'));
  const start = () =>
    new Promise((resolve, reject) => {
      const extra = args['game-cache-mb'] ? ['--game-cache-mb', args['game-cache-mb']] : [];
      const child = spawn(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--child', dir, ...extra], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      child.stdout.once('data', (d) => resolve({ child, url: String(d).trim() }));
      child.once('error', reject);
    });
  const stop = ({ child }) =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  /** The server's heap after a full collection, in MB. */
  const heapOf = ({ child }) =>
    new Promise((resolve) => {
      child.stdout.once('data', (d) => resolve(Number(/heap (\d+)/.exec(String(d))?.[1])));
      child.kill('SIGUSR2');
    });
  const rss = (pid) => {
    // Resident memory from /proc (Linux), in MB.
    return import('node:fs').then(({ readFileSync }) => {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return kb ? Number(kb) / 1024 : NaN;
    });
  };
  const timed = async (f) => {
    const t = performance.now();
    const r = await f();
    return { ms: performance.now() - t, r };
  };
  let server = await start();
  try {
    const call = async (method, path, body, token) => {
      const r = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: r.status, body: await r.json() };
    };
    const signed = await call('POST', '/api/accounts', {
      name: 'longbench',
      password: 'bench password',
      kind: 'bearer',
    });
    const token = signed.body.token;
    const rng = createRng('long server');
    const record = async (n) => {
      for (;;) {
        const { setup, session } = randomSession('tactics', rng, n);
        if (session.history.cursor < n || session.outcome) continue;
        return (await setup.exportRecord(setup.records[0].id, session.history)).value;
      }
    };
    const long = await record(plies);
    const short = await record(40);
    const rss0 = await rss(server.child.pid);
    const ids = { long: [], short: [] };
    const t0 = performance.now();
    for (let k = 0; k < imports; k++) {
      for (const [kind, text] of [
        ['long', long],
        ['short', short],
      ]) {
        const r = await call('POST', '/api/imports', { family: 'tactics', text }, token);
        if (r.status !== 201) throw new Error(JSON.stringify(r.body));
        ids[kind].push(r.body.id);
      }
    }
    const importMs = performance.now() - t0;
    const rss1 = await rss(server.child.pid);
    const heap1 = await heapOf(server);
    const health1 = (await call('GET', '/api/health')).body.games ?? {};
    console.log(
      `${imports} imports of ${plies} plies and ${imports} of 40 in ${(importMs / 1000).toFixed(1)} s; server RSS ` +
        `${rss0.toFixed(0)} → ${rss1.toFixed(0)} MB, heap after a full collection ${heap1} MB; cache ` +
        `${health1.cached} games, ${((health1.cacheBytes ?? NaN) / 2 ** 20).toFixed(0)} MB estimated`,
    );
    await stop(server);
    // The database as before migration 007 (the summary columns gone): the start back-fills every game's summary.
    const { default: Sqlite } = await import('better-sqlite3');
    const file = new Sqlite(join(dir, 'tactica.sqlite'));
    if (file.prepare(`select 1 from tactica_migrations where name = '007-game-summaries'`).get()) {
      for (const column of ['plies', 'last_move', 'to_act']) file.exec(`alter table games drop column ${column}`);
      file.exec(`delete from tactica_migrations where name = '007-game-summaries'`);
    }
    file.close();
    const started = await timed(start);
    server = started.r;
    console.log(`a start that back-fills the summaries of ${2 * imports} games: ${(started.ms / 1000).toFixed(1)} s`);
    const rss2 = await rss(server.child.pid);
    // The listing, with /api/health asked every 50 ms meanwhile.
    const healthTimes = [];
    let listing = true;
    const poll = (async () => {
      while (listing) {
        const h = await timed(() => call('GET', '/api/health'));
        healthTimes.push(h.ms);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const byMail = await timed(() => call('POST', '/pbm', { subject: 'tactics games' }));
    const lobby = await timed(() => call('GET', '/api/games'));
    const profile = await timed(() => call('GET', '/api/games?user=longbench'));
    listing = false;
    await poll;
    const restoresAfterListing = (await call('GET', '/api/health')).body.games?.restores;
    console.log(
      `after a restart (RSS ${rss2.toFixed(0)} MB): anonymous pbm listing ${byMail.ms.toFixed(1)} ms ` +
        `(${byMail.r.body.text.split('\n').length} lines), GET /api/games ${lobby.ms.toFixed(1)} ms, profile ` +
        `${profile.ms.toFixed(1)} ms, /api/health meanwhile at most ${Math.max(...healthTimes).toFixed(1)} ms; ` +
        `${restoresAfterListing} games restored`,
    );
    for (const kind of ['short', 'long']) {
      const id = ids[kind][0];
      const cold = await timed(() => call('GET', `/api/games/${id}`));
      const warm = [];
      for (let i = 0; i < 20; i++) warm.push((await timed(() => call('GET', `/api/games/${id}`))).ms);
      warm.sort((a, b) => a - b);
      console.log(
        `  view of a ${kind} game (${cold.r.body.moves.length} plies): read back ${cold.ms.toFixed(1)} ms, cached ` +
          `median ${warm[10].toFixed(2)} ms (of 20), ${JSON.stringify(cold.r.body).length} bytes`,
      );
    }
    // Views of every long game in turn: each read back from its row when the cache cannot hold them all.
    const all = await timed(async () => {
      for (const id of ids.long) await call('GET', `/api/games/${id}`);
    });
    const h = (await call('GET', '/api/health')).body.games ?? {};
    console.log(
      `  views of the ${ids.long.length} long games in turn: ${(all.ms / ids.long.length).toFixed(1)} ms each; ` +
        `${h.restores} restores in all; cache ${h.cached} games, ${((h.cacheBytes ?? NaN) / 2 ** 20).toFixed(0)} MB estimated; ` +
        `server RSS ${(await rss(server.child.pid)).toFixed(0)} MB, heap after a full collection ${await heapOf(server)} MB`,
    );
  } finally {
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
}
