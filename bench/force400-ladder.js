// Force 400 level matches, over the built packages (`npx tsc -b` first; `npm run ladder:force400` builds and plays
// parts). Each mode plays openings of 4 random plies twice, once with each colour, drawn at the ply cap.
//   node bench/force400-ladder.js --ladder [--games N] [--pairs 1-0,2-1] [--max-plies N] [--seed N] [--skip N]
//                                                  each level against the level below: score, Elo, time
//   node bench/force400-ladder.js --ladder-summary [DIR]
//                                                  adds up the ladder chunks kept in DIR (default
//                                                  bench/results/force400-ladder): per pair and seed, the --verbose
//                                                  game lines of a --ladder run (`<pair>-seed<N>.log`, its output in
//                                                  `.txt`), so long pairs can be played in parts
//   node bench/force400-ladder.js --ladder-parts --pairs 7-6 --seeds 770-789 [--games 10] [--lanes 2] [DIR]
//                                                  plays a pair in parts, one --ladder run per seed, `--lanes` at a
//                                                  time, into DIR: skips parts already finished (a `.txt`), resumes
//                                                  an interrupted one after the games its log holds (--skip N), then
//                                                  prints the summary
//   node bench/force400-ladder.js --weights-match --set hunt=80 [--depth 2] [--nodes 40000] [--games 100] [--seed 11]
//                                                  one search with changed evaluation weights against the same search
//                                                  with the default weights (how the hunt term was measured)
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_WEIGHTS, force400 } from '../packages/force400/dist/index.js';
import { createForce400Engine, estimateElo, FORCE400_LEVELS, playMatch } from '../packages/ai/dist/index.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};

console.log(
  `force400 ai — ${os.cpus()[0]?.model ?? 'unknown cpu'}, node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`,
);

if (args.includes('--ladder-summary')) ladderSummary();
else if (args.includes('--weights-match')) weightsMatch();
else if (args.includes('--ladder-parts')) {
  await ladderParts().catch((err) => {
    console.error(`ladder parts: ${err.message}`);
    process.exit(2);
  });
} else if (args.includes('--ladder')) ladder();
else {
  console.error(
    'force400-ladder: give --ladder, --ladder-parts, --ladder-summary or --weights-match (see the file head)',
  );
  process.exit(2);
}

function ladder() {
  const games = Number(option('--games', '200'));
  const maxPlies = Number(option('--max-plies', '200'));
  const seed = Number(option('--seed', '400'));
  // Resuming a part: the games before this one were played by an earlier run (their lines are in its log).
  const skipGames = Number(option('--skip', '0'));
  const pairs = option(
    '--pairs',
    FORCE400_LEVELS.slice(1)
      .map((l, i) => `${l.id}-${FORCE400_LEVELS[i].id}`)
      .join(','),
  ).split(',');
  const engine = createForce400Engine();
  console.log(`| pair | games | +won =drawn -lost | score | Elo | avg plies | time |`);
  console.log(`| ---- | ----- | ----------------- | ----- | --- | --------- | ---- |`);
  for (const pair of pairs) {
    const [a, b] = pair.split('-');
    const t = performance.now();
    let plies = 0;
    const r = playMatch(
      force400,
      { name: a, choose: (s, sd) => engine.choose(s, a, { seed: sd }).move },
      { name: b, choose: (s, sd) => engine.choose(s, b, { seed: sd }).move },
      {
        games,
        seed,
        skipGames,
        openingPlies: 4,
        maxPlies,
        onGame: (g) => {
          plies += g.plies;
          if (args.includes('--verbose'))
            console.error(`${pair} game ${g.index + 1}: ${g.aPoints} ${g.reason} ${g.plies}`);
        },
      },
    );
    const e = estimateElo(r);
    const elo = Number.isFinite(e.elo) ? `${e.elo >= 0 ? '+' : ''}${Math.round(e.elo)}` : e.elo > 0 ? '+inf' : '-inf';
    const margin = Number.isFinite(e.margin) ? ` ± ${Math.round(e.margin)}` : '';
    const minutes = ((performance.now() - t) / 60000).toFixed(1);
    const played = r.wins + r.draws + r.losses;
    console.log(
      `| ${a} vs ${b} | ${played} | +${r.wins} =${r.draws} -${r.losses} | ${(e.score * 100).toFixed(1)}% | ${elo}${margin} | ${(plies / played).toFixed(0)} | ${minutes} min |`,
    );
  }
}

/**
 * Adds up the ladder parts per pair from their `--verbose` game lines (`<pair>-seed<S>.log`), so a part still being
 * played counts with the games it has finished: whole opening pairs only (each opening is played twice, once with
 * each colour, one game after the other), so that no opening counts for one colour alone.
 */
function ladderSummary() {
  const dir = dirArgument(args.includes('--ladder-summary') ? '--ladder-summary' : '--ladder-parts');
  const pairs = new Map();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.log'))
    .sort()) {
    const games = [];
    for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      const m = /^(\d+)-(\d+) game (\d+): (1|0\.5|0) (\S+) (\d+)$/.exec(line);
      if (m) games.push({ pair: `${m[1]} vs ${m[2]}`, points: Number(m[4]), plies: Number(m[6]) });
    }
    const whole = games.slice(0, games.length - (games.length % 2));
    for (const g of whole) {
      const p = pairs.get(g.pair) ?? { wins: 0, draws: 0, losses: 0, plies: 0, files: new Set() };
      if (g.points === 1) p.wins++;
      else if (g.points === 0.5) p.draws++;
      else p.losses++;
      p.plies += g.plies;
      p.files.add(file);
      pairs.set(g.pair, p);
    }
  }
  console.log(`| pair | games | +won =drawn -lost | score | Elo | avg plies | parts |`);
  console.log(`| ---- | ----- | ----------------- | ----- | --- | --------- | ----- |`);
  for (const [key, p] of [...pairs].sort((a, b) => Number(a[0].split(' ')[0]) - Number(b[0].split(' ')[0]))) {
    const games = p.wins + p.draws + p.losses;
    const e = estimateElo(p);
    const elo = Number.isFinite(e.elo) ? `${e.elo >= 0 ? '+' : ''}${Math.round(e.elo)}` : e.elo > 0 ? '+inf' : '-inf';
    const margin = Number.isFinite(e.margin) ? ` ± ${Math.round(e.margin)}` : '';
    console.log(
      `| ${key} | ${games} | +${p.wins} =${p.draws} -${p.losses} | ${(e.score * 100).toFixed(1)}% | ${elo}${margin} | ${(p.plies / games).toFixed(0)} | ${p.files.size} |`,
    );
  }
}

/**
 * Plays one pair of the ladder in parts of `--games` games, one per seed of `--seeds A-B`, `--lanes` processes at a
 * time (one a core), each part the `--ladder --verbose` run that `--ladder-summary` reads. A part is finished when
 * its `.txt` exists; a part with only a `.log` was interrupted and resumes after the games its log holds (the same
 * games as an uninterrupted run: `--skip` still draws the skipped games' openings and seeds). The parts run
 * from the packages as built when each starts, so rebuild only between parts, and only with changes that leave every
 * level's moves as they were.
 */
async function ladderParts() {
  const dir = dirArgument('--ladder-parts');
  const pair = option('--pairs', '');
  if (!/^\d+-\d+$/.test(pair)) throw new Error('--ladder-parts needs --pairs <upper>-<lower>, one pair');
  const seedRange = /^(\d+)-(\d+)$/.exec(option('--seeds', ''));
  if (!seedRange) throw new Error('--ladder-parts needs --seeds <first>-<last>');
  const games = option('--games', '10');
  const lanes = Number(option('--lanes', String(os.availableParallelism())));
  const seeds = [];
  for (let seed = Number(seedRange[1]); seed <= Number(seedRange[2]); seed++) {
    if (!existsSync(path.join(dir, `${pair}-seed${seed}.txt`))) seeds.push(seed);
  }
  console.log(`${pair}: ${seeds.length} parts of ${games} games to play, ${lanes} at a time, into ${dir}`);
  const playPart = (seed) =>
    new Promise((resolve, reject) => {
      const base = path.join(dir, `${pair}-seed${seed}`);
      // An interrupted part resumes after the games its log holds (a line cut short by the interruption is dropped).
      const done = existsSync(`${base}.log`)
        ? readFileSync(`${base}.log`, 'utf8')
            .split('\n')
            .filter((line) => /^\d+-\d+ game \d+: (1|0\.5|0) \S+ \d+$/.test(line))
        : [];
      writeFileSync(`${base}.log`, done.map((line) => `${line}\n`).join(''));
      const child = spawn(
        process.execPath,
        [
          process.argv[1],
          '--ladder',
          '--pairs',
          pair,
          '--games',
          games,
          '--seed',
          String(seed),
          '--skip',
          String(done.length),
          '--verbose',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout.pipe(createWriteStream(`${base}.txt.part`, { flags: 'a' }));
      child.stderr.pipe(createWriteStream(`${base}.log`, { flags: 'a' }));
      child.on('error', reject);
      child.on('close', (code) => {
        if (code !== 0) return reject(new Error(`part ${base} failed with exit code ${code}`));
        renameSync(`${base}.txt.part`, `${base}.txt`);
        console.log(`${pair} seed ${seed}: done`);
        resolve();
      });
    });
  const lane = async () => {
    for (let seed = seeds.shift(); seed !== undefined; seed = seeds.shift()) await playPart(seed);
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
  ladderSummary();
}

/** A level with changed weights (`--set name=value`, repeatable) against the same level with the default ones. */
function weightsMatch() {
  const changed = { ...DEFAULT_WEIGHTS };
  args.forEach((a, i) => {
    if (a !== '--set') return;
    const m = /^(\w+)=(-?\d+)$/.exec(args[i + 1] ?? '');
    if (!m || !(m[1] in DEFAULT_WEIGHTS || m[1] === 'hunt'))
      throw new Error(`--set needs weight=value, not ${args[i + 1]}`);
    changed[m[1]] = Number(m[2]);
  });
  const level = { depth: Number(option('--depth', '2')), nodes: Number(option('--nodes', '40000')), narrowRoot: true };
  const engine = createForce400Engine({
    levels: [
      { ...level, id: 'a', name: 'changed', description: '', weights: changed },
      { ...level, id: 'b', name: 'default', description: '', weights: DEFAULT_WEIGHTS },
    ],
  });
  const r = playMatch(
    force400,
    { name: 'a', choose: (s, sd) => engine.choose(s, 'a', { seed: sd }).move },
    { name: 'b', choose: (s, sd) => engine.choose(s, 'b', { seed: sd }).move },
    { games: Number(option('--games', '100')), seed: Number(option('--seed', '11')), openingPlies: 4, maxPlies: 200 },
  );
  const e = estimateElo(r);
  console.log(
    `changed weights vs default, depth ${level.depth}, ${level.nodes} nodes: +${r.wins} =${r.draws} -${r.losses}, ` +
      `${(e.score * 100).toFixed(1)}%, Elo ${Math.round(e.elo)} ± ${Math.round(e.margin)}`,
  );
}

function dirArgument(flag) {
  const i = args.indexOf(flag);
  return args[i + 1] && !args[i + 1].startsWith('--') ? args[i + 1] : 'bench/results/force400-ladder';
}
