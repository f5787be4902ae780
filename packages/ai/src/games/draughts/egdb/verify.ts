/**
 * Checks a slice against its successors, forward, with the rule set's generator (not the builder's un-moves): a
 * won position has a move to a position lost for the opponent, a lost one has only moves to won ones (or none), a
 * drawn one has no move to a lost position and one to a drawn position. The successors are read from the set,
 * so the slices are checked against each other too (a capture or crowning looks its value up in another slice).
 * Local consistency cannot tell a drawn cycle mislabelled as won from a real win; the unit tests compare the
 * builder with an independent fixpoint solver for that.
 *
 * A slice with distances to conversion is checked for those too: a draw has none (0); a won position's is one more
 * than its nearest lost successor's (a move leaving the slice counts 0 after it), a lost one's one more than its
 * farthest won successor's, and a position with no move has 0 (distances stop counting at `MAX_DISTANCE`).
 */
import { Engine, geometryOf, RULE_SETS } from '@tactica/draughts';
import { leavesSlice, loadIndexed, MAX_DISTANCE } from './build.js';
import { SliceIndex } from './material.js';
import { DRAW, LOSS, readValue, UNKNOWN, WIN, type Slice, type SliceSet } from './slices.js';

export interface VerifyReport {
  readonly positions: number;
  readonly errors: number;
  /** The first wrong entries, for the message. */
  readonly examples: readonly string[];
}

export function verifySlice(set: SliceSet, slice: Slice): VerifyReport {
  const rules = RULE_SETS[slice.rules];
  const g = geometryOf(rules.size);
  const e = new Engine(rules);
  // An index of its own: the set's lookups use the slice's scratch arrays while this one walks the positions.
  const x = new SliceIndex(slice.material, g.squares, g.half);
  const size = x.size;
  const words = new Int32Array(6);
  let errors = 0;
  const examples: string[] = [];
  const distances = slice.distances;
  const none = (): Uint8Array => new Uint8Array(0);
  for (let entry = 0; entry < 2 * size; entry++) {
    const side = entry < size ? 0 : 1;
    loadIndexed(e, x, entry - side * size, side, g.bitOf, words);
    const end = e.generate(0);
    let toLoss = false;
    let toDraw = false;
    let unknown = false;
    // The distance the successors give: the nearest lost one's (a win) and the farthest won one's (a loss), plus 1.
    let nearest = Infinity;
    let farthest = 0;
    for (let slot = 0; slot < end; slot++) {
      const leaves = leavesSlice(e, slot);
      e.make(slot);
      const v = set.value(e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi, e.side);
      const d = distances && !leaves ? set.distance(e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi, e.side, none) : 0;
      e.unmake(slot);
      const after = Math.min(MAX_DISTANCE, (d ?? MAX_DISTANCE) + 1);
      if (v === LOSS) {
        toLoss = true;
        nearest = Math.min(nearest, after);
      } else if (v === DRAW) toDraw = true;
      else if (v === UNKNOWN) unknown = true;
      else farthest = Math.max(farthest, after);
    }
    const value = readValue(slice.data, entry);
    const distance = distances?.[entry];
    const distanceOk =
      distance === undefined ||
      (value === WIN ? distance === nearest : value === LOSS ? distance === farthest : distance === 0);
    const ok =
      !unknown &&
      distanceOk &&
      (value === WIN ? toLoss : value === LOSS ? !toLoss && !toDraw : value === DRAW ? !toLoss && toDraw : false);
    if (!ok) {
      errors++;
      if (examples.length < 5)
        examples.push(
          `entry ${entry} (${side === 0 ? 'White' : 'Black'} to move): value ${value}` +
            (distance === undefined ? '' : `, distance ${distance}`),
        );
    }
  }
  return { positions: 2 * size, errors, examples };
}
