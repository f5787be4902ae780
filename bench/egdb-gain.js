// What the endgame databases are worth to the deep search, over the built packages and the folder's slices:
//   node bench/egdb-gain.js --rules english --pieces 5 --positions 40 --nodes 20000 [--seed 1] [--dir DIR]
// Draws positions of exactly `--pieces` pieces that the database says the side to move wins (no capture pending)
// with no more pieces than the opponent (the wins that take knowing, not counting), seeded, and plays each out twice with the deep search on both sides at `--nodes` positions a move: once probing
// the database, once without it. Prints how many wins each converted under the rules' draw counters (manual 2.4),
// and how often the first move chosen kept the win (checked in the database).
import { createRng } from '../packages/core/dist/index.js';
import { DraughtsDeepSearcher } from '../packages/ai/dist/draughts.js';
import { buildOrder, pieces, SliceIndex } from '../packages/ai/dist/draughts-egdb.js';
import { defaultEgdbFolder, openEgdbFolder } from '../packages/ai/dist/node-egdb.js';
import {
  DraughtsSearchPosition,
  draughtsGame,
  geometryOf,
  RULE_SETS,
  squaresOf,
} from '../packages/draughts/dist/index.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const rules = option('--rules', 'english');
const count = Number(option('--pieces', '5'));
const wanted = Number(option('--positions', '40'));
const nodes = Number(option('--nodes', '20000'));
const seed = option('--seed', '1');
const kind = option('--kind', 'win');
const lead = Number(option('--lead', '0'));
/** One signature only (`0301`: 3 white kings against 1 black king, either side to move), else every one. */
const only = option('--material', undefined);
const dir = option('--dir', defaultEgdbFolder());
const db = openEgdbFolder(rules, dir);
if (!db) {
  console.error(`no ${rules} slices in ${dir}: npm run egdb:build -- --rules ${rules} --pieces ${count}`);
  process.exit(1);
}
const game = draughtsGame(rules);
const g = geometryOf(RULE_SETS[rules].size);
const sq = squaresOf(RULE_SETS[rules]);
const rng = createRng(`egdb-gain-${rules}-${seed}`);
const materials = buildOrder(count, g.half).filter(
  (m) => pieces(m) === count && (only === undefined || `${m.wm}${m.wk}${m.bm}${m.bk}` === only),
);

function fenOf(x, side) {
  const m = x.material;
  const list = (a, n, king) => Array.from(a.subarray(0, n), (s) => `${king ? 'K' : ''}${sq.number(s)}`);
  const white = [...list(x.wmSq, m.wm, false), ...list(x.wkSq, m.wk, true)];
  const black = [...list(x.bmSq, m.bm, false), ...list(x.bkSq, m.bk, true)];
  return `${side === 0 ? 'W' : 'B'}:W${white.join(',')}:B${black.join(',')}`;
}

/** Seeded won positions, quiet, spread over the signatures. */
const positions = [];
for (let tries = 0; positions.length < wanted && tries < wanted * 1000; tries++) {
  const m = materials[rng.int(materials.length)];
  const x = new SliceIndex(m, g.squares, g.half);
  const side = rng.int(2);
  x.unrank(rng.int(x.size));
  const state = game.parsePosition(fenOf(x, side));
  if (!state.ok || state.value.over) continue;
  const sp = new DraughtsSearchPosition(state.value);
  if (sp.status() !== 0) continue;
  const own = side === 0 ? m.wm + m.wk : m.bm + m.bk;
  if (kind === 'win' ? own > count - own + lead || db.probe(sp) !== 1 : own >= count - own || db.probe(sp) !== 0) {
    continue;
  }
  positions.push(state.value);
}

function playOut(start, endgames) {
  const searcher = new DraughtsDeepSearcher({ ttLog2: 16, ...(endgames ? { endgames } : {}) });
  const mover = start.position.turn;
  let s = start;
  let firstKeeps;
  for (let ply = 0; ply < 400 && !s.over; ply++) {
    const sp = new DraughtsSearchPosition(s);
    const r = searcher.search(sp, { nodes });
    const move = sp.decode(r.bestMove);
    s = game.play(s, move);
    if (ply === 0) {
      const after = s.over ? (s.over.kind === 'win' ? -1 : 0) : db.probe(new DraughtsSearchPosition(s));
      firstKeeps = after === (kind === 'win' ? -1 : 0);
    }
  }
  // The database's result reached: the win converted, or (a draw to hold) no loss.
  const reached =
    kind === 'win'
      ? s.over?.kind === 'win' && s.over.winner === mover
      : !(s.over?.kind === 'win' && s.over.winner !== mover);
  return { won: reached, firstKeeps, reason: s.over?.reason ?? 'ply cap' };
}

const t0 = performance.now();
const tally = { db: { won: 0, keeps: 0 }, none: { won: 0, keeps: 0 } };
for (const [i, p] of positions.entries()) {
  for (const [key, endgames] of [
    ['db', db],
    ['none', undefined],
  ]) {
    const r = playOut(p, endgames);
    if (r.won) tally[key].won++;
    if (r.firstKeeps) tally[key].keeps++;
    if (args.includes('--verbose')) console.log(`${i + 1} ${key}: ${r.won ? 'won' : r.reason}`);
  }
}
const n = positions.length;
const what = kind === 'win' ? `won (lead ≤ ${lead})` : 'drawn, side to move behind';
const done = kind === 'win' ? 'converted' : 'held';
console.log(`${rules}, ${n} ${what} ${only ?? `${count}-piece`} positions, ${nodes} nodes a move, seed ${seed}`);
console.log(`with the database:    ${tally.db.won}/${n} ${done}, first move kept the value ${tally.db.keeps}/${n}`);
console.log(`without the database: ${tally.none.won}/${n} ${done}, first move kept the value ${tally.none.keeps}/${n}`);
console.log(`(${((performance.now() - t0) / 1000).toFixed(0)} s)`);
