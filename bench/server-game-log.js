// A long game stored as a head and a move log (issue 38, migration 008), on an SQLite file, in this process: what a
// move writes, what a read of the game from its rows costs (uncached) and where that time goes, and a cached view.
//
//   node bench/server-game-log.js [--plies 2000] [--reads 20] [--views 200] [--moves 200]
//
// The game is one random legal Tactics line of `--plies` plies, still in play, made by `GameService.create` (as an
// import does). "read" is `load` by a fresh GameService (nothing cached): the one statement that reads the head and
// the log, their join, and the catalogue's restore (a replay of the line); the restore is also timed alone, and
// against the snapshot text the server stored before 008 (`storedGameText`). "view" is `viewOf` and its JSON on the
// cached game. "move" is a player's command on the cached game, up to its commit (the group commit included).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { restoreStoredGame } from '@tactica/catalogue/all';
import { storedGameText } from '@tactica/catalogue';
import { createRng } from '@tactica/core';
import { flags } from './args.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = flags();
const plies = Number(args.plies ?? 2000);

const { openDatabase } = await import('../packages/server/dist/db/database.js');
const { Accounts } = await import('../packages/server/dist/accounts/accounts.js');
const { GameService } = await import('../packages/server/dist/games/service.js');
const { viewOf } = await import('../packages/server/dist/games/views.js');
const { joinStoredGame } = await import('../packages/server/dist/games/move-log.js');
const { logColumns, logEntries } = await import('../packages/server/dist/db/game-log.js');
const { entryOf } = await import('@tactica/catalogue/all');

/** The median of `n` timings of `work` (ms). */
async function median(n, work) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await work(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(n / 2)];
}

/** A random legal Tactics line of exactly `plies` plies, still in play. */
function longLine() {
  const setup = entryOf('tactics').value.setup().value;
  for (let attempt = 0; ; attempt++) {
    const rng = createRng(`game log ${attempt}`);
    const seats = [
      { kind: 'human', name: 'a' },
      { kind: 'human', name: 'b' },
    ];
    let s = setup.newSession({ seats, seed: 1, now: 0 }).value;
    while (s.toMove !== undefined && s.history.cursor < plies) {
      s = s.play(s.toMove, rng.pick(setup.game.legalMoves(s.position)), { expectedVersion: s.version, now: 0 }).value;
    }
    if (s.history.cursor === plies && !s.outcome) return s.history;
  }
}

mkdirSync(join(here, '.data'), { recursive: true });
const dir = mkdtempSync(join(here, '.data', 'log-'));
const database = await openDatabase({ file: join(dir, 'tactica.sqlite') });
try {
  const user = await new Accounts(database, { log2N: 10, r: 8, p: 1 }).signUp('gamelog', 'bench password');
  const games = GameService.onDatabase(database);
  const made = await games.create({
    family: 'tactics',
    seats: [{ user }, { user }],
    control: { kind: 'none' },
    rated: false,
    history: longLine(),
  });
  const id = made.id;
  const row = await database.db.selectFrom('games').select('head').where('id', '=', id).executeTakeFirst();
  const log = await database.db
    .selectFrom('game_moves')
    .select('text')
    .where('game_id', '=', id)
    .orderBy('seq')
    .execute();
  const texts = log.map((r) => r.text);
  const whole = storedGameText(made.restored.setup, made.restored.session);
  const stored = joinStoredGame(id, row.head, texts);
  console.log(`a Tactics game of ${plies} plies on SQLite:`);
  console.log(
    `  stored: head ${row.head.length} B + ${texts.length} log rows (${texts.join('').length} B of text); ` +
      `before 008 one snapshot of ${whole.length} B, rewritten at every move`,
  );
  const reads = Number(args.reads ?? 20);
  // A fresh service each time: nothing cached, the rows read and the game restored.
  const read = await median(reads, () => GameService.onDatabase(database).load(id));
  const restore = await median(reads, () => restoreStoredGame(stored));
  const restoreWhole = await median(reads, () => restoreStoredGame(whole));
  const join_ = await median(reads, () => joinStoredGame(id, row.head, texts));
  // The statement alone: the head and the log of one game in one snapshot, as `loadIn` reads them.
  const columns = logColumns('sqlite');
  const statement = await median(reads, async () => {
    const r = await database.db
      .selectFrom('games')
      .selectAll('games')
      .select([columns.texts.as('log_texts'), columns.last.as('log_last')])
      .where('games.id', '=', id)
      .executeTakeFirst();
    logEntries(r.log_texts, r.log_last);
  });
  console.log(
    `  read, uncached (median of ${reads}): ${read.toFixed(1)} ms; of which the statement ${statement.toFixed(2)} ms, ` +
      `the join ${join_.toFixed(2)} ms, the restore (a replay of the line) ${restore.toFixed(1)} ms; ` +
      `a restore from the whole snapshot text (before 008) ${restoreWhole.toFixed(1)} ms`,
  );
  const game = await games.load(id);
  const views = Number(args.views ?? 200);
  let bytes = 0;
  const view = await median(views, () => {
    bytes = JSON.stringify(viewOf(game, 0, Date.now(), null)).length;
  });
  console.log(`  view, cached (median of ${views}): ${(view * 1000).toFixed(0)} µs (${bytes} B of JSON)`);
  const moves = Number(args.moves ?? 200);
  const rng = createRng('moves');
  let current = game;
  const move = await median(moves, async () => {
    const r = current.restored;
    const legal = r.setup.game.legalMoves(r.session.position);
    const text = r.setup.game.formatMove(r.session.position, rng.pick(legal));
    current = await games.command(id, user, current.version, { kind: 'move', move: text });
  });
  const rows = await database.db.selectFrom('game_moves').select('seq').where('game_id', '=', id).execute();
  console.log(
    `  a move on it, cached, to its commit (median of ${moves}): ${(move * 1000).toFixed(0)} µs; ` +
      `log rows now ${rows.length} (one per move)`,
  );
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
