// Builds the draughts opening book by the project's deep search, over the built packages, and writes it as the data
// module the engine loads (packages/ai/src/games/draughts-book-<rules>.ts):
//   npm run book:draughts -- --rules english|international [--nodes N] [--budget B] [--root-budget R]
//        [--window W] [--width K] [--ply-cost C] [--ballots 1-174] [--time S] [--out FILE] [--verbose]
// English: the start position (budget R) and every ACF three-move ballot (budget B each: barred ones too, a game may
// start from any), so both sides have book moves after the ballot. International: the start position (budget R).
// Every search is limited by nodes (N), so the same command builds the same book; `--time S` stops starting new roots
// after S seconds (the header then says the book is partial). See packages/ai/src/games/draughts-book-build.ts.
import { writeFileSync } from 'node:fs';
import { cpuUsage } from 'node:process';
import { buildDraughtsBook } from '../packages/ai/dist/games/draughts-book-build.js';
import { formatDraughtsBook } from '../packages/ai/dist/games/draughts-book.js';
import { acfBallots, draughtsGame } from '../packages/draughts/dist/index.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const rules = option('--rules', '');
if (rules !== 'english' && rules !== 'international') {
  console.error('usage: npm run book:draughts -- --rules english|international [options]');
  process.exit(2);
}
const english = rules === 'english';
const o = {
  nodes: Number(option('--nodes', english ? '150000' : '300000')),
  budget: Number(option('--budget', '5')),
  rootBudget: Number(option('--root-budget', english ? '30' : '250')),
  window: Number(option('--window', '15')),
  width: Number(option('--width', '2')),
  plyCost: Number(option('--ply-cost', '10')),
  time: Number(option('--time', '0')),
};
const [firstBallot, lastBallot] = option('--ballots', '1-174').split('-').map(Number);
const out = option('--out', `packages/ai/src/games/draughts-book-${rules}.ts`);
const verbose = args.includes('--verbose');

const game = draughtsGame(rules);
const start = game.initial();
const roots = [{ state: start, budget: o.rootBudget, name: 'start' }];
if (english) {
  for (const ballot of acfBallots()) {
    if (ballot.number < firstBallot || ballot.number > lastBallot) continue;
    let s = start;
    for (const m of ballot.moves) {
      const next = game.tryPlay(s, m);
      if (!next.ok) throw new Error(`ballot ${ballot.number}: ${m} is illegal`);
      s = next.value;
    }
    roots.push({ state: s, budget: o.budget, name: `ballot ${ballot.number}` });
  }
}

const cpu = () => {
  const u = cpuUsage();
  return (u.user + u.system) / 1e6;
};
const started = Date.now();
let stoppedAt;
const built = [];
const entries = new Map();
let searches = 0;
let nodes = 0;
// One root at a time so that `--time` can stop between roots; each root's positions already in the book are skipped.
for (const [i, root] of roots.entries()) {
  if (o.time > 0 && (Date.now() - started) / 1000 > o.time) {
    stoppedAt = i;
    break;
  }
  const r = buildDraughtsBook({
    variant: rules,
    roots: [root],
    known: entries,
    nodes: o.nodes,
    window: o.window,
    width: o.width,
    plyCost: o.plyCost,
    ...(verbose
      ? {
          onPosition: (p) =>
            console.error(`  ${root.name} ply ${p.ply}: ${p.moves.map((m) => `${m.move} ${m.score}`).join(', ')}`),
        }
      : {}),
  });
  for (const [k, v] of r.book.entries) entries.set(k, v);
  searches += r.searches;
  nodes += r.nodes;
  built.push(...r.roots);
  const rep = r.roots[0];
  console.error(
    `${rep.name}: ${rep.positions} positions, to ply ${rep.maxPly} (book ${entries.size}, ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}

const { DraughtsBook } = await import('../packages/ai/dist/games/draughts-book.js');
const text = formatDraughtsBook(new DraughtsBook(rules, entries));
// The command as it makes this file (where it is written, and how loudly, change nothing in it).
const shown = args.filter((a, i) => a !== '--verbose' && a !== '--out' && args[i - 1] !== '--out');
const command = `npm run book:draughts -- ${shown.join(' ')}`;
const name = `DRAUGHTS_BOOK_${rules.toUpperCase()}`;
const elapsed = (Date.now() - started) / 1000;
const ballotRoots = built.filter((b) => b.name !== 'start');
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const summary = [
  `${entries.size} positions, ${searches} searches of ${o.nodes} nodes (${(nodes / 1e6).toFixed(0)} M nodes)`,
  english
    ? `ballots: ${mean(ballotRoots.map((b) => b.positions)).toFixed(1)} new positions each, to ply ` +
      `${mean(ballotRoots.map((b) => b.maxPly)).toFixed(1)} after the ballot on average (max ${Math.max(0, ...ballotRoots.map((b) => b.maxPly))})`
    : `start: ${built[0]?.positions ?? 0} positions, to ply ${built[0]?.maxPly ?? 0}`,
];
const module = `// The ${rules} opening book: generated, do not edit. Made by
//   ${command}
// (bench/draughts-book.js; packages/ai/src/games/draughts-book-build.ts says how). ${summary.join('; ')}.
${stoppedAt !== undefined ? `// PARTIAL: --time stopped the build after ${stoppedAt} of ${roots.length} roots.\n` : ''}// Format: packages/ai/src/games/draughts-book.ts.
export const ${name} = \`${text}\`;
`;
writeFileSync(out, module);
console.log(`${out}: ${summary.join('; ')}; ${text.length} bytes of book text`);
console.log(`wall ${elapsed.toFixed(0)} s, CPU ${cpu().toFixed(0)} s`);
