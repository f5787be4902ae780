/**
 * The board's lines as occupancy bits, so "how far is the first man along this ray" is a bit scan instead of a walk.
 * Each square lies on four lines (file, rank and two diagonals, one per pair of opposite directions), at a position
 * along each that grows in directions 4–7 and shrinks in directions 0–3. The king's room asks it for every square the
 * king could reach; the evaluation, for every man's eight rays, spells the same scan out inline over its own copies
 * of these tables (a call costs it 2% even inlined; V8 compiles a module's own unexported constant arrays into
 * optimised code, not imported ones).
 *
 *   markLines(engine.owner, occupancy)          // occupancy: Int32Array(LINE_COUNT), one bit per man
 *   const open = openAlong(occupancy, sq, d, RAY_LENGTH[sq * 8 + d])
 *   sq + (open + 1) * STEP[d]                   // the first man's square, when open < the ray's length
 */
import { DIRECTIONS, RAY_LENGTH, RAY_START, RAYS, SIZE, SQUARES } from './board.js';

/** Per square and orientation (`sq * 4 + (d & 3)`): the line it lies on. */
const lineOf = new Int8Array(SQUARES * 4);
/** Per square and orientation: its position along that line (bit index in the line's occupancy). */
const positionOnLine = new Int8Array(SQUARES * 4);
export const LINE_OF: Int8Array = lineOf;
export const POSITION_ON_LINE: Int8Array = positionOnLine;
/** The square number's change for one step in each direction (squares are `rank * 10 + file`). */
export const STEP = Int8Array.from(DIRECTIONS, ([file, rank]) => rank * SIZE + file);
export const LINE_COUNT = numberLines();

function numberLines(): number {
  let count = 0;
  for (let o = 0; o < 4; o++) {
    const seen = new Uint8Array(SQUARES);
    for (let sq = 0; sq < SQUARES; sq++) {
      if (seen[sq] === 1) continue;
      // Walk back to the line's first square (direction o), then forward (direction o + 4) numbering its squares.
      let first = sq;
      while ((RAY_LENGTH[first * 8 + o] as number) > 0) first = RAYS[RAY_START[first * 8 + o] as number] as number;
      let at = first;
      for (let position = 0; ; position++) {
        lineOf[at * 4 + o] = count;
        positionOnLine[at * 4 + o] = position;
        seen[at] = 1;
        if ((RAY_LENGTH[at * 8 + o + 4] as number) === 0) break;
        at = RAYS[RAY_START[at * 8 + o + 4] as number] as number;
      }
      count++;
    }
  }
  return count;
}

/** Sets `occupancy` (LINE_COUNT entries) to the men on the board: bit i of a line for its square at position i. */
export function markLines(owner: Int8Array, occupancy: Int32Array): void {
  occupancy.fill(0);
  for (let sq = 0; sq < SQUARES; sq++) {
    if ((owner[sq] as number) === -1) continue;
    for (let o = 0; o < 4; o++) {
      const line = lineOf[sq * 4 + o] as number;
      occupancy[line] = (occupancy[line] as number) | (1 << (positionOnLine[sq * 4 + o] as number));
    }
  }
}

/**
 * The open squares from `sq` in direction `d` before the first man, or `full` (the ray's length) when there is none:
 * the nearest occupancy bit beyond `sq`'s position on the line. Small enough for the optimiser to inline, and it reads
 * this module's own tables.
 */
export function openAlong(occupancy: Int32Array, sq: number, d: number, full: number): number {
  const o = d & 3;
  const bits = occupancy[lineOf[sq * 4 + o] as number] as number;
  const position = positionOnLine[sq * 4 + o] as number;
  if (d >= 4) {
    const beyond = bits >>> (position + 1);
    return beyond === 0 ? full : 31 - Math.clz32(beyond & -beyond);
  }
  const before = bits & ((1 << position) - 1);
  return before === 0 ? full : position - 1 - (31 - Math.clz32(before));
}
