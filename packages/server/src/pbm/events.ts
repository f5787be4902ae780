/**
 * What the last change did, in words, for a board mail (issue 40: Force 400 and Tactorus mails never said what a
 * combat did, and Tactrix! mails never showed the chips). Read from the positions before and after — the games'
 * own states — so no rule is copied here: a Force 400 combat is told by who stands on the square afterwards, a
 * Tactorus round by the pieces each side has fewer of.
 */
import { current, roundLineRules, stateAt, type Player } from '@tactica/core';
import type { Force400State } from '@tactica/force400';
import type { TactrixState } from '@tactica/tactrix';
import type { LiveGame } from '../games/live-game.js';

const FORCE400_FILES = 'ABCDEFGHIJ';
const TACTORUS_KINDS: Readonly<Record<string, string>> = {
  F: 'flag',
  A: 'artillery',
  C: 'cavalry',
  I: 'infantry',
};

function force400Square(sq: number): string {
  return `${FORCE400_FILES[sq % 10] ?? '?'}${Math.floor(sq / 10)}`;
}

/** The combat of the last Force 400 move, if it had one: the square where an enemy man stood before it. */
function force400Combat(before: Force400State, after: Force400State, name: (p: Player) => string): string | undefined {
  const mover = before.toMove;
  const from = before.board.findIndex((m, sq) => m?.side === mover && after.board[sq] === null);
  if (from < 0) return undefined;
  const to = before.board.findIndex((m, sq) => {
    const now = after.board[sq];
    return m !== null && m.side !== mover && (!now || now.side !== m.side || now.force !== m.force);
  });
  if (to < 0) return undefined;
  const attacker = before.board[from];
  const defender = before.board[to];
  const now = after.board[to];
  if (!attacker || !defender) return undefined;
  const at = `Combat on ${force400Square(to)}: ${name(mover)}'s man of force ${attacker.force} attacked ${name(defender.side)}'s of force ${defender.force}`;
  if (!now) return `${at}; both fell.`;
  if (now.side === mover) return `${at} and won; it stands there at force ${now.force}.`;
  return `${at} and lost; the defender stands at force ${now.force}.`;
}

/** Pieces of each kind a Tactorus side has on a board. */
function tactorusCounts(board: string, p: Player): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of board) {
    if (c === '.') continue;
    const upper = c.toUpperCase();
    if ((c === upper) !== (p === 0)) continue;
    counts.set(upper, (counts.get(upper) ?? 0) + 1);
  }
  return counts;
}

/** The losses of a Tactorus round, side by side. */
function tactorusLosses(before: string, after: string, round: number, name: (p: Player) => string): string {
  const side = (p: Player): string => {
    const was = tactorusCounts(before, p);
    const is = tactorusCounts(after, p);
    const lost = [...was].flatMap(([k, n]) => {
      const gone = n - (is.get(k) ?? 0);
      return gone > 0 ? [`${gone} ${TACTORUS_KINDS[k] ?? k}`] : [];
    });
    return `${name(p)} lost ${lost.length > 0 ? lost.join(', ') : 'nothing'}`;
  };
  return `Round ${round} was carried out: ${side(0)}; ${side(1)}.`;
}

/** A line on what the game's last move or round did, where the board alone does not say it; else undefined. */
export function lastChangeText(game: LiveGame, name: (p: Player) => string): string | undefined {
  const r = game.restored;
  if (r.dynamics === 'sequential') {
    const h = r.session.history;
    if (game.family !== 'force400' || h.cursor === 0) return undefined;
    const before = stateAt(r.setup.game, h, h.cursor - 1) as Force400State;
    return force400Combat(before, current(h) as Force400State, name);
  }
  // Only when the round has just been carried out (nobody's orders of the next one are in yet).
  if (r.session.submitted(0) || r.session.submitted(1)) return undefined;
  const line = r.session.state.line;
  const last = line.moves[line.cursor - 1];
  if (line.cursor === 0 || last?.kind !== 'round') return undefined;
  const board = (s: unknown): string => (s as { board: string }).board;
  return tactorusLosses(
    board(stateAt(roundLineRules(r.setup.game), line, line.cursor - 1)),
    board(current(line)),
    r.session.round - 1,
    name,
  );
}

/** `Chips: White 5, Black 7.` under a Tactrix! board: the balances the board does not show. */
export function chipsText(state: unknown, seatName: (p: Player) => string): string {
  const s = state as TactrixState;
  return `Chips held: ${seatName(0)} ${s.balance[0]}, ${seatName(1)} ${s.balance[1]}.`;
}
