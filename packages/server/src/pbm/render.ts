/**
 * Mails as pbmserv wrote them, rendered for one recipient: Subject `<Game> Board <N> <player to move>`, then the
 * summary, the move list in player columns, the board as text, the comment that came with the move, and the
 * timing block. A Tactorus player sees their own orders of the round in progress and `???` for the other side's.
 *
 * **The move number `#N` (ours, precisely):** in a game of moves it is the number the next move will have in the
 * move list, the plies played so far plus one (`History.cursor + 1`: each player's move counts, so White's first is
 * #1 and Black's reply #2); in Tactorus it is the round being ordered (the catalogue status's `moveNumber`,
 * rounds played plus one). A command that carries `#N` is carried out only while N is still the next move number.
 */
import { lineStates, moveText, reasonWords, type Player } from '@tactica/core';
import {
  GAME_LISTINGS,
  byKind,
  playsInRounds,
  turnNumber,
  type GameFamily,
  type RoundPlay,
  type SequentialPlay,
} from '@tactica/catalogue';
import { DAY_MS } from '../games/control.js';
import { playersToAct, type LiveGame } from '../games/live-game.js';
import { deadlineOf } from '../games/service.js';
import { boardText } from './boards.js';
import { lastChangeText } from './events.js';

export interface MailText {
  readonly subject: string;
  readonly text: string;
}

/** `1 day`, `3 days`: a count and its noun, singular or plural. */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function gameName(family: GameFamily | string): string {
  return GAME_LISTINGS.find((l) => l.family === family)?.name ?? family;
}

/** The next move number of a game (see the module comment). */
export function nextMoveNumber(game: LiveGame): number {
  return turnNumber(game.restored);
}

export function playerName(game: LiveGame, p: Player): string {
  return game.users[p]?.name ?? `computer (${game.levels[p] ?? '?'})`;
}

function seatName(game: LiveGame, p: Player): string {
  return game.restored.setup.game.info.players[p];
}

/** `Tactics Board 105 bob`: who is to act, or `Game Over`. */
export function gameSubject(game: LiveGame): string {
  const toAct = playersToAct(game);
  const who = game.finished || toAct.length === 0 ? 'Game Over' : toAct.map((p) => playerName(game, p)).join(' ');
  return `${gameName(game.family)} Board ${game.id} ${who}`;
}

export function formatTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Cells laid out in two player columns, each wrapped to its width. */
function columns(head: readonly [string, string], rows: readonly (readonly [string, string, string])[]): string {
  const label = Math.max(4, ...rows.map((r) => r[0].length));
  const width = 34;
  const wrap = (text: string): string[] => {
    const out: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      if (line && line.length + 1 + word.length > width) {
        out.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    out.push(line);
    return out;
  };
  const lines = [`${''.padEnd(label)}  ${head[0].padEnd(width)}  ${head[1]}`.trimEnd()];
  for (const [l, a, b] of rows) {
    const left = wrap(a);
    const right = wrap(b);
    for (let i = 0; i < Math.max(left.length, right.length); i++) {
      lines.push(
        `${(i === 0 ? l : '').padStart(label)}  ${(left[i] ?? '').padEnd(width)}  ${right[i] ?? ''}`.trimEnd(),
      );
    }
  }
  return lines.join('\n');
}

type Row = [string, string, string];

/** The moves so far in the players' columns; each move numbered as `#N` counts it. */
export function moveList(game: LiveGame, viewer: Player | undefined, plies?: number): string {
  const head: [string, string] = [
    `${seatName(game, 0)} (${playerName(game, 0)})`,
    `${seatName(game, 1)} (${playerName(game, 1)})`,
  ];
  const rows = byKind(
    game.restored,
    (moves) => moveRows(moves, plies),
    (rounds) => roundRows(game, rounds, viewer, plies),
  );
  return rows ? columns(head, rows) : '(no moves yet)';
}

/** A game of moves: each side's moves in its column (undefined: none yet). */
function moveRows(r: SequentialPlay, plies: number | undefined): Row[] | undefined {
  const rows: Row[] = [];
  const h = r.session.history;
  let row: Row | undefined;
  const n = Math.min(plies ?? h.cursor, h.cursor);
  let i = 0;
  for (const s of n > 0 ? lineStates(r.setup.game, h, 0, n) : []) {
    const mover = r.setup.game.toMove(s)[0] ?? 0;
    const text = `${i + 1}. ${moveText(r.setup.game, s, h.moves[i])}`;
    if (!row || mover === 0 || row[2] !== '') {
      if (row) rows.push(row);
      row = ['', '', ''];
    }
    if (mover === 0) row[1] = text;
    else row[2] = text;
    i++;
  }
  if (row) rows.push(row);
  return rows.length === 0 ? undefined : rows;
}

/** A game of rounds: each round's orders and the commands between, then the round in progress as `viewer` sees it. */
function roundRows(game: LiveGame, r: RoundPlay, viewer: Player | undefined, plies: number | undefined): Row[] {
  const rows: Row[] = [];
  const session = r.session;
  const steps = (session.toJSON() as { line: { steps?: readonly unknown[]; cursor: number } }).line;
  let round = 0;
  // A replay (`plies` given) lists the steps up to there, and nobody's orders in progress.
  for (const step of (steps.steps ?? []).slice(0, Math.min(plies ?? steps.cursor, steps.cursor))) {
    if (!Array.isArray(step)) {
      rows.push(['', `(${String((step as { command?: unknown }).command ?? 'command')})`, '']);
      continue;
    }
    round++;
    const side = (p: 0 | 1) => (step[p] as string[]).filter((m) => m !== 'done').join(' ') || '-';
    rows.push([`${round}.`, side(0), side(1)]);
  }
  if (!game.finished && !session.outcome && plies === undefined) {
    const cell = (p: Player): string => {
      if (viewer === p) {
        const mine = session.viewFor(p);
        const orders = mine.ok ? mine.value.pending.filter((m) => m !== 'done') : [];
        return `${orders.join(' ') || '-'}${session.submitted(p) ? ' (sent)' : ' (not sent)'}`;
      }
      return session.submitted(p) ? '???' : '(waiting)';
    };
    rows.push([`${session.round}.`, cell(0), cell(1)]);
  }
  return rows;
}

function outcomeLine(game: LiveGame): string | undefined {
  const o = game.restored.session.outcome;
  if (!o) return undefined;
  const reason = reasonWords(o.reason);
  if (o.kind === 'draw') return `Result: a draw (${reason}).`;
  return `Result: ${playerName(game, o.winner)} (${seatName(game, o.winner)}) wins (${reason}).`;
}

function timing(game: LiveGame, now: number): string {
  const c = game.control;
  const lines: string[] = [];
  switch (c.kind) {
    case 'none':
      lines.push('Timing: no time limit.');
      break;
    case 'live':
      lines.push(`Timing: live clock, ${c.limit} per ${c.mode}${c.increment ? `, +${c.increment}s a move` : ''}.`);
      break;
    case 'correspondence':
      lines.push(
        `Timing: a reminder after ${plural(c.nagDays, 'day')} and a forfeit after ${plural(c.daysPerMove, 'day')} without a move.`,
      );
      break;
  }
  lines.push(`Started: ${formatTime(game.createdAt)}. Last change: ${formatTime(game.updatedAt)}.`);
  if (!game.finished && c.kind === 'correspondence') {
    const forfeit = game.meta.turnSince + c.daysPerMove * DAY_MS;
    const nag = game.meta.turnSince + c.nagDays * DAY_MS;
    // A vacation moves the turn's start to its end: the clock has not begun yet, and the mail says so.
    const began =
      game.meta.turnSince > now
        ? `This turn's clock starts ${formatTime(game.meta.turnSince)} (a vacation)`
        : `This turn began ${formatTime(game.meta.turnSince)}`;
    lines.push(
      `${began}; reminder ${game.meta.nagged !== undefined ? 'sent' : formatTime(nag)}; forfeit ${formatTime(forfeit)}.`,
    );
  } else if (!game.finished) {
    const due = deadlineOf(game, now);
    if (due !== null) lines.push(`Next time limit: ${formatTime(due)}.`);
  }
  return lines.join('\n');
}

export interface GameMailOptions {
  readonly now: number;
  /** The seat of the recipient (undefined: a subscriber). */
  readonly viewer?: Player;
  /** A line before the summary: what happened (`ann played f1-f4.`). */
  readonly note?: string;
  /** The comment that came with the command. */
  readonly comment?: { readonly from: string; readonly text: string };
  /** The recipient's reply address for this board. */
  readonly replyAddress?: string;
}

/** The mail of a game for one recipient. */
export function gameMail(game: LiveGame, o: GameMailOptions): MailText {
  const r = game.restored;
  const name = gameName(game.family);
  const lines: string[] = [];
  // What the move or round did where the board does not say it (a combat, a round's losses): with the move's note,
  // or for a round just carried out (its mails have no note when the last orders came through the API).
  const happened = o.note || playsInRounds(r) ? lastChangeText(game, (p) => playerName(game, p)) : undefined;
  if (o.note || happened) lines.push(...(o.note ? [o.note] : []), ...(happened ? [happened] : []), '');
  lines.push(
    `${name} board ${game.id} (${r.setup.game.info.name}): ${playerName(game, 0)} (${seatName(game, 0)}) against ${playerName(game, 1)} (${seatName(game, 1)}).`,
  );
  const toAct = playersToAct(game);
  const outcome = outcomeLine(game);
  if (outcome) lines.push(outcome);
  else if (!playsInRounds(r)) {
    const p = toAct[0];
    if (p !== undefined) {
      lines.push(`Move #${nextMoveNumber(game)}: ${seatName(game, p)} (${playerName(game, p)}) to move.`);
    }
  } else {
    lines.push(
      `Round #${nextMoveNumber(game)}: orders awaited from ${toAct.map((p) => playerName(game, p)).join(' and ') || 'nobody'}.`,
    );
  }
  const drawOffer = r.session.drawOffer;
  if (drawOffer !== undefined && !game.finished) {
    lines.push(`${playerName(game, drawOffer)} proposes a draw (accept or reject it).`);
  }
  if (game.meta.takeback && !game.finished) {
    lines.push(`${playerName(game, game.meta.takeback.by)} asks to undo their last move (accept or reject it).`);
  }
  lines.push('', moveList(game, o.viewer), '', boardText(game, o.viewer), '');
  if (o.comment) lines.push(`Comment from ${o.comment.from}:`, ...o.comment.text.split('\n').map((l) => `  ${l}`), '');
  lines.push(timing(game, o.now));
  if (o.replyAddress && !game.finished) {
    lines.push(
      '',
      !playsInRounds(r)
        ? `To move without your password, reply to ${o.replyAddress} with the move in the Subject, as "move <your move>#${nextMoveNumber(game)}".`
        : `To give your orders without your password, reply to ${o.replyAddress} with the Subject "move#${nextMoveNumber(game)}" and your orders in the body (84-64 85-65).`,
    );
  }
  return { subject: gameSubject(game), text: `${lines.join('\n')}\n` };
}

/** `ann is on vacation until …`: why a board's clock waits, while it does (a vacation's change has no other note). */
export function vacationNote(game: LiveGame, now: number): string | undefined {
  const away = game.meta.away;
  if (!away || away.until <= now || game.finished) return undefined;
  const seat = game.users.findIndex((u) => u?.id === away.user);
  const who = seat === 0 || seat === 1 ? playerName(game, seat) : 'a player';
  return `${who} is on vacation until ${formatTime(away.until)}: the clock of this board waits until then.`;
}

/** The Subject of an error about a board (or about no board). */
export function errorSubject(family: GameFamily | undefined, board: number | undefined): string {
  if (family && board !== undefined) return `${gameName(family)} Board ${board} Error`;
  if (family) return `${gameName(family)} Error`;
  return board !== undefined ? `Board ${board} Error` : 'Tactica Error';
}

/** How much of a mail an error reply quotes back to its sender. */
export interface QuoteLimit {
  /** Characters of the Subject. */
  readonly subject: number;
  /** Characters of the body (0: none), at most 60 lines of it. */
  readonly body: number;
}

/** What a reply quotes to a sender known as a player's address: enough to see what went wrong. **(ours)** */
export const QUOTE_KNOWN: QuoteLimit = { subject: 1000, body: 4000 };
/**
 * What a reply quotes to any other sender: a short excerpt of the Subject and none of the body, so that a forged
 * From cannot make the gateway bounce someone's text to a third party. **(ours)**
 */
export const QUOTE_EXCERPT: QuoteLimit = { subject: 200, body: 0 };

function excerpt(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)} [… ${text.length - max} more characters not quoted]`;
}

/** An error mail: what went wrong and where, with the original mail quoted (as much as `quote` allows). */
export function errorText(
  error: { readonly code: string; readonly message: string; readonly field?: string | undefined },
  original: { readonly subject: string; readonly body: string },
  quote: QuoteLimit = QUOTE_KNOWN,
): string {
  const where = error.field ? ` (at ${error.field})` : '';
  const body = quote.body > 0 ? ['', ...excerpt(original.body, quote.body).split('\n').slice(0, 60)] : [];
  const quoted = [`Subject: ${excerpt(original.subject, quote.subject)}`, ...body].map((l) => `> ${l}`.trimEnd());
  return [
    'Your command was not carried out, and nothing was changed.',
    '',
    `Error ${error.code}${where}: ${error.message}`,
    '',
    'Send "help" (or "<game> help") for the commands.',
    '',
    'Your mail:',
    ...quoted,
    '',
  ].join('\n');
}
