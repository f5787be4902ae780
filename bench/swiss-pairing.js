// How long a Swiss round takes to pair (packages/server/src/tournaments/pairing/swiss.ts), on the event loop in the
// transaction that pairs it: the largest field (128 entrants, `TOURNAMENT_LIMITS.maxEntrants`) over the most rounds
// (15), results drawn at random (45% seat 0, 45% seat 1, 10% draws; a fixed seed). Prints each round's time.
//
//   node bench/swiss-pairing.js [--entrants 128] [--rounds 15]
import { nextStep } from '../packages/server/dist/tournaments/pairing/index.js';
import { flags } from './args.js';

const args = flags();
const n = Number(args.entrants ?? 128);
const rounds = Number(args.rounds ?? 15);
const field = Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, seed: i + 1 }));
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pairings = [];
const times = [];
for (let r = 1; r <= rounds; r++) {
  const t0 = performance.now();
  const step = nextStep('swiss', field, pairings, { rounds, open: true });
  times.push(performance.now() - t0);
  if (step.kind !== 'pair') break;
  for (const p of step.pairings) {
    const x = random();
    const score = p.players[1] === null ? [1, 0] : x < 0.45 ? [1, 0] : x < 0.9 ? [0, 1] : [0.5, 0.5];
    pairings.push({ round: r, players: p.players, result: { score } });
  }
}
const keys = pairings.filter((p) => p.players[1] !== null).map((p) => [...p.players].sort().join('-'));
console.log(
  `${n} entrants, ${times.length} rounds: ${times.map((t) => t.toFixed(0)).join(' ')} ms a round ` +
    `(max ${Math.max(...times).toFixed(0)}); ${keys.length - new Set(keys).size} repeated pairings`,
);
