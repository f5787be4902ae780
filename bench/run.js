// Runs a family of benchmark scripts one after another, each in its own process, and stops at the first failure.
//   node bench/run.js perft     every game's perft/speed benchmark (draughts first)   — npm run bench
//   node bench/run.js ai        every game's AI benchmark (bench/ai-*.js)              — npm run bench:ai
//   node bench/run.js deep      deep perft runs of every game (slow)                   — npm run perft:deep
// Extra arguments are passed on to each script.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [family = 'perft', ...rest] = process.argv.slice(2);
const GAMES = ['force400.js', 'tactics.js', 'tactrix.js', 'tactorus.js'];
const scripts = {
  perft: [['perft.js'], ...GAMES.map((g) => [g])],
  deep: [['perft-deep.js'], ...GAMES.filter((g) => g !== 'tactorus.js').map((g) => [g, '--deep'])],
  ai: readdirSync(here)
    .filter((f) => /^ai-.*\.js$/.test(f))
    .sort()
    .map((f) => [f]),
}[family];
if (!scripts) {
  console.error(`unknown benchmark family "${family}": perft, ai or deep`);
  process.exit(2);
}
for (const [script, ...args] of scripts) {
  if (!existsSync(join(here, script))) continue;
  console.log(`\n== ${script} ${args.join(' ')}`.trimEnd());
  const r = spawnSync(process.execPath, [join(here, script), ...args, ...rest], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
