/** Seeded random games for the PDN tests: legal by construction, in any rule set, from any reachable position. */
import { createRng } from '@tactica/core';
import { draughtsGame } from '../game.js';
import type { DraughtsMove } from '../moves.js';
import type { Position } from '../position.js';
import type { VariantId } from '../rules.js';
import type { PdnComment, PdnGame, PdnTag } from './reader.js';
import { PDN_RESULTS } from './game-type.js';

export interface RandomGameOptions {
  readonly variant: VariantId;
  readonly giveaway?: boolean;
  readonly seed: number;
  readonly maxPlies?: number;
  /** Plies played before the record starts (the record then starts from that position, with a FEN tag). */
  readonly skip?: number;
  readonly comments?: boolean;
}

const WORDS = ['good', 'a trap!', 'forced', 'x', '32-28?', '(sic)', '1-0', 'Ж', 'end', 'a;b', '[tag]', '"q"'];

export function randomGame(o: RandomGameOptions): PdnGame {
  const rng = createRng(o.seed);
  const game = draughtsGame(o.variant, { giveaway: o.giveaway ?? false });
  let s = game.initial();
  const skip = o.skip ?? 0;
  for (let k = 0; k < skip && !game.outcome(s); k++) s = game.play(s, rng.pick(game.legalMoves(s)));
  const start: Position = s.position;
  s = game.fromPosition(start);
  const moves: DraughtsMove[] = [];
  const comments: PdnComment[] = [];
  const max = o.maxPlies ?? 60;
  if (o.comments && rng.int(2) === 0) comments.push({ ply: 0, text: rng.pick(WORDS) });
  while (!game.outcome(s) && moves.length < max) {
    const m = rng.pick(game.legalMoves(s));
    moves.push(m);
    s = game.play(s, m);
    if (o.comments && rng.int(4) === 0) {
      const n = 1 + rng.int(3);
      comments.push({ ply: moves.length, text: Array.from({ length: n }, () => rng.pick(WORDS)).join(' ') });
    }
  }
  const tags: PdnTag[] = [
    { name: 'Event', value: `Random ${o.seed}` },
    { name: 'White', value: 'Wit, "A."' },
    { name: 'Black', value: 'Zwart \\ B.' },
  ];
  if (rng.int(2) === 0) tags.push({ name: 'Annotator', value: 'tactica' });
  return {
    variant: o.variant,
    giveaway: o.giveaway ?? false,
    tags,
    start,
    moves,
    comments,
    result: rng.pick(PDN_RESULTS),
  };
}
