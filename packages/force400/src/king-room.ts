/**
 * A king's room: how many squares he could move to next turn and not be taken there at once. In an ending the
 * stronger side wins by shutting the enemy king in (with few men on the board he escapes along open lines, and a
 * search a few plies deep sees no capture coming until the net is nearly closed), so the strongest level counts the
 * room each king has left **(ours)**. Pure reads of a `Force400Engine` (it lifts the king off his square while it
 * looks, and puts him back); nothing here allocates.
 *
 *   kingRoom(engine, engine.kingSquare[1], 12)   // up to 12: Black's king's safe destinations
 */
import { RAY_LENGTH, RAY_START, RAYS } from './board.js';
import { strongestAttack } from './attacks.js';
import type { Force400Engine } from './engine.js';

/**
 * The squares the king on `king` could move to (a short move keeps his force, a long one costs a unit, a capture
 * leaves him the difference) where no enemy man could take him with the next move, counted up to `cap`. The lines
 * through his own square are open while he looks: he would not stand there any more.
 */
export function kingRoom(e: Force400Engine, king: number, cap: number): number {
  const side = e.owner[king] as number;
  if (side === -1) return 0;
  const hunter = side === 0 ? 1 : 0;
  const kingForce = e.force[king] as number;
  e.owner[king] = -1;
  let room = 0;
  for (let d = 0; d < 8 && room < cap; d++) {
    const start = RAY_START[king * 8 + d] as number;
    const len =
      kingForce === 0 ? Math.min(1, RAY_LENGTH[king * 8 + d] as number) : (RAY_LENGTH[king * 8 + d] as number);
    for (let k = 0; k < len && room < cap; k++) {
      const t = RAYS[start + k] as number;
      const o = e.owner[t] as number;
      if (o === side) break;
      const arrives = k === 0 ? kingForce : kingForce - 1;
      if (o === hunter) {
        const left = arrives - (e.force[t] as number);
        if (left > 0 && strongestAttack(e, t, hunter) <= left) room++;
        break;
      }
      if (strongestAttack(e, t, hunter) <= arrives) room++;
    }
  }
  e.owner[king] = side;
  return room;
}
