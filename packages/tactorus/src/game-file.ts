/**
 * The `++Tactorus` game text: the export of a game (manual, "Export a Tactorus game"), and, with a private
 * section, a player's save. Both end with a SHA-256 checksum over every line before it (manual, 3.1 item 11:
 * "a check-sum on all Tactorus saved games and on exported Memo Pad memo content").
 *
 *   ++Tactorus
 *   Name: friday game
 *   Round: 2                      rounds resolved
 *   Player: 1                     the seat of the player who exported or saved it
 *   Mode: e-mail                  hot-seat | e-mail | computer
 *   Level: -                      the computer's level (1–5), or -
 *   Game-Id: <32 hex>             (e-mail games) the game's random id, fixed at new
 *   Key-1: <130 hex>              (e-mail games) Player 1's public signing key, or - while not known
 *   Key-2: -                      (e-mail games) Player 2's
 *   Rules: chain                  the rule alterations now
 *   Board: <10 rows separated by />
 *   Result: -                     or 1:flag-captured, draw:flags-met, …
 *   Start-Rules: chain
 *   Start-Board: <10 rows separated by />
 *   History: 2                    then that many record lines (record.ts)
 *   Round 1: 84-64 / 15-35
 *   Round 2: 83-73 / -
 *   Orders: 64-44                 (save only) the saving player's scheduled orders, or -
 *   Done: no                      (save only) whether that player pressed Next
 *   Signing-Key: <hex>            (save only, e-mail games) that player's private signing key (PKCS#8)
 *   Released: yes                 (save only, once given) that player's key of this round was given out
 *   Sent: 0                       (save only) that player's ++TacMoves memo of this round, key included, line by line
 *   Received: 0                   (save only) the other player's sealed ++TacMoves memo of this round
 *   Checksum: <64 hex digits>
 *
 * The e-mail lines (ours) bind the game's memos to it and to their senders (orders-file.ts): an e-mail game made
 * before them has none, and is read as a legacy game whose memos can no longer be exchanged (`isLegacyEmail`).
 *
 * What goes in is decided by types: an export is made from a `PublicView` (no orders at all) and a save from the
 * saving player's own observation, so neither can hold the other side's pending orders.
 */
import {
  draw,
  err,
  inputError,
  ok,
  opponent,
  win,
  type InputError,
  type Outcome,
  type Player,
  type Result,
} from '@tactica/core';
import { checksumOf, cleanName, HEX64, LineCursor, memoLines } from './memo.js';
import { formatOrders, parseOrder } from './notation.js';
import type { TactorusObservation } from './observation.js';
import { formatBoard, formatRulesField, parseBoard, parseRulesField } from './position.js';
import { formatEvent, parseEvent, replayRecord, type RecordEvent, type TactorusRecord } from './record.js';
import type { MemoTrust } from './orders-file.js';
import { sameRules, type Order, type Rules } from './state.js';
import { GAME_ID, PRIVATE_KEY, PUBLIC_KEY } from './web-crypto.js';

export const GAME_HEADER = '++Tactorus';

export const MODES = ['hot-seat', 'e-mail', 'computer'] as const;
/** Who plays Player 2 (manual, "New game"): a person at the same screen, a person by e-mail, or the computer. */
export type Mode = (typeof MODES)[number];

export interface GameSettings {
  /** The game's name: any length, one line. */
  readonly name: string;
  readonly mode: Mode;
  /** The computer's level (1–5) when it plays Player 2. */
  readonly level?: number;
}

/** The parts of a game both players may see at any time. */
export interface PublicView {
  readonly board: string;
  readonly round: number;
  readonly rules: Rules;
  readonly outcome?: Outcome;
}

/** The private section of a player's save: only that player's own things. */
export interface PrivatePart {
  readonly orders: readonly Order[];
  readonly done: boolean;
  /** This player's ++TacMoves memo of the current round (key included), once exported. */
  readonly sent?: string;
  /** The other player's sealed ++TacMoves memo of the current round, once received. */
  readonly received?: string;
  /** E-mail games: this player's private signing key (PKCS#8 hex). */
  readonly signingKey?: string;
  /** This player's key of the current round was given out (their orders are then fixed for good). */
  readonly released?: boolean;
}

export interface GameFile {
  readonly settings: GameSettings;
  /** E-mail games: the game's id and the players' public signing keys. */
  readonly email?: MemoTrust;
  /** The seat of the player who wrote the file. */
  readonly player: Player;
  readonly record: TactorusRecord;
  readonly view: PublicView;
  readonly private?: PrivatePart;
}

/** The public view of an observation (what every export is made from). */
export function publicView(obs: TactorusObservation): PublicView {
  const v: PublicView = { board: obs.board, round: obs.round, rules: obs.rules };
  return obs.outcome ? { ...v, outcome: obs.outcome } : v;
}

function formatResult(o: Outcome | undefined): string {
  if (!o) return '-';
  return o.kind === 'draw' ? `draw:${o.reason}` : `${o.winner + 1}:${o.reason}`;
}

function publicLines(f: {
  settings: GameSettings;
  player: Player;
  record: TactorusRecord;
  view: PublicView;
  email: MemoTrust | undefined;
}): string[] {
  const email = f.email
    ? [`Game-Id: ${f.email.gameId}`, `Key-1: ${f.email.publicKeys[0] ?? '-'}`, `Key-2: ${f.email.publicKeys[1] ?? '-'}`]
    : [];
  return [
    GAME_HEADER,
    `Name: ${cleanName(f.settings.name)}`,
    `Round: ${f.view.round}`,
    `Player: ${f.player + 1}`,
    `Mode: ${f.settings.mode}`,
    `Level: ${f.settings.level ?? '-'}`,
    ...email,
    `Rules: ${formatRulesField(f.view.rules)}`,
    `Board: ${formatBoard(f.view.board)}`,
    `Result: ${formatResult(f.view.outcome)}`,
    `Start-Rules: ${formatRulesField(f.record.startRules)}`,
    `Start-Board: ${formatBoard(f.record.startBoard)}`,
    `History: ${f.record.events.length}`,
    ...f.record.events.map(formatEvent),
  ];
}

function quoted(label: string, memo: string | undefined): string[] {
  if (memo === undefined) return [`${label}: 0`];
  const lines = memoLines(memo);
  return [`${label}: ${lines.length}`, ...lines.map((l) => `> ${l}`)];
}

async function withChecksum(lines: string[]): Promise<Result<string, InputError>> {
  const sum = await checksumOf(lines);
  if (!sum.ok) return sum;
  return ok([...lines, `Checksum: ${sum.value}`].join('\n') + '\n');
}

/**
 * The game export (manual, "Export a Tactorus game"), made from public parts only: it holds no orders of either
 * player, so it can be sent to the opponent at any moment. `player` is the exporter's seat; a game made for e-mail
 * play imports as the other player.
 */
export async function exportGame(
  view: PublicView,
  record: TactorusRecord,
  settings: GameSettings,
  player: Player,
  email?: MemoTrust,
): Promise<Result<string, InputError>> {
  return withChecksum(publicLines({ settings, player, record, view, email }));
}

/**
 * A player's save: the export plus that player's private section, made from the player's own observation (their
 * orders, never the other side's) and their own memos of this round.
 */
export async function saveGame(
  obs: TactorusObservation,
  record: TactorusRecord,
  settings: GameSettings,
  memos: { readonly sent?: string; readonly received?: string; readonly released?: boolean } = {},
  email?: MemoTrust & { readonly signingKey: string },
): Promise<Result<string, InputError>> {
  const trust = email ? { gameId: email.gameId, publicKeys: email.publicKeys } : undefined;
  const lines = publicLines({ settings, player: obs.viewer, record, view: publicView(obs), email: trust });
  lines.push(
    `Orders: ${formatOrders(obs.orders, ',')}`,
    `Done: ${obs.done ? 'yes' : 'no'}`,
    ...(email ? [`Signing-Key: ${email.signingKey}`] : []),
    ...(memos.released ? ['Released: yes'] : []),
    ...quoted('Sent', memos.sent),
    ...quoted('Received', memos.received),
  );
  return withChecksum(lines);
}

const NAME = /^[^\p{Cc}]*$/u;
const NUMBER = /^(0|[1-9]\d{0,4})$/;
const PLAYER = /^[12]$/;
const MODE = /^(hot-seat|e-mail|computer)$/;
const LEVEL = /^(-|[1-9])$/;
const RULES = /^(basic|[a-z,-]+)$/;
const BOARD = /^[.FACIfaci/]{109}$/;
const RESULT = /^(-|draw:[a-z0-9-]+|[12]:[a-z0-9-]+)$/;
const PUBLIC_KEY_OR_NONE = new RegExp(`^(-|${PUBLIC_KEY.source.slice(1, -1)})$`);

function parseResult(text: string): Outcome | undefined {
  if (text === '-') return undefined;
  const [who = '', reason = ''] = text.split(':');
  return who === 'draw' ? draw(reason) : win(who === '1' ? 0 : 1, reason);
}

function sameOutcome(a: Outcome | undefined, b: Outcome | undefined): boolean {
  return formatResult(a) === formatResult(b);
}

/**
 * Reads a `++Tactorus` text: checks its layout and checksum, replays its history through the rules, and checks
 * the replay arrives at the stated round, rules, board and result. Never throws.
 */
export async function parseGameFile(text: string): Promise<Result<GameFile, InputError>> {
  if (typeof text !== 'string' || text.length > 5_000_000) {
    return err(inputError('tactorus/syntax', 'a game file is text of at most 5 MB'));
  }
  const lines = memoLines(text);
  const c = new LineCursor(lines, 'tactorus');
  const header = readHeader(c);
  if (!header.ok) return header;
  const events = readHistory(c);
  if (!events.ok) return events;
  const priv = c.peek()?.startsWith('Orders:') ? readPrivate(c) : ok(undefined);
  if (!priv.ok) return priv;
  const sealed = await checkChecksum(c, lines);
  if (!sealed.ok) return sealed;
  return fileOf(header.value, events.value, priv.value);
}

/** A game file's header fields as written: each matches its pattern, not yet checked against the history. */
interface Header {
  readonly name: string;
  readonly round: string;
  readonly player: string;
  readonly mode: string;
  readonly level: string;
  readonly email: MemoTrust | undefined;
  readonly rules: string;
  readonly board: string;
  readonly result: string;
  readonly startRules: string;
  readonly startBoard: string;
}

/** A save's private section while it is read. */
interface PrivateDraft {
  orders: Order[];
  done: boolean;
  sent?: string;
  received?: string;
  signingKey?: string;
  released?: boolean;
}

/** The header line and the fields up to the history. */
function readHeader(c: LineCursor<'tactorus'>): Result<Header, InputError> {
  const header = c.line('the header');
  if (!header.ok || header.value !== GAME_HEADER) {
    return err(inputError('tactorus/not-a-game', `a game file begins with the line "${GAME_HEADER}"`, { line: 1 }));
  }
  const name = c.field('Name', NAME);
  if (!name.ok) return name;
  const round = c.field('Round', NUMBER);
  if (!round.ok) return round;
  const player = c.field('Player', PLAYER);
  if (!player.ok) return player;
  const mode = c.field('Mode', MODE);
  if (!mode.ok) return mode;
  const level = c.field('Level', LEVEL);
  if (!level.ok) return level;
  let email: MemoTrust | undefined;
  if (c.peek()?.startsWith('Game-Id:')) {
    const gameId = c.field('Game-Id', GAME_ID);
    if (!gameId.ok) return gameId;
    const keys: (string | undefined)[] = [];
    for (const label of ['Key-1', 'Key-2']) {
      const k = c.field(label, PUBLIC_KEY_OR_NONE);
      if (!k.ok) return k;
      keys.push(k.value === '-' ? undefined : k.value);
    }
    email = { gameId: gameId.value, publicKeys: [keys[0], keys[1]] };
  }
  const rules = c.field('Rules', RULES);
  if (!rules.ok) return rules;
  const board = c.field('Board', BOARD);
  if (!board.ok) return board;
  const result = c.field('Result', RESULT);
  if (!result.ok) return result;
  const startRules = c.field('Start-Rules', RULES);
  if (!startRules.ok) return startRules;
  const startBoard = c.field('Start-Board', BOARD);
  if (!startBoard.ok) return startBoard;
  return ok({
    name: name.value,
    round: round.value,
    player: player.value,
    mode: mode.value,
    level: level.value,
    email,
    rules: rules.value,
    board: board.value,
    result: result.value,
    startRules: startRules.value,
    startBoard: startBoard.value,
  });
}

/** The history: its count, then one event a line. */
function readHistory(c: LineCursor<'tactorus'>): Result<RecordEvent[], InputError> {
  const historyCount = c.field('History', NUMBER);
  if (!historyCount.ok) return historyCount;
  const events: RecordEvent[] = [];
  for (let i = 0; i < Number(historyCount.value); i++) {
    const lineNo = c.index + 1;
    const l = c.line('the end of the history');
    if (!l.ok) return l;
    const e = parseEvent(l.value);
    if (!e.ok) return err(inputError(e.error.code, e.error.message, { line: lineNo, input: l.value.slice(0, 80) }));
    events.push(e.value);
  }
  return ok(events);
}

/** A save's private section: the player's orders, keys and memos. */
function readPrivate(c: LineCursor<'tactorus'>): Result<PrivateDraft, InputError> {
  const orders = c.field('Orders', /^(-|\d\d-\d\d(,\d\d-\d\d)*)$/);
  if (!orders.ok) return orders;
  const done = c.field('Done', /^(yes|no)$/);
  if (!done.ok) return done;
  const list: Order[] = [];
  if (orders.value !== '-') {
    for (const part of orders.value.split(',')) {
      const o = parseOrder(part);
      if (!o.ok) return o;
      list.push(o.value);
    }
  }
  const priv: PrivateDraft = { orders: list, done: done.value === 'yes' };
  if (c.peek()?.startsWith('Signing-Key:')) {
    const k = c.field('Signing-Key', PRIVATE_KEY);
    if (!k.ok) return k;
    priv.signingKey = k.value;
  }
  if (c.peek()?.startsWith('Released:')) {
    const r = c.field('Released', /^yes$/);
    if (!r.ok) return r;
    priv.released = true;
  }
  for (const label of ['Sent', 'Received'] as const) {
    const count = c.field(label, NUMBER);
    if (!count.ok) return count;
    const memo: string[] = [];
    for (let i = 0; i < Number(count.value); i++) {
      const l = c.line(`the end of the ${label} memo`);
      if (!l.ok) return l;
      if (!l.value.startsWith('> ')) return err(c.error('bad-quote', `memo lines in a save begin with "> "`));
      memo.push(l.value.slice(2));
    }
    if (memo.length) priv[label === 'Sent' ? 'sent' : 'received'] = memo.join('\n') + '\n';
  }
  return ok(priv);
}

/** The checksum line over every line before it, and nothing after it. */
async function checkChecksum(c: LineCursor<'tactorus'>, lines: readonly string[]): Promise<Result<void, InputError>> {
  const covered = lines.slice(0, c.index);
  const sum = c.field('Checksum', HEX64);
  if (!sum.ok) return sum;
  if (!c.atEnd()) return err(c.error('trailing', 'nothing may follow the checksum line'));
  const expected = await checksumOf(covered);
  if (!expected.ok) return expected;
  if (expected.value !== sum.value) {
    return err(
      inputError('tactorus/checksum', 'the checksum does not match: the game text was changed or damaged', {
        line: covered.length + 1,
      }),
    );
  }
  return ok(undefined);
}

/** Replays the history and checks it arrives at what the header states; the file's parts put together. */
function fileOf(header: Header, events: RecordEvent[], priv: PrivateDraft | undefined): Result<GameFile, InputError> {
  const { name, round, player, mode, level, email, rules, board, result, startRules, startBoard } = header;
  const parsedRules = parseRulesField(rules);
  const parsedStartRules = parseRulesField(startRules);
  const parsedBoard = parseBoard(board);
  const parsedStartBoard = parseBoard(startBoard);
  if (!parsedRules.ok) return parsedRules;
  if (!parsedStartRules.ok) return parsedStartRules;
  if (!parsedBoard.ok) return parsedBoard;
  if (!parsedStartBoard.ok) return parsedStartBoard;
  const record: TactorusRecord = {
    startBoard: parsedStartBoard.value,
    startRules: parsedStartRules.value,
    events,
  };
  const replayed = replayRecord(record);
  if (!replayed.ok) {
    return err(inputError(replayed.error.code, `history: ${replayed.error.message}`));
  }
  const s = replayed.value;
  const outcome = parseResult(result);
  if (
    s.board !== parsedBoard.value ||
    s.round !== Number(round) ||
    !sameRules(s.rules, parsedRules.value) ||
    !sameOutcome(s.ended, outcome)
  ) {
    return err(
      inputError('tactorus/inconsistent', 'the history does not lead to the stated round, rules, board and result'),
    );
  }
  const view: PublicView = s.ended
    ? { board: s.board, round: s.round, rules: s.rules, outcome: s.ended }
    : { board: s.board, round: s.round, rules: s.rules };
  const settings: GameSettings =
    level === '-' ? { name, mode: mode as Mode } : { name, mode: mode as Mode, level: Number(level) };
  const seat: Player = player === '1' ? 0 : 1;
  if (email && settings.mode !== 'e-mail') {
    return err(inputError('tactorus/inconsistent', 'only a game for e-mail play has a game id and signing keys'));
  }
  if (email && email.publicKeys[seat] === undefined) {
    return err(inputError('tactorus/inconsistent', `the file is Player ${seat + 1}'s but holds no key of theirs`));
  }
  if (priv?.signingKey !== undefined && !email) {
    return err(inputError('tactorus/inconsistent', 'a signing key belongs to an e-mail game with a game id'));
  }
  const file: GameFile = { settings, player: seat, record, view, ...(email ? { email } : {}) };
  return ok(priv ? { ...file, private: priv } : file);
}

/** The seat a file's reader takes: a game made for e-mail play imports as the other player (manual). */
export function importSeat(f: GameFile): Player {
  return f.settings.mode === 'e-mail' && !f.private ? opponent(f.player) : f.player;
}

/** An e-mail game written before memos were signed: it loads, but its memos can no longer be exchanged. */
export function isLegacyEmail(f: GameFile): boolean {
  return f.settings.mode === 'e-mail' && f.email === undefined;
}
