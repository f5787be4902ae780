// Game review (issue 43): the time to review a 60-ply game of each of the five games at the game's default review
// depth (`setup.review.depth`), on one thread, over the built packages (`npx tsc -b` first).
//   node bench/review.js [--plies 60] [--depth N] [--games draughts,force400,tactics,tactrix,tactorus]
// Each game is played by the computer against itself from the standard start (a middling level, seeded, so the
// game is the same every run) up to --plies moves (Tactorus: --plies / 2 rounds, each side's orders one entry),
// then reviewed. Prints per game: the entries reviewed, the time, and the marks found.
import { checkOptions, flags, numberOption } from './args.js';
import { reviewGame } from '@tactica/catalogue';
import { entryOf } from '@tactica/catalogue/all';
import { selfPlay } from './self-play.js';

const argv = process.argv.slice(2);
checkOptions(argv, ['--plies', '--depth', '--games'], [], import.meta.url);
const f = flags(argv);
const read = (name, fallback) => f[name.slice(2)] ?? fallback;
const plies = numberOption(read, '--plies', '60', 1);
const depth = numberOption(read, '--depth', undefined, 1);
const games = (f['games'] ?? 'draughts,force400,tactics,tactrix,tactorus').split(',');

console.log(`node ${process.version}, ${process.platform} ${process.arch}, one thread; --plies ${plies}`);
for (const family of games) {
  const entry = entryOf(family);
  if (!entry.ok) {
    console.error(entry.error.message);
    process.exit(2);
  }
  const setup = entry.value.setup({});
  if (!setup.ok) throw new Error(setup.error.message);
  const h = await selfPlay(setup.value, plies);
  const t0 = performance.now();
  const review = await reviewGame(setup.value, h, depth !== undefined ? { depth } : {});
  const ms = performance.now() - t0;
  const marks = review.players.map((p) => `${p.marks.inaccuracy}/${p.marks.mistake}/${p.marks.blunder}`).join(' vs ');
  console.log(
    `${family.padEnd(9)} depth ${String(review.depth).padStart(2)}: ${String(review.plies.length).padStart(3)} entries reviewed in ${(ms / 1000).toFixed(2)} s (average loss ${review.players.map((p) => p.averageLoss).join(' / ')} ${review.unit}; inaccuracies/mistakes/blunders ${marks})`,
  );
}
