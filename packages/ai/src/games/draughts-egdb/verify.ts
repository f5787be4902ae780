/**
 * Checks a slice against its successors, forward, with the rule set's generator (not the builder's un-moves): a
 * won position has a move to a position lost for the opponent, a lost one has only moves to won ones (or none), a
 * drawn one has no move to a lost position and one to a drawn position. The successors are read from the set,
 * so the slices are checked against each other too (a capture or crowning looks its value up in another slice).
 * Local consistency cannot tell a drawn cycle mislabelled as won from a real win; the unit tests compare the
 * builder with an independent fixpoint solver for that.
 */
import { Engine, geometryOf, RULE_SETS } from '@tactica/draughts';
import { loadIndexed } from './build.js';
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
  for (let entry = 0; entry < 2 * size; entry++) {
    const side = entry < size ? 0 : 1;
    loadIndexed(e, x, entry - side * size, side, g.bitOf, words);
    const end = e.generate(0);
    let toLoss = false;
    let toDraw = false;
    let unknown = false;
    for (let slot = 0; slot < end; slot++) {
      e.make(slot);
      const v = set.value(e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi, e.side);
      e.unmake(slot);
      if (v === LOSS) toLoss = true;
      else if (v === DRAW) toDraw = true;
      else if (v === UNKNOWN) unknown = true;
    }
    const value = readValue(slice.data, entry);
    const ok =
      !unknown &&
      (value === WIN ? toLoss : value === LOSS ? !toLoss && !toDraw : value === DRAW ? !toLoss && toDraw : false);
    if (!ok) {
      errors++;
      if (examples.length < 5)
        examples.push(`entry ${entry} (${side === 0 ? 'White' : 'Black'} to move): value ${value}`);
    }
  }
  return { positions: 2 * size, errors, examples };
}
