/**
 * The public, immutable position: a plain value (survives JSON and structured clone) that the contract passes
 * around. Rules run in a `Force400Engine`; `loadEngine` and `readEngine` convert between the two.
 */
import { win, type Outcome, type Player } from '@tactica/core';
import { isHomeRank, SQUARES } from './board.js';
import { Force400Engine, NEVER, PLAYING } from './engine.js';
import { RECHARGE_TURNS } from './rules.js';

export interface Man {
  readonly side: Player;
  readonly force: number;
  readonly king: boolean;
  /**
   * Recharge counter: how many more of his own side's turns must begin before he may recharge again (0–2; 0 means
   * eligible). Always 0 for a man standing on rank 0 or 9, who cannot recharge by moving from there.
   */
  readonly wait: number;
}

export interface Force400State {
  /** 100 squares, index `rank * 10 + file` (A0 = 0, J0 = 9, A1 = 10 … J9 = 99); null where empty. */
  readonly board: readonly (Man | null)[];
  readonly toMove: Player;
  /** The move number shown in the record: White's and Black's Nth turns are both in move N. */
  readonly moveNumber: number;
  /** How the game ended (king captured, resignation, agreed draw), or null while it goes on. */
  readonly ended: Outcome | null;
}

/** Loads a position into an engine (a fresh one unless given). */
export function loadEngine(s: Force400State, engine = new Force400Engine()): Force400Engine {
  engine.clear();
  engine.side = s.toMove;
  engine.moveNumber = s.moveNumber;
  for (let sq = 0; sq < SQUARES; sq++) {
    const m = s.board[sq];
    if (!m) continue;
    const next = engine.nextTurnOf(m.side);
    // wait w means he began his side's turn (next - 3 + w) on rank 0/9.
    const left = m.wait > 0 && !isHomeRank(sq) ? next - RECHARGE_TURNS + m.wait : NEVER;
    engine.place(sq, m.side, m.force, m.king, left);
  }
  if (s.ended?.kind === 'win' && s.ended.reason === 'king-captured') engine.winner = s.ended.winner;
  else if (engine.kingSquare[0] === -1 && engine.kingSquare[1] !== -1) engine.winner = 1;
  else if (engine.kingSquare[1] === -1 && engine.kingSquare[0] !== -1) engine.winner = 0;
  return engine;
}

/** Reads an engine's position back as an immutable state (canonical: equal positions give equal states). */
export function readEngine(engine: Force400Engine, ended: Outcome | null = null): Force400State {
  const board: (Man | null)[] = new Array<Man | null>(SQUARES).fill(null);
  for (let sq = 0; sq < SQUARES; sq++) {
    const side = engine.owner[sq] as number;
    if (side === -1) continue;
    const p = side as Player;
    board[sq] = {
      side: p,
      force: engine.force[sq] as number,
      king: engine.king[sq] === 1,
      wait: isHomeRank(sq) ? 0 : waitOf(engine.nextTurnOf(p), engine.left[sq] as number),
    };
  }
  const over = ended ?? (engine.winner === PLAYING ? null : win(engine.winner as Player, 'king-captured'));
  return { board, toMove: engine.side, moveNumber: engine.moveNumber, ended: over };
}

function waitOf(nextTurn: number, left: number): number {
  const w = RECHARGE_TURNS - (nextTurn - left);
  return w > 0 ? w : 0;
}

/**
 * True when the man on `sq` would gain the recharge by moving onto rank 0 or 9 (and surviving any combat there) on
 * his side's next turn — the current one for the side to move (manual, "Recharge"): he stands off those ranks, and
 * his recharge counter has run out. False for an empty square.
 */
export function mayRecharge(s: Force400State, sq: number): boolean {
  const m = s.board[sq];
  return m !== null && m !== undefined && m.wait === 0 && !isHomeRank(sq);
}

/** The square of `side`'s king, or -1 once it has fallen. */
export function kingSquareOf(s: Force400State, side: Player): number {
  return s.board.findIndex((m) => m !== null && m.side === side && m.king);
}
