// Game review on the server (issue 43): the time to review a 60-ply game at each sequential game's default review
// depth through the server's engine pool (`WorkerEngines.analyse`, one worker: each position a search request in
// the pool's fair queue, as `Reviews` asks them), over the built packages (`npx tsc -b` first).
//   node bench/review-server.js [--plies 60] [--games draughts,force400,tactics,tactrix]
// The game is played by the computer against itself as bench/review.js plays it (same level and seeds).
import { checkOptions, flags, numberOption } from './args.js';
import { entryOf } from '@tactica/catalogue/all';
import { reviewLineAsync } from '@tactica/ai/review';
import { WorkerEngines } from '../packages/server/dist/games/worker-engines.js';
import { selfPlay } from './self-play.js';

const argv = process.argv.slice(2);
checkOptions(argv, ['--plies', '--games'], [], import.meta.url);
const f = flags(argv);
const plies = numberOption((name, fallback) => f[name.slice(2)] ?? fallback, '--plies', '60', 1);
const games = (f['games'] ?? 'draughts,force400,tactics,tactrix').split(',');

console.log(`node ${process.version}, ${process.platform} ${process.arch}, one engine worker; --plies ${plies}`);
const pool = new WorkerEngines(1);
try {
  for (const family of games) {
    const entry = entryOf(family);
    if (!entry.ok) throw new Error(entry.error.message);
    const setup = entry.value.setup({});
    if (!setup.ok) throw new Error(setup.error.message);
    const s = setup.value;
    const h = await selfPlay(s, plies);
    const engine = {
      analyse: (state, { stop: _stop, onIteration: _on, ...limits }) =>
        pool.analyse({ family, options: s.options, state, limits }, { owner: 'bench' }),
    };
    const moves = h.moves.slice(0, h.cursor);
    const t0 = performance.now();
    const review = await reviewLineAsync(s.game, engine, h.start, moves, s.review, { depth: s.review.depth });
    const ms = performance.now() - t0;
    const marks = review.players.map((p) => `${p.marks.inaccuracy}/${p.marks.mistake}/${p.marks.blunder}`).join(' vs ');
    console.log(
      `${family.padEnd(9)} depth ${String(review.depth).padStart(2)}: ${String(review.plies.length).padStart(3)} plies reviewed in ${(ms / 1000).toFixed(2)} s through the pool (inaccuracies/mistakes/blunders ${marks})`,
    );
  }
} finally {
  await pool.close();
}
