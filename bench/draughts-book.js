// Builds the draughts opening book by the project's deep search, over the built packages, and writes it as the data
// module the engine loads (packages/ai/src/games/draughts/book/<rules>.ts):
//   npm run book:draughts -- --rules english|international|russian [--nodes N] [--budget B] [--root-budget R]
//        [--window W] [--width K] [--ply-cost C] [--ballots 1-174] [--openings FILE] [--time S] [--out FILE]
//        [--eval hand|learned] [--verbose]
// English: the start position (budget R) and every ACF three-move ballot (budget B each: barred ones too, a game may
// start from any), so both sides have book moves after the ballot. Russian: the start position (budget R) and every
// opening of the fixed set (`--openings`, default bench/openings/russian-all-174.txt: all 174 three-ply openings,
// budget B each), as English's ballots. International: the start position (budget R).
// `--eval learned` searches with the committed learned evaluation (Master's) instead of the hand-written one.
// Every search is limited by nodes (N), so the same command builds the same book; `--time S` stops starting new roots
// after S seconds (the header then says the book is partial). See packages/ai/src/games/draughts/book-build.ts.
//   node bench/draughts-book.js --rules english|international|russian --stats
// prints the committed book's figures instead: positions, moves a position, and from each root (the ballots, or the
// start) the book positions reachable by book moves, the longest book line and the main line's length in book moves.
import { writeFileSync } from 'node:fs';
import { cpuUsage } from 'node:process';
import { buildDraughtsBook } from '../packages/ai/dist/games/draughts/book-build.js';
import { loadDraughtsBook } from '../packages/ai/dist/games/draughts/book.js';
import { loadLearnedEvaluator } from '../packages/ai/dist/games/draughts/learned-eval.js';
import { formatDraughtsBook } from '../packages/ai/dist/games/draughts/book/text.js';
import { readOpeningSet } from '../packages/cli/dist/games/draughts/external/openings.js';
import { acfBallots, draughtsGame } from '../packages/draughts/dist/index.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const rules = option('--rules', '');
if (rules !== 'english' && rules !== 'international' && rules !== 'russian') {
  console.error('usage: npm run book:draughts -- --rules english|international|russian [options]');
  process.exit(2);
}
const english = rules === 'english';
// The rule sets whose book also starts from each opening of a set (English's ballots, Russian's fixed set).
const fromOpenings = rules !== 'international';
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
const evaluation = option('--eval', 'hand');
if (evaluation !== 'hand' && evaluation !== 'learned') {
  console.error('--eval: hand or learned');
  process.exit(2);
}
const evaluator = evaluation === 'learned' ? await loadLearnedEvaluator(rules) : undefined;
if (evaluation === 'learned' && !evaluator) throw new Error(`no learned weights for ${rules}`);
const openingsFile = option('--openings', 'bench/openings/russian-all-174.txt');
const out = option('--out', `packages/ai/src/games/draughts/book/${rules}.ts`);
const verbose = args.includes('--verbose');

const game = draughtsGame(rules);
const start = game.initial();
const roots = [{ state: start, budget: o.rootBudget, name: 'start' }];
if (args.includes('--stats')) {
  const book = await loadDraughtsBook(rules);
  if (!book) {
    console.error(`${rules}: no committed book (the engine loads none for it)`);
    process.exit(2);
  }
  printStats(book);
  process.exit(0);
}
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
} else if (fromOpenings) {
  for (const opening of openingStates()) roots.push({ state: opening.state, budget: o.budget, name: opening.name });
}

/** The positions after each opening of the `--openings` set (Russian), named by the set. */
function openingStates() {
  const set = readOpeningSet(openingsFile, game);
  if (!set.ok) throw new Error(set.error.message);
  return set.value.openings.map((op) => ({
    state: op.moves.reduce((s, m) => game.play(s, m), start),
    name: `opening ${op.name}`,
  }));
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
    ...(evaluator ? { evaluator } : {}),
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

const { DraughtsBook } = await import('../packages/ai/dist/games/draughts/book.js');
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
  fromOpenings
    ? `${english ? 'ballots' : 'openings'}: ${mean(ballotRoots.map((b) => b.positions)).toFixed(1)} new positions each, to ply ` +
      `${mean(ballotRoots.map((b) => b.maxPly)).toFixed(1)} after the ${english ? 'ballot' : 'opening'} on average (max ${Math.max(0, ...ballotRoots.map((b) => b.maxPly))})`
    : `start: ${built[0]?.positions ?? 0} positions, to ply ${built[0]?.maxPly ?? 0}`,
];
const module = `// The ${rules} opening book: generated, do not edit. Made by
//   ${command}
// (bench/draughts-book.js; packages/ai/src/games/draughts/book-build.ts says how). ${summary.join('; ')}.
${stoppedAt !== undefined ? `// PARTIAL: --time stopped the build after ${stoppedAt} of ${roots.length} roots.\n` : ''}// Format: packages/ai/src/games/draughts/book/text.ts.
export const ${name} = \`${text}\`;
`;
writeFileSync(out, module);
console.log(`${out}: ${summary.join('; ')}; ${text.length} bytes of book text`);
console.log(`wall ${elapsed.toFixed(0)} s, CPU ${cpu().toFixed(0)} s`);

/** The committed book's figures (see the header). */
function printStats(book) {
  const states = english
    ? acfBallots().map((b) => b.moves.reduce((s, m) => game.tryPlay(s, m).value, start))
    : fromOpenings
      ? openingStates().map((op) => op.state)
      : [start];
  /** Plays forced moves (no book needed) until the side to move has a choice. */
  const settle = (s, ply) => {
    let legal = game.legalMoves(s);
    while (legal.length === 1) {
      s = game.play(s, legal[0]);
      legal = game.legalMoves(s);
      ply++;
    }
    return { s, ply, legal };
  };
  const reach = [];
  const longest = [];
  const main = [];
  for (const root of states) {
    const seen = new Set();
    let deepest = 0;
    const walk = (state, from) => {
      const { s, ply, legal } = settle(state, from);
      const choices = book.movesAt(s.position, legal);
      const key = `${s.position.turn}${s.position.bits.join(',')}`;
      if (choices.length === 0 || seen.has(key)) return;
      seen.add(key);
      deepest = Math.max(deepest, ply + 1);
      for (const c of choices) walk(game.play(s, c.move), ply + 1);
    };
    walk(root, 0);
    let n = 0;
    for (let at = settle(root, 0); ; at = settle(game.play(at.s, at.choice), 0)) {
      const best = book.movesAt(at.s.position, at.legal)[0];
      if (!best) break;
      at.choice = best.move;
      n++;
    }
    reach.push(seen.size);
    longest.push(deepest);
    main.push(n);
  }
  const range = (xs) =>
    `${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1)} (${Math.min(...xs)}–${Math.max(...xs)})`;
  const moves = [...book.entries.values()].reduce((a, m) => a + m.length, 0);
  console.log(`${rules}: ${book.size} positions, ${(moves / book.size).toFixed(2)} moves a position`);
  console.log(
    `from each ${english ? 'ballot' : fromOpenings ? 'opening' : 'start'}: ${range(reach)} book positions reachable by book moves`,
  );
  console.log(`longest book line ${range(longest)} plies; main line (best moves) ${range(main)} book moves`);
}
