/**
 * Text for people: the board with its 00–99 square numbers, a status line, the movement check and the round
 * report. The board is drawn from an observation, so a screen can only ever show the viewer's own orders.
 *
 *        0  1  2  3  4  5  6  7  8  9
 *     0  c  a  c  c  a  f  c  c  a  c  0      a square's number is its row digit then its column digit:
 *     1  i  i  i  i  i  i  i  i  i  i  1      Player 1's flag is on 94
 *     …
 *     9  C  A  C  C  F  A  C  C  A  C  9
 *        0  1  2  3  4  5  6  7  8  9
 */
import { countOf, type Outcome, type Player } from '@tactica/core';
import {
  colOf,
  countPieces,
  homeRow,
  isHighGround,
  KIND_NAMES,
  rowOf,
  SIZE,
  squareAt,
  squareName,
  type Kind,
} from './board.js';
import { formatOrders } from './notation.js';
import type { TactorusObservation } from './observation.js';
import type { RoundReport } from './resolve.js';
import { ROUND_LIMIT, type Order, type Rules } from './state.js';

export interface RenderOptions {
  /** Board->Rotate: turn the board by 180 degrees (Player 2's side at the bottom). Square numbers stay. */
  readonly rotated?: boolean;
  /** An interface's colours (themes): given each square's text, gives it back as shown (the same width). */
  readonly paint?: (square: number, text: string) => string;
}

/**
 * The board as the viewer sees it. The viewer's ordered pieces carry a `>` and the squares they are ordered to a
 * `<`; with High Ground the empty centre squares show `:`; with Supply Lines the home rows are marked `=`.
 */
export function renderBoard(
  view: Pick<TactorusObservation, 'board' | 'rules'> & { readonly orders?: readonly Order[] },
  options: RenderOptions = {},
): string {
  const rotated = options.rotated ?? false;
  const from = new Set<number>();
  const to = new Set<number>();
  for (const o of view.orders ?? []) {
    from.add(o.from);
    to.add(o.to);
  }
  const order = Array.from({ length: SIZE }, (_, i) => (rotated ? SIZE - 1 - i : i));
  const header = `     ${order.map((c) => ` ${c} `).join('')}`;
  const lines = [header];
  for (const r of order) {
    const supply = view.rules.supplyLines && (r === homeRow(0) || r === homeRow(1)) ? '=' : ' ';
    let line = ` ${supply}${r}  `;
    for (const c of order) {
      const sq = squareAt(r, c);
      let ch = view.board[sq] as string;
      if (ch === '.' && view.rules.highGround && isHighGround(sq)) ch = ':';
      const mark = from.has(sq) ? '>' : to.has(sq) ? '<' : ' ';
      line += ` ${options.paint ? options.paint(sq, ch) : ch}${mark}`;
    }
    lines.push(`${line} ${r}${supply}`);
  }
  lines.push(header);
  return lines.map((l) => l.trimEnd()).join('\n');
}

/** A board of the square numbers themselves, for reference. */
export function renderNumbers(options: RenderOptions = {}): string {
  const rotated = options.rotated ?? false;
  const lines: string[] = [];
  for (let i = 0; i < SIZE; i++) {
    const r = rotated ? SIZE - 1 - i : i;
    const row: string[] = [];
    for (let j = 0; j < SIZE; j++) row.push(squareName(squareAt(r, rotated ? SIZE - 1 - j : j)));
    lines.push(`  ${row.join(' ')}`);
  }
  return lines.join('\n');
}

export function describeRules(rules: Rules): string {
  const on = [rules.chain && 'Chain moves', rules.supplyLines && 'Supply Lines', rules.highGround && 'High Ground'];
  const names = on.filter((x): x is string => typeof x === 'string');
  return names.length ? names.join(', ') : 'basic rules';
}

function pieceSummary(board: string, p: Player): string {
  const n = countPieces(board, p);
  return `${countOf(n.total, 'piece')} (${n.I} infantry, ${n.C} cavalry, ${n.A} artillery)`;
}

/** One line under the board: the round, the rules, both armies, and the viewer's orders against the allowance. */
export function statusLine(obs: TactorusObservation): string {
  const round = obs.outcome ? `after round ${obs.round}` : `round ${obs.round + 1} of ${ROUND_LIMIT}`;
  const parts = [
    `${round[0]?.toUpperCase()}${round.slice(1)}`,
    describeRules(obs.rules),
    `Player 1: ${pieceSummary(obs.board, 0)}`,
    `Player 2: ${pieceSummary(obs.board, 1)}`,
  ];
  return parts.join(' · ');
}

/** The viewer's orders against the round's allowance. */
export function ordersLine(obs: TactorusObservation): string {
  return `Your orders (${obs.orders.length} of ${obs.allowance}): ${formatOrders(obs.orders)}`;
}

export function describeOutcome(o: Outcome): string {
  const why: Record<string, string> = {
    'flag-captured': 'the enemy flag is captured',
    'both-flags-captured': 'both flags were captured in the same round',
    'flags-met': 'one flag captured the other',
    'no-infantry': 'both sides have lost all their infantry',
    'round-limit': `round ${ROUND_LIMIT} is over (the side with more infantry wins)`,
    resigned: 'resignation',
    agreed: 'agreed',
  };
  const reason = why[o.reason] ?? o.reason.replace(/-/g, ' ');
  return o.kind === 'win' ? `Player ${o.winner + 1} wins: ${reason}.` : `A tie: ${reason}.`;
}

/** The manual's Movement Check: both players' orders, shown once both are done, before the round is carried out. */
export function movementCheck(round: number, orders: readonly [readonly Order[], readonly Order[]]): string {
  return [
    `Movement check, round ${round}:`,
    `  Player 1: ${formatOrders(orders[0])}`,
    `  Player 2: ${formatOrders(orders[1])}`,
  ].join('\n');
}

function piece(p: Player, k: Kind): string {
  return `Player ${p + 1}'s ${KIND_NAMES[k]}`;
}

/** The round report: what met where, who was removed, what the elimination stage took, and the result. */
export function describeRound(report: RoundReport): string {
  const lines = [`Round ${report.round}:`];
  lines.push(`  Player 1 ordered: ${formatOrders(report.orders[0])}`);
  lines.push(`  Player 2 ordered: ${formatOrders(report.orders[1])}`);
  if (report.meetings.length === 0) lines.push('  No pieces met.');
  for (const m of report.meetings) {
    const [k1, k2] = m.kinds;
    const came = (p: Player): string => {
      const from = m.from[p];
      return from === m.square ? 'standing' : `from ${squareName(from)}`;
    };
    const outcome =
      m.survivor === undefined
        ? 'both are removed'
        : `${piece(m.survivor === 0 ? 1 : 0, m.survivor === 0 ? k2 : k1)} is removed`;
    lines.push(
      `  Met on ${squareName(m.square)}: ${piece(0, k1)} (${came(0)}) and ${piece(1, k2)} (${came(1)}): ${outcome}.`,
    );
  }
  if (report.eliminated.length === 0) lines.push('  Nothing was eliminated.');
  for (const e of report.eliminated) {
    lines.push(
      `  Eliminated: ${piece(e.player, e.kind)} on ${squareName(e.square)} (next to ${e.by.map(squareName).join(', ')}).`,
    );
  }
  if (report.outcome) lines.push(`  ${describeOutcome(report.outcome)}`);
  return lines.join('\n');
}

/** Where a square is, in words (for help texts): `84 (row 8, column 4)`. */
export function describeSquare(sq: number): string {
  return `${squareName(sq)} (row ${rowOf(sq)}, column ${colOf(sq)})`;
}
