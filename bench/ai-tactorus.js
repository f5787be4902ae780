// The Tactorus computer opponent, over the built packages (`npx tsc -b packages/ai` first):
//   node bench/ai-tactorus.js                  speeds, the deterministic node count, and the level ladder (200 games a step)
//   node bench/ai-tactorus.js --games 40       a shorter ladder (even: each opening is played with both seats)
//   node bench/ai-tactorus.js --step 6         only the step 6 vs 5 (--seed N: openings from another seed, default 2026)
//   node bench/ai-tactorus.js --no-ladder      speeds and node count only
//   node bench/ai-tactorus.js --find-tactics 12   prints sure-capture and flag-defence positions found over 12 seeded
//                                              playouts per pairing (the test data of packages/ai/src/games/tactorus-tactics.ts)
//
// Tactorus rounds are simultaneous, so the search is over rounds carried out in the simulator: a "node" is one round
// simulated (both sides' order sets carried out and, at the leaves, the result judged). The node count of a fixed set
// of choices is deterministic: it changes only when the search changes, and the checksum of the orders chosen changes
// whenever any level's play does.
import { createRng } from '../packages/core/dist/index.js';
import {
  AttractorPlanner,
  boardCodes,
  ENEMY_FLAG,
  Evaluator,
  observe,
  OrderPlanner,
  OrderSet,
  randomOrderSet,
  resolveCodes,
} from '../packages/tactorus/dist/index.js';
import {
  estimateElo,
  playTactorusMatch,
  randomTactorusOpening,
  TACTORUS_LEVELS,
  TactorusAi,
} from '../packages/ai/dist/index.js';
import { findTactics } from '../packages/ai/dist/games/tactorus-tactics.js';

const args = process.argv.slice(2);
/** The value after `name` when it is a number or level id (so `--ladder --games 40` reads as flags). */
const option = (name, fallback) => {
  const i = args.indexOf(name);
  const v = i >= 0 ? args[i + 1] : undefined;
  return v !== undefined && /^\d+$/.test(v) ? v : fallback;
};
const games = Number(option('--games', '200'));
const only = option('--step', option('--ladder', undefined));
const seed = Number(option('--seed', '2026'));
const ladder = !args.includes('--no-ladder');

if (args.includes('--find-tactics')) {
  const n = Number(option('--find-tactics', '12'));
  const engine = new TactorusAi();
  const runs = [
    [['1', '1'], 11, undefined],
    [['2', '1'], 12, undefined],
    [['1', '2'], 13, { chain: false, supplyLines: false, highGround: false }],
    [['3', '1'], 14, { chain: true, supplyLines: true, highGround: false }],
  ];
  for (const [levels, s, rules] of runs) {
    const found = findTactics(engine, levels, n, s, rules);
    console.error(`levels ${levels.join(' vs ')}, seed ${s}: ${found.length} positions`);
    for (const c of found) console.log(JSON.stringify(c));
  }
  process.exit(0);
}

// A fixed set of positions: seeded random openings of 0 to 7 rounds, under the default rules and all alterations.
const positions = [];
for (let i = 0; i < 24; i++) {
  const rules = i % 3 === 2 ? { chain: true, supplyLines: true, highGround: true } : undefined;
  positions.push(randomTactorusOpening(rules ? { rules } : {}, 1000 + i, i % 8));
}
console.log(`tactorus ai: ${positions.length} fixed positions (seeded openings of 0-7 random rounds)`);

{
  // The simulator: rounds carried out from the fixed positions with random order sets.
  const rng = createRng('ai-tactorus resolve');
  const planner = new OrderPlanner();
  const sets = positions.map((s) => {
    const b = boardCodes(s.board);
    return {
      board: b,
      round: s.round + 1,
      a: new OrderSet().copyFrom(randomOrderSet(planner, b, s.rules, 0, rng)),
      b: new OrderSet().copyFrom(randomOrderSet(planner, b, s.rules, 1, rng)),
    };
  });
  const out = new Uint8Array(100);
  const n = 400_000;
  let t = performance.now();
  for (let i = 0; i < n; i++) {
    const x = sets[i % sets.length];
    resolveCodes(x.board, [x.a, x.b], x.round, out);
  }
  let ms = performance.now() - t;
  console.log(`  simulated rounds (resolveCodes): ${((n / ms) * 1000).toFixed(0)} rounds/s`);

  const evaluator = new Evaluator();
  t = performance.now();
  for (let i = 0; i < n / 4; i++) {
    const s = positions[i % positions.length];
    evaluator.evaluate(sets[i % sets.length].board, s.rules, s.round, i & 1);
  }
  ms = performance.now() - t;
  console.log(`  evaluations: ${((n / 4 / ms) * 1000).toFixed(0)} positions/s`);

  const attractor = new AttractorPlanner();
  t = performance.now();
  const plans = 40_000;
  for (let i = 0; i < plans; i++) {
    const s = positions[i % positions.length];
    attractor.plan(
      sets[i % sets.length].board,
      s.rules,
      s.round,
      i & 1,
      {
        attractor: ENEMY_FLAG,
        step: i % 3,
        noise: 4,
        guard: true,
      },
      rng,
    );
  }
  ms = performance.now() - t;
  console.log(`  attractor plans (order sets): ${((plans / ms) * 1000).toFixed(0)} plans/s`);
}

{
  // Every level chooses for both players in every fixed position, seed 1.
  const engine = new TactorusAi();
  let hash = 2166136261;
  const t = performance.now();
  const perLevel = [];
  for (const level of TACTORUS_LEVELS) {
    const before = engine.nodes;
    const lt = performance.now();
    for (const s of positions) {
      for (const p of [0, 1]) {
        const orders = engine.choose(observe(s, p), level.id, { seed: 1 }).move;
        for (const o of orders) hash = Math.imul(hash ^ (o.from * 100 + o.to + 1), 16777619) >>> 0;
        hash = Math.imul(hash ^ 0xffff, 16777619) >>> 0;
      }
    }
    const ms = performance.now() - lt;
    perLevel.push(
      `level ${level.id} ${(ms / (positions.length * 2)).toFixed(1)} ms/choice, ${engine.nodes - before} nodes`,
    );
  }
  const ms = performance.now() - t;
  console.log(`  ${perLevel.join('; ')}`);
  console.log(
    `  search: ${engine.nodes} nodes (rounds simulated), ${((engine.nodes / ms) * 1000).toFixed(0)} nodes/s; ` +
      `deterministic node count ${engine.nodes}, orders checksum ${hash.toString(16).padStart(8, '0')}`,
  );
}

if (ladder) {
  const engine = new TactorusAi();
  console.log(
    `\nladder: each level against the one below, ${games} games a step (openings of 2 random rounds, seed ${seed},`,
  );
  console.log('each played with both seats; draws count half)');
  console.log('| step | result (+ = -) | score | Elo | time |');
  console.log('| ---- | -------------- | ----- | --- | ---- |');
  for (let i = 1; i < TACTORUS_LEVELS.length; i++) {
    const a = TACTORUS_LEVELS[i].id;
    const b = TACTORUS_LEVELS[i - 1].id;
    if (only !== undefined && only !== a) continue;
    const t = performance.now();
    const r = playTactorusMatch(engine, a, b, { games, seed, openingPlies: 2 });
    const e = estimateElo(r);
    const elo = Number.isFinite(e.elo)
      ? `${e.elo >= 0 ? '+' : ''}${Math.round(e.elo)} ± ${Math.round(e.margin)}`
      : 'inf';
    console.log(
      `| ${a} vs ${b} | +${r.wins} =${r.draws} -${r.losses} | ${(e.score * 100).toFixed(1)}% | ${elo} | ${((performance.now() - t) / 1000).toFixed(0)} s |`,
    );
  }
}
