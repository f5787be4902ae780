/**
 * A king's room: how many squares he could move to next turn and not be taken there at once. In an ending the
 * stronger side wins by shutting the enemy king in (with few men on the board he escapes along open lines, and a
 * search a few plies deep sees no capture coming until the net is nearly closed), so the strongest level counts the
 * room each king has left **(ours)**. Pure reads of a `Force400Engine` (it lifts the king off his square while it
 * looks, and puts him back); nothing here allocates.
 *
 *   kingRoom(engine, engine.kingSquare[1], 12)   // up to 12: Black's king's safe destinations
 */
import * as board from './board.js';
import type { Force400Engine } from './engine.js';
import * as lines from './lines.js';

// Module-local copies of the board's tables (see evaluate.ts: V8 compiles only a module's own unexported constant
// arrays into optimised code).
const RAY_LENGTH = board.RAY_LENGTH.slice();
const RAY_START = board.RAY_START.slice();
const RAYS = board.RAYS.slice();
const STEP = lines.STEP.slice();
/** The men's line occupancy with the king lifted off (scratch). */
const occupancy = new Int32Array(lines.LINE_COUNT);

/**
 * The squares the king on `king` could move to (a short move keeps his force, a long one costs a unit, a capture
 * leaves him the difference) where no enemy man could take him with the next move, counted up to `cap`. The lines
 * through his own square are open while he looks: he would not stand there any more.
 */
export function kingRoom(e: Force400Engine, king: number, cap: number): number {
  const owner = e.owner;
  const force = e.force;
  const side = owner[king] as number;
  if (side === -1) return 0;
  const hunter = side === 0 ? 1 : 0;
  const kingForce = force[king] as number;
  owner[king] = -1;
  lines.markLines(owner, occupancy);
  let room = 0;
  for (let d = 0; d < 8 && room < cap; d++) {
    const start = RAY_START[king * 8 + d] as number;
    const full = RAY_LENGTH[king * 8 + d] as number;
    const len = kingForce === 0 && full > 1 ? 1 : full;
    for (let k = 0; k < len && room < cap; k++) {
      const t = RAYS[start + k] as number;
      const o = owner[t] as number;
      if (o === side) break;
      const arrives = k === 0 ? kingForce : kingForce - 1;
      if (o === hunter) {
        const left = arrives - (force[t] as number);
        if (left > 0 && !attackedAbove(owner, force, t, hunter, left)) room++;
        break;
      }
      if (!attackedAbove(owner, force, t, hunter, arrives)) room++;
    }
  }
  owner[king] = side;
  return room;
}

/**
 * Whether one of `hunter`'s men could arrive on `sq` next move with more than `threshold` (`strongestAttack(e, sq,
 * hunter) > threshold`, for a threshold of 0 or more), finding the first man along each line by a bit scan of
 * `occupancy` rather than a walk: the king's room asks it for up to a few dozen squares per position.
 */
function attackedAbove(owner: Int8Array, force: Uint8Array, sq: number, hunter: number, threshold: number): boolean {
  for (let d = 0; d < 8; d++) {
    const full = RAY_LENGTH[sq * 8 + d] as number;
    if (full === 0) continue;
    const open = lines.openAlong(occupancy, sq, d, full);
    if (open === full) continue;
    const man = sq + (open + 1) * (STEP[d] as number);
    if (owner[man] !== hunter) continue;
    // A long move arrives with one unit less; a zero-force man makes short moves only (-1 here never wins).
    const f = force[man] as number;
    if ((open === 0 ? f : f - 1) > threshold) return true;
  }
  return false;
}
