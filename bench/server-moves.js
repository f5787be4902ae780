// The server's own work for a move, without the network: the same GameService.command the stream and the HTTP
// routes call (version check, seat, the move parsed and played, the row written in SQLite's group commit), for
// 100 games at once of the four sequential kinds, each replaying random legal lines. Prints the process's CPU time
// a move (fair whatever else runs on the machine) and the heap kept once the games are played (after a full
// collection): what the network benchmark (bench/server.js) cannot separate from the sockets.
//
//   node --expose-gc bench/server-moves.js [--games 100] [--moves 20000] [--cache-mb MB] [--control live]
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryOf } from '@tactica/catalogue/all';
import { createRng } from '@tactica/core';
import { openDatabase } from '../packages/server/dist/db/database.js';
import { Accounts } from '../packages/server/dist/accounts/accounts.js';
import { kyselyStorage } from '../packages/server/dist/storage/kysely-storage.js';
import { GameService } from '../packages/server/dist/games/service.js';
import { readControl } from '../packages/server/dist/games/control.js';
import { flags } from './args.js';
import { controlOf } from './controls.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = flags();
const GAMES = Number(args.games ?? 100);
const MOVES = Number(args.moves ?? 20_000);
const FAMILIES = (args.families ?? 'draughts,tactics,tactrix,force400').split(',');

// Random lines, as bench/server.js plays them (up to 150 plies), computed before the timed part.
const rng = createRng('server moves benchmark');
function randomLine(family) {
  const setup = entryOf(family).value.setup().value;
  const line = [];
  let state = setup.initial();
  while (line.length < 150) {
    const toMove = setup.game.toMove(state);
    if (toMove.length === 0) break;
    const move = rng.pick(setup.game.legalMoves(state));
    line.push({ player: toMove[0], text: setup.game.formatMove(state, move) });
    state = setup.game.play(state, move);
  }
  return line;
}

// Lines are drawn from a pool made before the timed part: making them (a move generation a ply) is the players'
// work, not the server's.
const LINES = new Map(FAMILIES.map((f) => [f, Array.from({ length: 25 }, () => randomLine(f))]));

// The repository's folder, not /tmp (see bench/RESULTS.md: files in this machine's /tmp cost more).
mkdirSync(join(here, '.data'), { recursive: true });
const dir = mkdtempSync(join(here, '.data', 'moves-'));
const database = await openDatabase({ file: join(dir, 'tactica.sqlite') });
try {
  const accounts = new Accounts(kyselyStorage(database), database, { log2N: 10, r: 8, p: 1 });
  // --cache-mb: the game cache's budget in megabytes (GameService's default unless given).
  const games = GameService.onDatabase(
    database,
    Date.now,
    args['cache-mb'] ? { cacheMb: Number(args['cache-mb']) } : {},
  );
  const users = [];
  for (let k = 0; k < 2 * GAMES; k++) users.push(await accounts.signUp(`m${k}`, 'bench password'));
  const control = readControl(controlOf(args.control));
  let created = 0;
  const start = async (k) => {
    created++;
    const family = FAMILIES[k % FAMILIES.length];
    const game = await games.create({
      family,
      seats: [{ user: users[2 * k] }, { user: users[2 * k + 1] }],
      control,
      rated: false,
    });
    return { k, id: game.id, version: game.version, line: rng.pick(LINES.get(family)), ply: 0 };
  };
  const tables = [];
  for (let k = 0; k < GAMES; k++) tables.push(await start(k));
  let moves = 0;
  const play = async (t) => {
    while (moves < MOVES) {
      if (t.ply >= t.line.length) Object.assign(t, await start(t.k));
      const { player, text } = t.line[t.ply];
      const game = await games.command(t.id, users[2 * t.k + player], t.version, { kind: 'move', move: text });
      t.version = game.version;
      t.ply++;
      moves++;
      if (game.finished) Object.assign(t, await start(t.k));
    }
  };
  globalThis.gc?.();
  const heap0 = process.memoryUsage().heapUsed / 2 ** 20;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(tables.map(play));
  const cpu = process.cpuUsage(cpu0);
  const seconds = (performance.now() - t0) / 1000;
  globalThis.gc?.();
  const heap = process.memoryUsage().heapUsed / 2 ** 20;
  console.log(
    `${moves} moves in ${GAMES} games: ${((cpu.user + cpu.system) / moves).toFixed(0)} µs CPU a move ` +
      `(${Math.round(moves / seconds)} moves/s wall); heap ${heap0.toFixed(1)} MB before, ${heap.toFixed(1)} MB after ` +
      `with ${created} games started`,
  );
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
