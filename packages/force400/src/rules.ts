/**
 * The arithmetic of Force 400, as small pure functions (manual, "Basics of Play"). The engine inlines the same
 * formulas on its hot path; the tests check both against each other.
 */

/** "In no case, however, can a man have a force level greater than 99." Anything above is lost **(ours: clamp)**. */
export const MAX_FORCE = 99;

/** Every man starts with 10 units: 20 men a side, 400 units in all. */
export const START_FORCE = 10;

/** "Recharge … 10 units in addition to his current level." */
export const RECHARGE = 10;

/** "If and only if he has not been on either of those ranks for three turns." */
export const RECHARGE_TURNS = 3;

/** "Abdication costs two force units to the old king; a king weaker than force level 2 cannot abdicate." */
export const ABDICATION_COST = 2;

/** "The long move … costs one force unit to make." */
export const LONG_MOVE_COST = 1;

/** Adds force to a man, losing whatever would pass 99. */
export function clampForce(force: number): number {
  return force > MAX_FORCE ? MAX_FORCE : force;
}

/**
 * What arrives when `sent` units are transferred: "a transmission loss — one unit out of every five, unfavorably
 * rounded", i.e. the loss is ⌈sent / 5⌉ (10 → 8, 16 → 12, 20 → 16, 1 → 0).
 */
export function transferReceived(sent: number): number {
  return sent - Math.ceil(sent / 5);
}

/**
 * The receiver's force after a transfer of `sent` units: what arrives after the transmission loss, then the 99 cap
 * (a UI asking "how many units?" shows what each amount would leave him with).
 */
export function forceAfterTransfer(receiver: number, sent: number): number {
  return clampForce(receiver + transferReceived(sent));
}

export interface CombatResult {
  /** True when the attacker wins and takes the square. */
  readonly attackerWins: boolean;
  /** The winner's force after combat. */
  readonly winnerForce: number;
}

/**
 * Combat (manual, "Combat and capture"): "The man with the greater force level wins … with the defending man winning
 * when force levels are equal — but the winner's level of force is diminished by as many units as the loser had."
 * `attacker` is the attacker's force after any long-move cost.
 */
export function combat(attacker: number, defender: number): CombatResult {
  return attacker > defender
    ? { attackerWins: true, winnerForce: attacker - defender }
    : { attackerWins: false, winnerForce: defender - attacker };
}
