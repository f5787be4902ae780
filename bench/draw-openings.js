// Makes a fixed opening set for `npm run match:external` once, over the built packages, and prints it as a set file
// (packages/cli/src/games/draughts/external/openings.ts says the format). The match only reads the committed file; this
// script is how it was made, kept so that anyone can check it (issue 42):
//   node bench/draw-openings.js --variant international --count 200 --seed issue-42 > bench/openings/international-fixed-200.txt
//   node bench/draw-openings.js --variant russian --all 3 > bench/openings/russian-all-174.txt
//   node bench/draw-openings.js --variant brazilian --all 3 > bench/openings/brazilian-all-174.txt
//   node bench/draw-openings.js --variant pool --all 3 > bench/openings/pool-all-174.txt
//   node bench/draw-openings.js --variant spanish --all 3 > bench/openings/spanish-all-174.txt
//   node bench/draw-openings.js --variant thai --all 3 > bench/openings/thai-all-392.txt
// International (drawn): random legal moves from the start, four plies (two moves a side), with the seeded generator
// `drawOpenings`; an opening is kept when the game goes on with no capture pending, every opening different, and none
// of those the old `--openings random` gave at seeds 1 to `--old-seeds` (its first 100 each): those were played while
// the engine was tuned, so they are left out. `--all P` instead lists every opening of P plies with no capture
// pending, sorted by its text (Russian: a complete set, nothing chosen).
import { draughtsGame } from '../packages/draughts/dist/index.js';
import { allOpenings, drawOpenings } from '../packages/cli/dist/games/draughts/external/openings.js';
import { checkOptions, flags } from './args.js';

checkOptions(process.argv.slice(2), ['--variant', '--count', '--seed', '--old-seeds', '--all'], [], import.meta.url);
const f = flags();
const variant = f.variant ?? 'international';
const game = draughtsGame(variant);
// The label's letter: the rule set's initial (English's E as before).
const LABELS = { international: 'I', russian: 'R', brazilian: 'B', pool: 'P', spanish: 'S', thai: 'T', english: 'E' };
const label = LABELS[variant] ?? 'E';
let openings;
let header;
if (f.all !== undefined) {
  const plies = Number(f.all);
  openings = allOpenings(game, plies);
  header = `# Made by: node bench/draw-openings.js --variant ${variant} --all ${plies}
# Every opening of ${plies} plies from the start that leaves the game going with no capture pending, sorted by its text:
# a complete set, nothing chosen. No published balanced set for this rule set was found, and none of these was checked
# for balance by an engine: each is played twice, colours reversed, so a lopsided one adds noise, not bias.
[Variant "${variant}"]
[Set "${variant}: every ${plies}-ply opening (${openings.length})"]
[Source "bench/draw-openings.js --all ${plies}"]`;
} else {
  const count = Number(f.count ?? 200);
  const seed = f.seed ?? 'issue-42';
  const oldSeeds = Number(f['old-seeds'] ?? 10);
  const used = new Set();
  for (let s = 1; s <= oldSeeds; s++) {
    for (const o of drawOpenings(game, 100, `external-match-${s}`)) used.add(o.name);
  }
  openings = drawOpenings(game, count, seed, used);
  if (openings.length < count) {
    console.error(`only ${openings.length} different openings could be drawn`);
    process.exit(1);
  }
  const plies = variant === 'international' ? 'four plies, two moves a side' : 'three plies';
  header = `# Made by: node bench/draw-openings.js --variant ${variant} --count ${count} --seed ${seed} --old-seeds ${oldSeeds}
# Drawn once: random legal moves from the start (${plies}), seeded ("${seed}"), an opening kept when the
# game goes on with no capture pending, each different; the ${used.size} openings the old --openings random gave at seeds
# 1-${oldSeeds} (played while the engine was tuned) are left out. No published balanced set for this rule set was found,
# and none of these was checked for balance by an engine: each is played twice, colours reversed, so a lopsided one
# adds noise, not bias.
[Variant "${variant}"]
[Set "${variant}: ${count} drawn openings (seed ${seed})"]
[Source "bench/draw-openings.js, seed ${seed}"]`;
}
const width = String(openings.length).length;
console.log(`# A fixed opening set for npm run match:external (issue 42), made once and committed; the match only reads it.
${header}`);
openings.forEach((o, i) => console.log(`${label}${String(i + 1).padStart(width, '0')}: ${o.name}`));
