// The Tactics computer opponent: search speed, a deterministic node count, and the level ladder, over the built
// packages (`npx tsc -b packages/ai` first).
//   node bench/ai-tactics.js                    nodes/s and the node count of the fixed search set, and every level
//                                               above Dumb on every blunder-check position
//   node bench/ai-tactics.js --ladder [--games N] [--from LEVEL] [--to LEVEL] [--seed N]
//                                               also each level against the level below, N games each (default 200),
//                                               for the levels from LEVEL (default novice) to LEVEL (default master),
//                                               openings from seed N (default 1; split a long pair over processes by
//                                               giving each its own seed and share of the games)
//   node bench/ai-tactics.js --ladder-only ...  the ladder without the rest
//   node bench/ai-tactics.js --make-checks [--games N]
//                                               prints one-move win / one-move defence positions found over seeded
//                                               random playouts (the test data of packages/ai/src/games/tactics.test.ts)
import { Searcher, TACTICS_LEVELS, createTacticsEngine, estimateElo, playMatch } from '../packages/ai/dist/index.js';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createRng } from '../packages/core/dist/index.js';
import { TacticsSearchPosition, formatPosition, parsePosition, tactics } from '../packages/tactics/dist/index.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};

/** The fixed search set: the start and the positions after 8, 16, 24 and 32 plies of four seeded random games. */
export function searchSet() {
  const set = [tactics.initial()];
  for (let g = 0; g < 4; g++) {
    const rng = createRng(`tactics-search-set-${g}`);
    let s = tactics.initial();
    for (let ply = 1; ply <= 32; ply++) {
      const moves = tactics.legalMoves(s);
      if (moves.length === 0) break;
      s = tactics.play(s, rng.pick(moves));
      if (ply % 8 === 0 && !tactics.outcome(s)) set.push(s);
    }
  }
  return set;
}

export const SEARCH_DEPTH = 5;

function bench() {
  let nodes = 0;
  let ms = 0;
  const cpu = process.cpuUsage();
  for (const s of searchSet()) {
    const searcher = new Searcher({ ttLog2: 18 });
    const r = searcher.search(new TacticsSearchPosition(s), { depth: SEARCH_DEPTH });
    nodes += r.nodes;
    ms += r.timeMs;
  }
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  // Nodes per second of this process's own CPU time (the speed of one core while others share the machine) and
  // of wall-clock time.
  console.log(
    `tactics search: ${searchSet().length} positions to depth ${SEARCH_DEPTH}: ${nodes} nodes (deterministic), ${Math.round((nodes / cpuMs) * 1000)} nodes/s CPU, ${Math.round((nodes / ms) * 1000)} nodes/s wall (${ms.toFixed(0)} ms), load average ${loadavg()[0].toFixed(1)}`,
  );
}

/** Every level above Dumb on every check position of the tests (which run Master on a few defences only). */
function blunderChecks() {
  const text = readFileSync(new URL('../packages/ai/src/games/tactics-checks.txt', import.meta.url), 'utf8');
  const checks = text
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => ({ kind: l.split(' ')[0], state: parsePosition(l.slice(l.indexOf(' ') + 1)).value }));
  const wins = (s, m) => {
    const o = tactics.outcome(tactics.play(s, m));
    return o?.kind === 'win' && o.winner === s.turn;
  };
  const allowsWin = (s, m) => {
    const after = tactics.play(s, m);
    return tactics.legalMoves(after).some((r) => wins(after, r));
  };
  for (const level of TACTICS_LEVELS.slice(1)) {
    const engine = createTacticsEngine();
    let failed = 0;
    for (const c of checks) {
      const m = engine.choose(c.state, level.id, { seed: 3 }).move;
      if (c.kind === 'win' ? !wins(c.state, m) : allowsWin(c.state, m)) failed++;
    }
    console.log(`tactics blunder checks, ${level.name}: ${checks.length - failed} of ${checks.length} passed`);
  }
}

function ladder() {
  const games = Number(option('--games', '200'));
  const from = option('--from', 'novice');
  const to = option('--to', 'master');
  const start = TACTICS_LEVELS.findIndex((l) => l.id === from);
  const end = TACTICS_LEVELS.findIndex((l) => l.id === to);
  for (let i = Math.max(1, start); i <= end; i++) {
    const a = TACTICS_LEVELS[i];
    const b = TACTICS_LEVELS[i - 1];
    const ea = createTacticsEngine();
    const eb = createTacticsEngine();
    const t = performance.now();
    let plies = 0;
    let w = 0;
    let d = 0;
    let l = 0;
    const r = playMatch(
      tactics,
      { name: a.name, choose: (s, seed) => ea.choose(s, a.id, { seed }).move },
      { name: b.name, choose: (s, seed) => eb.choose(s, b.id, { seed }).move },
      {
        games,
        seed: Number(option('--seed', '1')),
        openingPlies: 4,
        maxPlies: 400,
        onGame: (g) => {
          plies += g.plies;
          if (g.aPoints === 1) w++;
          else if (g.aPoints === 0) l++;
          else d++;
          process.stderr.write(`${a.name} vs ${b.name}: game ${g.index + 1}/${games}: +${w} =${d} -${l}\n`);
        },
      },
    );
    const e = estimateElo(r);
    const elo = Number.isFinite(e.elo) ? `${e.elo >= 0 ? '+' : ''}${Math.round(e.elo)}` : e.elo > 0 ? '+inf' : '-inf';
    const margin = Number.isFinite(e.margin) ? ` ± ${Math.round(e.margin)}` : '';
    console.log(
      `${a.name} vs ${b.name}: +${r.wins} =${r.draws} -${r.losses} of ${games} (score ${(e.score * 100).toFixed(1)}%, Elo ${elo}${margin}), ${(plies / games).toFixed(0)} plies a game, ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );
  }
}

/**
 * Positions from seeded random playouts where the side to move can win at once (leave the opponent without a move)
 * while most moves do not, or where some moves allow the opponent such a win and others do not.
 */
function makeChecks() {
  const games = Number(option('--games', '300'));
  const buffer = new Int32Array(512);
  const replies = new Int32Array(512);
  let wins = 0;
  let defences = 0;
  for (let g = 0; g < games; g++) {
    const rng = createRng(`tactics-checks-${g}`);
    let s = tactics.initial();
    let found = 0;
    while (!tactics.outcome(s)) {
      // Judged as the position text reads back (no repetition history), as the tests will read it.
      const text = formatPosition(s);
      const sp = new TacticsSearchPosition(parsePosition(text).value, { searchRepetitionDraws: false });
      const n = sp.generateMoves(buffer, 0);
      let winning = 0;
      let losing = 0;
      for (let i = 0; i < n; i++) {
        const m = buffer[i];
        sp.makeMove(m);
        const d = sp.decided();
        if (d === -1) winning++;
        else if (d === undefined) {
          const k = sp.generateMoves(replies, 0);
          for (let j = 0; j < k; j++) {
            sp.makeMove(replies[j]);
            const lost = sp.decided() === -1;
            sp.unmakeMove(replies[j]);
            if (lost) {
              losing++;
              break;
            }
          }
        }
        sp.unmakeMove(m);
      }
      if (found < 2 && winning > 0 && winning * 2 <= n && wins < 40) {
        console.log(`win ${text}`);
        wins++;
        found++;
      } else if (found < 2 && winning === 0 && losing > 0 && losing < n && losing * 3 >= n && defences < 40) {
        console.log(`defend ${text}`);
        defences++;
        found++;
      }
      s = tactics.play(s, rng.pick(tactics.legalMoves(s)));
    }
  }
}

if (args.includes('--make-checks')) makeChecks();
else {
  if (!args.includes('--ladder-only')) {
    bench();
    blunderChecks();
  }
  if (args.includes('--ladder') || args.includes('--ladder-only')) ladder();
}
