/**
 * Test material for the draughts networks (network.test.ts, network-wasm.test.ts): positions along seeded random
 * games and seeded random networks, each named by its seed so that every test file keeps its own.
 */
import { createRng } from '@tactica/core';
import { draughtsGame, type Position, type VariantId } from '@tactica/draughts';
import { DraughtsNetwork, networkSize } from './games/draughts/network.js';
import { randomOpening } from './match.js';

/** Positions along seeded random games (random walks from two-ply openings), kings included; `seed` names them. */
export function randomWalkPositions(variant: VariantId, count: number, seed: string): Position[] {
  const game = draughtsGame(variant);
  const out: Position[] = [];
  for (let g = 0; out.length < count; g++) {
    const rng = createRng(`${seed}-${variant}-${g}`);
    let s = randomOpening(game, rng.next(), 2);
    while (!game.outcome(s) && out.length < count) {
      out.push(s.position);
      s = game.play(s, rng.pick(game.legalMoves(s)));
    }
  }
  return out;
}

/** A network of `hidden` units with seeded random weights (`seed` names them), output weights at a fitted scale. */
export function randomNetwork(size: 8 | 10, hidden: number, seed: string): DraughtsNetwork {
  const squares = (size * size) / 2;
  const rng = createRng(`${seed}-${size}-${hidden}`);
  const values = Float32Array.from({ length: networkSize(squares, hidden) }, () => rng.float() - 0.5);
  // Output weights in hundredths of a man, as a fitted network has them.
  for (let k = 4 * squares * hidden + hidden; k < values.length; k++) values[k] = (values[k] as number) * 200;
  return new DraughtsNetwork(size, hidden, values);
}
