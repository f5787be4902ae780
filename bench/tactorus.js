// Tactorus benchmarks over the built package (`npx tsc -b packages/tactorus` first):
//   node bench/tactorus.js
// Tactorus has no perft (both players move at once); what search will lean on is resolving rounds and
// generating one player's orders, so those are timed, with deterministic counts to compare runs by.
import { createRng } from '../packages/core/dist/index.js';
import {
  allowance,
  checkOrder,
  legalMovesOf,
  newGame,
  playMove,
  resolveRound,
  TARGET_START,
  TARGETS,
} from '../packages/tactorus/dist/index.js';

const rng = createRng('tactorus bench');

/** Random legal orders for player p: candidates drawn at random and checked. */
function randomOrders(s, p) {
  const own = [];
  for (let sq = 0; sq < 100; sq++)
    if (s.board[sq] !== '.' && (s.board[sq] === s.board[sq].toUpperCase()) === (p === 0)) own.push(sq);
  const want = rng.int(allowance(s.board, s.rules, p) + 1);
  let t = s;
  for (let i = 0; i < want * 8 && t.orders[p].length < want; i++) {
    const from = rng.pick(own);
    const to = TARGETS[TARGET_START[from] + rng.int(TARGET_START[from + 1] - TARGET_START[from])];
    if (!checkOrder(t, p, from, to)) t = playMove(t, { type: 'order', player: p, from, to });
  }
  return t;
}

// Rounds from real games: random orders for both sides until each game ends.
const rounds = [];
{
  let games = 0;
  while (rounds.length < 2000) {
    let s = newGame({ rules: { chain: games % 2 === 0, supplyLines: games % 3 === 0, highGround: games % 4 === 0 } });
    games++;
    while (!s.ended) {
      const t = randomOrders(randomOrders(s, 0), 1);
      rounds.push({ board: t.board, orders: t.orders, round: t.round + 1 });
      s = playMove(playMove(t, { type: 'done', player: 0 }), { type: 'done', player: 1 });
    }
  }
  console.log(`tactorus: ${rounds.length} rounds sampled from ${games} random games`);
}

{
  const repeat = 50;
  let changed = 0;
  const t = performance.now();
  for (let k = 0; k < repeat; k++) {
    for (const r of rounds) if (resolveRound(r.board, r.orders, r.round).board !== r.board) changed++;
  }
  const ms = performance.now() - t;
  const n = rounds.length * repeat;
  console.log(
    `tactorus resolveRound: ${n} rounds (${changed} changed the board), ${ms.toFixed(0)} ms, ${((n / ms) * 1000).toFixed(0)} rounds/s`,
  );
}

{
  const s = newGame();
  let moves = 0;
  const calls = 20000;
  const t = performance.now();
  for (let i = 0; i < calls; i++) moves += legalMovesOf(s, i & 1).length;
  const ms = performance.now() - t;
  console.log(
    `tactorus legalMovesOf (starting position): ${calls} calls, ${moves} moves, ${((calls / ms) * 1000).toFixed(0)} calls/s`,
  );
}
