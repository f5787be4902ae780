// How much of a fixed time a move Master spends, seen from the caller's side as the match tool sees it: Master plays
// itself from the ACF deck's ballots (the match's fixed set, from `--from`) in a worker thread (as `match:external` runs it, endgame databases of the folder
// included), each move asked with `choose({ timeMs })`; prints, over the moves with a choice (not the book's, not a
// forced one), the wall time a move (mean, the largest, how many went over the limit), the process's CPU time a move
// (all threads: main, helpers) and the mean depth; `--list` also each move's wall time.
//   node bench/draughts-time.js [--time 0.3] [--games 4] [--from 1] [--plies 60] [--seed 1] [--threads N] [--no-book]
//                               [--list]
import { nodeWorkerEngine } from '../packages/ai/dist/node-worker.js';
import { DRAUGHTS_LEVELS } from '../packages/ai/dist/index.js';
import { draughtsGame } from '../packages/draughts/dist/index.js';
import { defaultOpeningSetFile, readOpeningSet } from '../packages/cli/dist/games/draughts/external/openings.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const ms = Math.round(Number(option('--time', '0.3')) * 1000);
const games = Number(option('--games', '4'));
const plies = Number(option('--plies', '60'));
const seed = Number(option('--seed', '1'));
const from = Number(option('--from', '1'));
const threads = option('--threads', undefined);
const book = !args.includes('--no-book');

const game = draughtsGame('english');
// Master with its node cap lifted, as the match tool plays it.
const levels = DRAUGHTS_LEVELS.map((l) => {
  if (l.id !== 'master') return l;
  const { nodes: _cap, ...rest } = l;
  return rest;
});
const engine = nodeWorkerEngine({
  family: 'draughts',
  options: { levels, book, ...(threads !== undefined ? { threads: Number(threads) } : {}) },
});
const walls = [];
const cpus = [];
let depths = 0;
let other = 0;
const set = readOpeningSet(defaultOpeningSetFile('english'), game);
if (!set.ok) throw new Error(set.error.message);
for (const opening of set.value.openings.slice(from - 1, from - 1 + games)) {
  let s = game.initial();
  for (const m of opening.moves) s = game.play(s, m);
  for (let ply = 0; ply < plies && !s.over; ply++) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const choice = await engine.choose(s, 'master', { timeMs: ms, seed: seed + ply });
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    if (choice.depth > 0) {
      walls.push(wall);
      cpus.push((cpu.user + cpu.system) / 1000);
      depths += choice.depth;
    } else other++;
    s = game.play(s, choice.move);
  }
}
if (args.includes('--list')) console.log(walls.map((w) => w.toFixed(0)).join(' '));
await engine.close();
const mean = (xs) => xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length);
const over = walls.filter((w) => w > ms).length;
console.log(
  `Master at ${ms} ms a move, ${walls.length} searched moves (+${other} book or forced): wall ${mean(walls).toFixed(1)} ms ` +
    `(${((mean(walls) / ms) * 100).toFixed(1)}% of the limit), largest ${Math.max(...walls).toFixed(1)} ms, ` +
    `${over} over the limit; CPU ${mean(cpus).toFixed(1)} ms a move (all threads); mean depth ${(depths / Math.max(1, walls.length)).toFixed(1)}`,
);
