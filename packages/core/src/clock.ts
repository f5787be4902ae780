import { opponent, type Player } from './player.js';

/**
 * Game clocks as the Draughts Galore manual defines them (section 3.2.2), usable by every game:
 * - per move: each move has its own allowance; running out means a random legal move is played for you;
 * - per game: each player has one allowance for the whole game; running out loses;
 * - limits off (time shown only), normal, blitz; the computer's limits are 1.5 times shorter.
 * Pure and time-injected: every function takes `now` in milliseconds.
 */
export const TIME_MODES = ['move', 'game'] as const;
export type TimeMode = (typeof TIME_MODES)[number];
export const TIME_LIMITS = ['off', 'normal', 'blitz'] as const;
export type TimeLimit = (typeof TIME_LIMITS)[number];

export interface TimeControl {
  readonly mode: TimeMode;
  readonly limit: TimeLimit;
  /**
   * Per game only: time added to a player's allowance for each move they have made (Fischer's increment, ours:
   * the manual has none). 0 or absent: none.
   */
  readonly incrementMs?: number;
  /** Seats played by the computer get 1.5 times less time (manual 3.2.2). */
  readonly computer: readonly [boolean, boolean];
}

const MINUTE = 60_000;
/** Manual 3.2.2: per move 5 min (1 min with a single legal move), blitz 10 s (2 s). */
const PER_MOVE = { normal: [5 * MINUTE, MINUTE], blitz: [10_000, 2_000] } as const;
/** Manual 3.2.2: per game 30 min, blitz 6 min. */
const PER_GAME = { normal: 30 * MINUTE, blitz: 6 * MINUTE } as const;
const COMPUTER_FACTOR = 1.5;

export interface ClockState {
  readonly control: TimeControl;
  /** Time used by each player over the whole game, in ms (shown after the game in every mode). */
  readonly used: readonly [number, number];
  /** Per game with an increment: the time each player's moves on the line have earned (derived from the line). */
  readonly credit?: readonly [number, number];
  /** Whose clock runs, and since when; undefined while stopped. */
  readonly running?: { readonly player: Player; readonly since: number; readonly singleMove: boolean };
}

export function startClock(control: TimeControl): ClockState {
  return { control, used: [0, 0] };
}

/** The allowance for one move (per-move mode) or the whole game (per-game mode); Infinity when limits are off. */
export function allowance(control: TimeControl, player: Player, singleMove = false): number {
  if (control.limit === 'off') return Infinity;
  const base = control.mode === 'move' ? PER_MOVE[control.limit][singleMove ? 1 : 0] : PER_GAME[control.limit];
  return control.computer[player] ? base / COMPUTER_FACTOR : base;
}

/** Starts `player`'s turn; `singleMove` when only one move is legal (a shorter per-move allowance). */
export function startTurn(clock: ClockState, player: Player, now: number, singleMove = false): ClockState {
  return { ...stopClock(clock, now), running: { player, since: now, singleMove } };
}

/** Stops the running clock, adding the elapsed time to that player's total. */
export function stopClock(clock: ClockState, now: number): ClockState {
  if (!clock.running) return clock;
  const { player, since } = clock.running;
  const used: [number, number] = [clock.used[0], clock.used[1]];
  used[player] += Math.max(0, now - since);
  return clock.credit ? { control: clock.control, used, credit: clock.credit } : { control: clock.control, used };
}

/** Ends the running turn and starts the opponent's. */
export function switchTurn(clock: ClockState, now: number, nextSingleMove = false): ClockState {
  const player = clock.running?.player;
  if (player === undefined) return clock;
  return startTurn(clock, opponent(player), now, nextSingleMove);
}

/** Time left for the running move (per move) or game (per game); Infinity when limits are off. */
export function timeLeft(clock: ClockState, player: Player, now: number): number {
  const { control } = clock;
  const running = clock.running?.player === player ? clock.running : undefined;
  const elapsed = running ? Math.max(0, now - running.since) : 0;
  if (control.mode === 'move') {
    return allowance(control, player, running?.singleMove ?? false) - (running ? elapsed : 0);
  }
  return allowance(control, player) + (clock.credit?.[player] ?? 0) - clock.used[player] - elapsed;
}

/** The longest increment a clock takes: a minute a move. */
export const MAX_INCREMENT_MS = 60_000;

/**
 * What running out of time means now: `random-move` (per move: a random legal move is played), `loss` (per game),
 * or undefined while time remains.
 */
export function timeout(
  clock: ClockState,
  now: number,
): { player: Player; consequence: 'random-move' | 'loss' } | undefined {
  const running = clock.running;
  if (!running || clock.control.limit === 'off') return undefined;
  if (timeLeft(clock, running.player, now) > 0) return undefined;
  return { player: running.player, consequence: clock.control.mode === 'move' ? 'random-move' : 'loss' };
}

/** Blitz forbids takeback (manual 3.3.3). */
export function takebackAllowed(control: TimeControl): boolean {
  return control.limit !== 'blitz';
}

/** `m:ss` (or `h:mm:ss`), for status lines; `--` for no limit. */
export function formatClock(ms: number): string {
  if (!Number.isFinite(ms)) return '--';
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0
    ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`
    : `${m}:${String(s).padStart(2, '0')}`;
}
